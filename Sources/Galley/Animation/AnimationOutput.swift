import Foundation
import GalleyLayout
import GalleyRender

/// Where the frames of an animation go: one animated file (APNG, GIF, WebP) or a folder of PNGs.
public enum AnimationOutputFormat: String, Sendable, CaseIterable {
    /// An animated PNG (`.png`, `.apng`).
    case apng
    /// An animated GIF, a palette per frame (`.gif`).
    case gif
    /// An animated WebP (`.webp`).
    case webp
    /// A folder of `frame-0000.png`, `frame-0001.png`, … (a path ending in `/`, or an existing folder).
    case frames

    /// The format for `path`, or the one `name` (`--format`) gives: a folder path means frames, an extension
    /// names its format, and `name` may choose one where the path does not, never contradict it.
    /// - Throws: ``AnimationOutputError`` for an unknown name or extension, or a name the path contradicts.
    public static func resolve(path: String, name: String? = nil) throws(AnimationOutputError)
        -> AnimationOutputFormat
    {
        var requested: AnimationOutputFormat?
        if let name {
            guard let format = AnimationOutputFormat(rawValue: name.lowercased()) else { throw .unknownFormat(name) }
            requested = format
        }
        let implied = try implied(by: path)
        switch (requested, implied) {
        case (let requested?, let implied?) where requested != implied:
            throw .contradiction(path: path, format: requested, implied: implied)
        case (let requested?, _): return requested
        case (nil, let implied?): return implied
        case (nil, nil): throw .noFormat(path)
        }
    }

    /// What the path alone says: frames for a folder, the extension's format, nil without an extension.
    static func implied(by path: String) throws(AnimationOutputError) -> AnimationOutputFormat? {
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        {
            return .frames
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = String(name[name.index(after: dot)...])
        guard let format = AnimationFormat(pathExtension: ext) else { throw .unknownExtension(path: path, ext: ext) }
        switch format {
        case .apng: return .apng
        case .gif: return .gif
        case .webp: return .webp
        }
    }

    /// The encoder, for the formats that make one file.
    public var encoder: AnimationFormat? {
        switch self {
        case .apng: .apng
        case .gif: .gif
        case .webp: .webp
        case .frames: nil
        }
    }
}

/// Why an animation's output format is not clear.
public enum AnimationOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--format` named no format.
    case unknownFormat(String)
    /// The output's extension names no animation format.
    case unknownExtension(path: String, ext: String)
    /// The extension says one format, `--format` another.
    case contradiction(path: String, format: AnimationOutputFormat, implied: AnimationOutputFormat)
    /// Neither an extension nor `--format`.
    case noFormat(String)

    /// One sentence with the fix.
    public var description: String {
        let known = "use .png or .apng (APNG), .gif, .webp, a folder ending in / (PNG frames), or --format"
        return switch self {
        case .unknownFormat(let name): "unknown format '\(name)' (apng, gif, webp, frames)"
        case .unknownExtension(let path, let ext): "\(path): '.\(ext)' is not an animation format (\(known))"
        case .contradiction(let path, let format, let implied):
            "\(path) is a \(implied.rawValue) path but --format says \(format.rawValue); make them agree"
        case .noFormat(let path): "\(path) has no extension (\(known))"
        }
    }
}

/// Renders an animation's frames and writes them in one format: the one way `galley animate`, the benchmark
/// and library users turn a sampled animation into files.
public struct AnimationWriter {
    /// The output format.
    public var format: AnimationOutputFormat
    /// Pixels per point.
    public var scale: Double
    /// Each frame's duration in seconds.
    public var frameDuration: Double
    /// How many times an animated file plays (0 = forever).
    public var loops: Int
    /// GIF dithering, WebP quality and the other encoder knobs.
    public var encoding: AnimationEncodingOptions

    /// Creates a writer.
    public init(
        format: AnimationOutputFormat, scale: Double = 1, frameDuration: Double = 1.0 / 30, loops: Int = 0,
        encoding: AnimationEncodingOptions = AnimationEncodingOptions()
    ) {
        self.format = format
        self.scale = scale
        self.frameDuration = frameDuration
        self.loops = loops
        self.encoding = encoding
    }

    /// Renders `pages` and writes them to `path` (a file, or a folder for ``AnimationOutputFormat/frames``);
    /// every file is written atomically, and a frames folder's files are renamed into place together.
    /// - Returns: the files written.
    @discardableResult
    public func write(_ pages: [DisplayPage], to path: String) throws -> [String] {
        guard let encoder = format.encoder else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let staged = StagedFiles()
            for (index, page) in pages.enumerated() {
                let bytes = try PNGEncoder.encode(try RasterRenderer.render(page, scale: scale))
                try staged.stage(bytes, at: (path as NSString).appendingPathComponent(Self.frameName(index)))
            }
            try staged.commit()
            return staged.paths
        }
        let frames = try render(pages)
        try FileOutput.writeAtomically(try encode(frames, with: encoder), to: path)
        return [path]
    }

    /// The pages as bitmaps at ``scale``.
    public func render(_ pages: [DisplayPage]) throws -> [ImageBuffer] {
        var frames: [ImageBuffer] = []
        frames.reserveCapacity(pages.count)
        for page in pages { frames.append(try RasterRenderer.render(page, scale: scale)) }
        return frames
    }

    /// The bitmaps as one animated file's bytes.
    public func encode(_ frames: [ImageBuffer], with encoder: AnimationFormat) throws -> [UInt8] {
        try encoder.encode(frames: frames, delays: [frameDuration], loops: loops, options: encoding)
    }

    /// `frame-0000.png`, `frame-0001.png`, …
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }
}
