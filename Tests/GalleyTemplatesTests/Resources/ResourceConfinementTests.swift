import Foundation
import GalleyTemplates
import GalleyText
import Testing

/// Images and font folders resolve only inside the template's folder and the folders the
/// policy allows; everything else is refused without looking at it (docs/security.md).
@Suite("resource confinement")
struct ResourceConfinementTests {
    /// The hostile paths of issue 14, as written in a template (`ROOT` is the sandbox).
    static let hostile = [
        "../outside.png", "ROOT/outside.png", "sub/../../outside.png", "link.png", "up/outside.png",
        "../../../../etc/passwd", "/etc/shadow", "/proc/self/environ",
    ]

    @Test(arguments: ResourceConfinementTests.hostile)
    func pathsLeavingTheFoldersAreRefused(source: String) throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let src = source.replacingOccurrences(of: "ROOT", with: sandbox.root.path)
        let message = try #require(ResourceSandbox.bindError(try sandbox.imageTemplate(src)))
        #expect(message.contains("$.body.src"), "\(message)")
        #expect(message.contains("outside the folders resources may come from"), "\(message)")
        #expect(message.contains("--allow-dir"), "\(message)")
        // Nothing about the outside file: the message for a file that is there is the message
        // for one that is not, with the name changed (no size, no "no such file").
        let absent = src.replacingOccurrences(of: "outside.png", with: "absent.png")
            .replacingOccurrences(of: "passwd", with: "absent").replacingOccurrences(of: "shadow", with: "absent")
            .replacingOccurrences(of: "environ", with: "absent")
        let other = try #require(ResourceSandbox.bindError(try sandbox.imageTemplate(absent)))
        let normalised = message.replacingOccurrences(of: "outside.png", with: "absent.png")
            .replacingOccurrences(of: "passwd", with: "absent").replacingOccurrences(of: "shadow", with: "absent")
            .replacingOccurrences(of: "environ", with: "absent")
        if src != absent {
            #expect(normalised == other)
        }
        #expect(!message.contains("bytes") && !message.contains("does not exist"), "\(message)")
    }

    @Test(arguments: [
        "in.png", "./in.png", "sub/../in.png", "good-link.png", "ROOT/tmpl/in.png", "ROOT/tmpl/../tmpl/in.png",
    ])
    func pathsInsideTheTemplateFolderLoad(source: String) throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let src = source.replacingOccurrences(of: "ROOT", with: sandbox.root.path)
        #expect(ResourceSandbox.bindError(try sandbox.imageTemplate(src)) == nil)
    }

    @Test func allowedFoldersAreReachableOnlyWhenAllowed() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let allowed = ResourcePolicy(allowedFolders: [sandbox.root.appendingPathComponent("allowed").path])
        for src in ["../allowed/shared.png", sandbox.root.path + "/allowed/shared.png"] {
            #expect(ResourceSandbox.bindError(try sandbox.imageTemplate(src, policy: allowed)) == nil, "\(src)")
            #expect(ResourceSandbox.bindError(try sandbox.imageTemplate(src))?.contains("outside the folders") == true)
        }
        // Still nothing else: the allowed folder's parent is only a way through.
        let message = ResourceSandbox.bindError(try sandbox.imageTemplate("../outside.png", policy: allowed))
        #expect(message?.contains("the template's folder and the allowed folders") == true, "\(message ?? "")")
        #expect(throws: TemplateError.self) {
            try sandbox.imageTemplate("in.png", policy: ResourcePolicy(allowedFolders: [sandbox.root.path + "/nope"]))
        }
    }

    @Test(arguments: ["in.png\u{0}.jpg", "in\n.png", "\u{7f}in.png", "in.png\u{85}"])
    func controlCharactersInPathsAreErrors(source: String) throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let message = try #require(ResourceSandbox.bindError(try sandbox.imageTemplate(source)))
        #expect(message.contains("contains the control character U+"), "\(message)")
        // A NUL does not cut the path short (to "in.png", which exists).
        #expect(!message.contains("\u{0}"))
    }

    @Test(arguments: ["file:///etc/passwd", "http://example.com/logo.png", "", "..", "/", "sub"])
    func urlsFoldersAndEmptyPathsAreErrors(source: String) throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let message = try #require(ResourceSandbox.bindError(try sandbox.imageTemplate(source)))
        #expect(message.contains("$.body.src"), "\(message)")
    }

    @Test func dataBoundSourcesAreCheckedPerRecord() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let template = try sandbox.imageTemplate("{{src}}")
        let records = ["in.png", "../outside.png", "in.png", "/etc/shadow", "good-link.png"]
        let results = records.enumerated().map { index, src in
            ResourceSandbox.bindError(template, .object(JSONObject([("src", .string(src))])), record: index)
        }
        #expect(results[0] == nil && results[2] == nil && results[4] == nil)
        #expect(results[1]?.contains("record 1: image \"../outside.png\" is outside") == true, "\(results[1] ?? "")")
        #expect(results[3]?.contains("record 3: image \"/etc/shadow\" is outside") == true, "\(results[3] ?? "")")
    }

    @Test func fontFoldersAreConfinedAndMustExist() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        func fontsTemplate(_ folders: String) throws -> Template {
            try Template(
                text: "{galley: 1, size: [100, 100], fonts: \(folders), body: {type: \"box\"}}", file: "f.json",
                directory: sandbox.template.path)
        }
        let cases = [
            ("[\"/\"]", "outside the folders"), ("[\"../\"]", "outside the folders"),
            ("[\"missing\"]", "does not exist"), ("[\"in.png\"]", "is a file"), ("[\"up\"]", "symbolic link"),
        ]
        for (folders, expected) in cases {
            do {
                _ = try fontsTemplate(folders)
                Issue.record("\(folders) loaded")
            } catch {
                #expect("\(error)".contains("$.fonts[0]") && "\(error)".contains(expected), "\(error)")
            }
        }
        // Inside, the folder's own font is found and the link out of it is skipped, unread.
        let template = try fontsTemplate("[\"fonts\"]")
        let paths = RenderResources.forTemplate(template).fonts.faces.map(\.resource.path)
        #expect(
            paths.contains(sandbox.template.path + "/fonts/Sans.ttf")
                || paths.contains { $0.hasSuffix("/fonts/Sans.ttf") })
        #expect(!paths.contains { $0.hasSuffix("outside-font.ttf") || $0.hasSuffix("evil.ttf") }, "\(paths)")
        // Galley's bundled fonts stay available beside the template's own.
        let bundled = try #require(ResourceFolders.canonical(FontRegistry.bundledFontsFolder))
        #expect(paths.contains(bundled + "/LiberationSerif-Bold.ttf"), "\(paths)")
    }
}
