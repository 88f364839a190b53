import Foundation
import GalleyRender

/// Runs the command-line PDF inspectors (poppler-utils, qpdf) that tests check PDFs with.
public enum PDFTools {
    /// What a tool printed and how it exited.
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// A tool that is not installed, with the Debian package that provides it.
    public struct MissingTool: Error, CustomStringConvertible {
        public var tool: String
        public var package: String
        public var description: String { "\(tool) not found on PATH; install it with: apt-get install \(package)" }
    }

    /// `pdftotext [-layout] file -`: the document's text.
    public static func pdftotext(_ path: String, layout: Bool = false) throws -> Output {
        try run("pdftotext", (layout ? ["-layout"] : []) + [path, "-"], package: "poppler-utils")
    }

    /// `qpdf --check file`: structural validation (status 0 when clean, 3 with warnings).
    public static func qpdfCheck(_ path: String) throws -> Output {
        try run("qpdf", ["--check", path], package: "qpdf")
    }

    /// `qpdf --json file`: the object structure as JSON.
    public static func qpdfJSON(_ path: String) throws -> Output {
        try run("qpdf", ["--json", path], package: "qpdf")
    }

    /// The document rewritten uncompressed (`qpdf --qdf --object-streams=disable`), as Latin-1
    /// text, for looking at annotations, outlines and metadata.
    public static func uncompressed(_ path: String) throws -> String {
        let output = path + ".qdf"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try run("qpdf", ["--qdf", "--object-streams=disable", path, output], package: "qpdf")
        guard result.status == 0 || result.status == 3, let data = FileManager.default.contents(atPath: output) else {
            return ""
        }
        return String(data: data, encoding: .isoLatin1) ?? ""
    }

    /// `pdffonts file`: one line per font with its embedded/subset/unicode flags.
    public static func pdffonts(_ path: String) throws -> Output {
        try run("pdffonts", [path], package: "poppler-utils")
    }

    /// `pdfimages -list file`: one line per image placement with its encoding and object id.
    public static func pdfimagesList(_ path: String) throws -> Output {
        try run("pdfimages", ["-list", path], package: "poppler-utils")
    }

    /// Page `page` of a PDF rasterized by poppler (`pdftoppm -png -r DPI -singlefile`), as PNG bytes.
    public static func pdftoppm(_ path: String, resolution: Int = 72, page: Int = 1) throws -> [UInt8] {
        let prefix = path + ".page\(page)"
        defer { try? FileManager.default.removeItem(atPath: prefix + ".png") }
        let result = try run(
            "pdftoppm",
            ["-png", "-r", "\(resolution)", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, prefix],
            package: "poppler-utils")
        guard result.status == 0, let data = FileManager.default.contents(atPath: prefix + ".png") else {
            throw MissingTool(tool: "pdftoppm output for \(path) (\(result.standardError))", package: "poppler-utils")
        }
        return [UInt8](data)
    }

    /// Page `page` rasterized by pdftoppm at 72 dpi (one pixel a point) for pixel comparisons:
    /// drawn at `oversampling` times that and box-averaged down, because at 72 dpi poppler's
    /// Splash stretches an image drawn 1:1 by a pixel (a 24-pixel gradient spans 25), while
    /// at 720 dpi the stretch is a tenth of a pixel and averages out.
    public static func rasterizedAt72dpi(_ path: String, page: Int = 1, oversampling: Int = 10) throws -> ImageBuffer {
        let large = try ImageDecoder.decode(pdftoppm(path, resolution: 72 * oversampling, page: page))
        let width = large.width / oversampling
        let height = large.height / oversampling
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let area = oversampling * oversampling
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0, 0, 0, 0]
                for dy in 0..<oversampling {
                    for dx in 0..<oversampling {
                        let offset = (y * oversampling + dy) * large.stride + (x * oversampling + dx) * 4
                        for channel in 0..<4 { sums[channel] += Int(large.pixels[offset + channel]) }
                    }
                }
                for channel in 0..<4 {
                    pixels[(y * width + x) * 4 + channel] = UInt8((sums[channel] + area / 2) / area)
                }
            }
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: large.isOpaque)
    }

    /// Runs `tool` found on PATH with `arguments`.
    public static func run(_ tool: String, _ arguments: [String], package: String) throws -> Output {
        guard let executable = find(tool) else { throw MissingTool(tool: tool, package: package) }
        return try launch(executable, arguments)
    }

    /// Runs an executable and collects its exit status, standard output and standard error.
    /// Shared by every test that runs a program (the PDF tools, the galley CLI).
    /// - Parameter environment: extra variables on top of this process's environment.
    /// - Parameter standardInput: a file the process reads as its standard input.
    public static func launch(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        standardInput: URL? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let standardInput { process.standardInput = try FileHandle(forReadingFrom: standardInput) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: stdout, as: UTF8.self),
            standardError: String(decoding: stderr, as: UTF8.self))
    }

    /// The full path of an executable on PATH.
    public static func find(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
