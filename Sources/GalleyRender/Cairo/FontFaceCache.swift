import CCairo
import Glibc

/// Owns one `cairo_font_face_t` drawing with a FreeType face of its own.
///
/// cairo locks a font's FreeType face, and each of its scaled fonts, around every use (glyph
/// extents, glyph images, the PDF subsetter's table reads). Faces shared by every thread made
/// two workers drawing the same font wait for each other thousands of times per thousand
/// invoices, so each thread draws with faces of its own (``FontFaceCache``). A face may still
/// be used from another thread (a PDF surface finished elsewhere): cairo's locks keep that safe.
final class CairoFontFace: @unchecked Sendable {
    // Safety of `@unchecked Sendable`: `pointer` is immutable, and cairo font faces are
    // reference-counted atomically and lock their FreeType face around every use.
    let pointer: OpaquePointer

    init(_ resource: FontResource) throws(RenderError) {
        // A clear error for an unreadable file, before FreeType's number.
        guard access(resource.path, R_OK) == 0 else {
            throw RenderError.io(path: resource.path, message: "font file is not readable")
        }
        var error: Int32 = 0
        guard let pointer = ccairo_font_face_create_for_file(resource.path, resource.faceIndex, &error) else {
            if error != 0 {
                throw RenderError.io(
                    path: resource.path,
                    message: "not a font FreeType can read (face \(resource.faceIndex), FreeType error \(error))")
            }
            throw RenderError.cairo(operation: "font face for \(resource.path)", status: "out of memory")
        }
        self.pointer = pointer
    }

    deinit { cairo_font_face_destroy(pointer) }
}

/// The cairo font face of each font file, one set per thread: two threads drawing the same
/// font never wait for each other's cairo locks. A thread's faces are released when it ends
/// (cairo keeps a face alive while its scaled fonts are cached).
final class FontFaceCache: Sendable {
    static let shared = FontFaceCache()

    /// Faces for every thread, used only if the thread-local slot could not be created.
    private let sharedFaces = Locked<[FontResource: CairoFontFace]>([:])

    /// The calling thread's face for `resource`, made on first use.
    func face(for resource: FontResource) throws(RenderError) -> CairoFontFace {
        guard let faces = ThreadFontFaces.current else {
            if let face = sharedFaces.withLock({ $0[resource] }) { return face }
            let created = try CairoFontFace(resource)
            return sharedFaces.withLock { faces in
                if let existing = faces[resource] { return existing }
                faces[resource] = created
                return created
            }
        }
        if let face = faces.faces[resource] { return face }
        let created = try CairoFontFace(resource)
        faces.faces[resource] = created
        return created
    }
}

/// One thread's cairo font faces.
private final class ThreadFontFaces {
    var faces: [FontResource: CairoFontFace] = [:]

    private static let perThread = ThreadLocal { ThreadFontFaces() }

    /// The calling thread's faces (made on first use); nil when no thread-local slot exists.
    static var current: ThreadFontFaces? { perThread.current }
}
