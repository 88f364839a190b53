import CCairo
import Glibc

/// Owns one `cairo_font_face_t`. cairo font faces are reference-counted atomically and lock
/// their FreeType face around every use, so one face is shared by all threads (toolchain notes §3).
final class CairoFontFace: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ resource: FontResource) throws(RenderError) {
        // cairo opens the file lazily and would only fail at the first draw, leaving the
        // context in a sticky error state; check readability up front for a clear error.
        guard access(resource.path, R_OK) == 0 else {
            throw RenderError.io(path: resource.path, message: "font file is not readable")
        }
        guard let pointer = ccairo_font_face_create_for_file(resource.path, Int32(clamping: resource.faceIndex)) else {
            throw RenderError.cairo(operation: "font face for \(resource.path)", status: "NULL face")
        }
        let status = cairo_font_face_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(pointer)
            try checkCairo(status, "font face for \(resource.path)")
            throw RenderError.cairo(operation: "font face for \(resource.path)", status: "unknown")
        }
        self.pointer = pointer
    }

    deinit { cairo_font_face_destroy(pointer) }
}

/// The process-wide map from font files to cairo font faces, built on first use.
final class FontFaceCache: Sendable {
    static let shared = FontFaceCache()

    private let faces = Locked<[FontResource: CairoFontFace]>([:])

    func face(for resource: FontResource) throws(RenderError) -> CairoFontFace {
        if let face = faces.withLock({ $0[resource] }) { return face }
        let created = try CairoFontFace(resource)
        // Another thread may have won the race; keep the first face so everyone shares one.
        return faces.withLock { faces in
            if let existing = faces[resource] { return existing }
            faces[resource] = created
            return created
        }
    }
}
