import Foundation

/// Locates and reads the text fixtures (Tests/GalleyTextTests/Fixtures/…).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    /// Non-empty, non-comment lines of a fixture file.
    static func lines(_ relative: String) throws -> [String] {
        try String(contentsOf: url(relative), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
            .filter { !$0.hasPrefix("#") }
    }
}
