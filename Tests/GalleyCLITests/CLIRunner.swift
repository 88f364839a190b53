import Foundation
import GalleyTestSupport

/// Runs the built `galley` executable (the one `swift build` put next to the test bundle).
enum CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["GALLEY_BIN"] { return path }
        // The test bundle lives in .build/<triple>/<config>/; the executable beside it.
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.appendingPathComponent("galley").path,
            bundle.deletingLastPathComponent().appendingPathComponent("galley").path,
            packageRoot.appendingPathComponent(".build/debug/galley").path,
        ]
        return candidates.first(where: FileManager.default.isExecutableFile(atPath:)) ?? candidates[2]
    }

    /// - Parameters:
    ///   - environment: extra variables on top of this process's environment.
    ///   - standardInput: a file galley reads as its standard input (`--data -`).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        standardInput: URL? = nil
    ) throws -> Result {
        let output = try PDFTools.launch(
            executable, arguments, in: directory ?? packageRoot, environment: environment, standardInput: standardInput)
        return Result(status: output.status, stdout: output.standardOutput, stderr: output.standardError)
    }

    /// Runs any tool (pdftotext, qpdf, …) and returns its output.
    static func tool(_ name: String, _ arguments: [String]) throws -> Result {
        try launch("/usr/bin/env", [name] + arguments, in: nil, environment: [:])
    }

    private static func launch(_ path: String, _ arguments: [String], in directory: URL?, environment: [String: String])
        throws -> Result
    {
        let output = try PDFTools.launch(path, arguments, in: directory, environment: environment)
        return Result(status: output.status, stdout: output.standardOutput, stderr: output.standardError)
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count > 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return (0, 0) }
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
