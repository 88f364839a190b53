// librsvg, loaded on first use (include/CRsvg.h, lazy_library.h); GLib's, GObject's and GIO's functions are looked
// up through it (dlsym searches a library's dependencies).
#include "CRsvg.h"

GALLEY_LAZY_LIBRARY(rsvg, "librsvg-2.so.2", "librsvg2-2", GALLEY_RSVG_FUNCTIONS)
