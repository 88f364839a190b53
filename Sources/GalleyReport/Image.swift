import Foundation
import Galley
import GalleyLayout
import GalleyRender

/// A bitmap (`ImageNode`), at its pixel size in points unless framed.
public struct Image: ReportContent {
    private enum Source {
        case buffer(ImageBuffer)
        case file(String)
    }

    private let source: Source
    public var contentMode: ContentMode

    /// An image already decoded.
    public init(_ image: ImageBuffer, contentMode: ContentMode = .scaleAspectFit) {
        source = .buffer(image)
        self.contentMode = contentMode
    }

    /// A PNG or JPEG file, read and decoded when the document is built.
    public init(path: String, contentMode: ContentMode = .scaleAspectFit) {
        source = .file(path)
        self.contentMode = contentMode
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [ImageNode(image: try image(), contentMode: contentMode)]
    }

    private func image() throws -> ImageBuffer {
        switch source {
        case .buffer(let image): return image
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ReportError("cannot read image \(path)")
            }
            do {
                return try ImageDecoder.decode([UInt8](data))
            } catch {
                throw ReportError("cannot decode image \(path): \(error)")
            }
        }
    }
}
