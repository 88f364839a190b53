import CCairo

/// Turns a cairo status into a `RenderError` naming `operation` (the one status helper).
@inline(__always)
func checkCairo(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(RenderError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw RenderError.cairo(operation: operation(), status: String(cString: cairo_status_to_string(status)))
}

/// Owns one `cairo_surface_t` and destroys it in `deinit`.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes ownership of a newly created surface and checks its status.
    init(owning pointer: OpaquePointer?, operation: String) throws(RenderError) {
        guard let pointer else { throw RenderError.cairo(operation: operation, status: "NULL surface") }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            try checkCairo(status, operation)
            throw RenderError.cairo(operation: operation, status: "unknown")
        }
        self.pointer = pointer
    }

    deinit { cairo_surface_destroy(pointer) }

    func checkStatus(_ operation: String) throws(RenderError) {
        try checkCairo(cairo_surface_status(pointer), operation)
    }

    /// Finishes the surface (a PDF writes its trailer here) and checks the result.
    func finish(_ operation: String) throws(RenderError) {
        cairo_surface_finish(pointer)
        try checkStatus(operation)
    }
}

/// Owns one `cairo_t` (a drawing context) and destroys it in `deinit`.
final class CairoContext {
    let pointer: OpaquePointer
    /// Keeps the target alive at least as long as the context.
    let surface: CairoSurface

    init(surface: CairoSurface) throws(RenderError) {
        guard let pointer = cairo_create(surface.pointer) else {
            throw RenderError.cairo(operation: "cairo_create", status: "NULL context")
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            try checkCairo(status, "cairo_create")
            throw RenderError.cairo(operation: "cairo_create", status: "unknown")
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit { cairo_destroy(pointer) }

    func checkStatus(_ operation: String) throws(RenderError) {
        try checkCairo(cairo_status(pointer), operation)
    }
}

/// Owns one `cairo_font_options_t`: no hinting, unhinted metrics, grayscale antialiasing, so
/// glyphs land exactly on HarfBuzz's positions at every scale.
final class CairoFontOptions {
    let pointer: OpaquePointer

    init() throws(RenderError) {
        guard let pointer = cairo_font_options_create() else {
            throw RenderError.cairo(operation: "cairo_font_options_create", status: "NULL options")
        }
        self.pointer = pointer
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        try checkCairo(cairo_font_options_status(pointer), "cairo_font_options_create")
    }

    deinit { cairo_font_options_destroy(pointer) }
}
