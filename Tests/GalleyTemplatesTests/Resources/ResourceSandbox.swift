import Foundation
import GalleyRender
import GalleyTemplates

/// A folder tree for confinement tests, fresh per test:
///
/// ```
/// root/
///   outside.png, outside-font.ttf      what a template must never reach
///   allowed/shared.png                  reachable only through ResourcePolicy.allowedFolders
///   tmpl/                               the template's folder
///     in.png, a.png, b.png, c.png       100 x 100 each (in.png 4 x 4)
///     sub/                              an empty folder
///     link.png -> ../outside.png        a link that leaves
///     up -> ..                          a linked folder that leaves
///     good-link.png -> in.png           a link that stays
///     fonts/Sans.ttf, fonts/evil.ttf -> ../../outside-font.ttf
/// ```
struct ResourceSandbox {
    let root: URL
    var template: URL { root.appendingPathComponent("tmpl") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-confine-\(UUID().uuidString)")
        let manager = FileManager.default
        for folder in ["tmpl/sub", "tmpl/fonts", "allowed"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Self.png(width: 4, height: 4).write(to: root.appendingPathComponent("tmpl/in.png"))
        for name in ["a", "b", "c"] {
            try Self.png(width: 100, height: 100).write(to: root.appendingPathComponent("tmpl/\(name).png"))
        }
        try Self.png(width: 3, height: 3).write(to: root.appendingPathComponent("outside.png"))
        try Self.png(width: 5, height: 5).write(to: root.appendingPathComponent("allowed/shared.png"))
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts")
        try manager.copyItem(
            at: fonts.appendingPathComponent("LiberationSans-Regular.ttf"),
            to: root.appendingPathComponent("tmpl/fonts/Sans.ttf"))
        try manager.copyItem(
            at: fonts.appendingPathComponent("LiberationMono-Regular.ttf"),
            to: root.appendingPathComponent("outside-font.ttf"))
        let links = [
            ("tmpl/link.png", "../outside.png"), ("tmpl/up", ".."), ("tmpl/good-link.png", "in.png"),
            ("tmpl/fonts/evil.ttf", "../../outside-font.ttf"),
        ]
        for (link, target) in links {
            try manager.createSymbolicLink(atPath: root.appendingPathComponent(link).path, withDestinationPath: target)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A canvas template in the sandbox's template folder with one image, `src` as given.
    func imageTemplate(_ src: String, policy: ResourcePolicy = ResourcePolicy()) throws -> Template {
        try Template(
            text: "{galley: 1, size: [100, 100], body: {type: \"image\", src: \(Self.jsonString(src))}}",
            file: "t.json", directory: template.path, policy: policy)
    }

    /// The error binding `template` gives (nil when it binds).
    static func bindError(_ template: Template, _ data: JSONValue = .object(JSONObject()), record: Int? = nil)
        -> String?
    {
        do {
            _ = try template.bind(data, recordIndex: record)
            return nil
        } catch {
            return error.description
        }
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                result +=
                    scalar.value < 0x20 || scalar.value == 0x7F
                    ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }
        return result + "\""
    }

    /// An opaque grey PNG.
    static func png(width: Int, height: Int) throws -> Data {
        let pixels = [UInt8](repeating: 0, count: width * height).flatMap { _ in [0x80, 0x80, 0x80, 0xFF] as [UInt8] }
        let image = ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: true)
        return Data(try PNGEncoder.encode(image))
    }
}
