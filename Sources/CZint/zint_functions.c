// libzint, loaded on first use (include/CZint.h, lazy_library.h).
#include "CZint.h"

GALLEY_LAZY_LIBRARY(zint, "libzint.so.2.11", "libzint2.11", GALLEY_ZINT_FUNCTIONS)
