/// One face of a font file, as the renderers load it: the file's path and the face's index
/// inside it (non-zero only for collections such as `.ttc`).
///
/// The text layer shapes with its own HarfBuzz objects; the renderers open the same file
/// through cairo. Naming the face by file keeps the display list free of C objects.
public struct FontResource: Hashable, Sendable {
    public var path: String
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
