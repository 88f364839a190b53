// giflib, loaded on first use (include/CGif.h, lazy_library.h).
#include "CGif.h"

GALLEY_LAZY_LIBRARY(gif, "libgif.so.7", "libgif7", GALLEY_GIF_FUNCTIONS)
