// libqpdf, loaded on first use (include/CQPDF.h, lazy_library.h).
#include "CQPDF.h"

GALLEY_LAZY_LIBRARY(qpdf, "libqpdf.so.29", "libqpdf29", GALLEY_QPDF_FUNCTIONS)
