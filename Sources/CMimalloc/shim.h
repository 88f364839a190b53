// mimalloc (Debian libmimalloc-dev). Linking libmimalloc.so into an executable replaces
// malloc/free for the whole process (Swift runtime, cairo, zlib, HarfBuzz included).
#include <mimalloc.h>
