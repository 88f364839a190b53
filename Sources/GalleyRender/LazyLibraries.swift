/// The C libraries GalleyRender loads when a document first needs them instead of linking them: librsvg (SVG
/// images), libqpdf (PDF post-processing), libzint (barcodes), giflib, libwebp and libtiff (those image formats).
/// A cold process that needs none of them does not map or relocate them (docs/architecture.md, "Start-up").
///
/// Each wrapper calls its library's `galley_<lib>_load()` (CLazyLoader, through the library's C module) before any
/// other call into it and passes the answer to ``check(_:)``: a library that is not installed becomes an error
/// naming it and its Debian package, never a crash.
enum LazyLibrary {
    /// Throws ``RenderError/libraryUnavailable(_:)`` with `failure`, what a `galley_<lib>_load()` returned when
    /// the library could not be loaded; returns when it is nil (the library is loaded).
    static func check(_ failure: UnsafePointer<CChar>?) throws(RenderError) {
        if let failure { throw RenderError.libraryUnavailable(String(cString: failure)) }
    }
}
