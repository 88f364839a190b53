#ifndef GALLEY_CQPDF_SHIM_H
#define GALLEY_CQPDF_SHIM_H
// libqpdf's C API (Debian libqpdf-dev): read a PDF, add and rewrite objects, write it back,
// optionally encrypted. Wrapped once, by GalleyRender's QPDFDocument.
#include <qpdf/qpdf-c.h>
#endif
