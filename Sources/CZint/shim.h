#ifndef GALLEY_CZINT_SHIM_H
#define GALLEY_CZINT_SHIM_H
// libzint 2.11: encodes barcodes and lays out their modules as rectangles (vector output). Errors are return
// codes with a message in the symbol; GalleyRender's BarcodeEncoder is the only user. zint's fixed-size char
// arrays import into Swift as tuples, so these accessors hand them over as C strings.
#include <zint.h>

static inline const char *galley_zint_errtxt(const struct zint_symbol *symbol) { return symbol->errtxt; }
static inline const unsigned char *galley_zint_text(const struct zint_symbol *symbol) { return symbol->text; }
#endif
