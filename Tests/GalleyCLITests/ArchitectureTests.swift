import Foundation
import Testing

/// The layering rules of docs/architecture.md, checked on the sources.
@Suite("architecture")
struct ArchitectureTests {
    /// Layers from the bottom up; a target may import only targets of a lower rank.
    static let layers = [
        "GalleyLayout", "GalleyRender", "GalleyText", "Galley", "GalleyTemplates", "GalleyReport", "GalleyBatch",
        "GalleyServe", "galley",
    ]
    /// Each layer's rank. GalleyTemplates and GalleyReport are siblings on top of Galley (two
    /// front ends over the same nodes): neither may import the other.
    static let rank: [String: Int] = [
        "GalleyLayout": 0, "GalleyRender": 1, "GalleyText": 2, "Galley": 3, "GalleyTemplates": 4, "GalleyReport": 4,
        "GalleyBatch": 5, "GalleyServe": 6, "galley": 7,
    ]
    /// Example programs and tools (not layers), with the layer each is written with: each may import
    /// the library layers, never the CLI or batch.
    static let examples = ["Examples/Report": "GalleyReport", "Sources/galley-fuzz": "GalleyTemplates"]
    /// The one Swift target allowed to import each C module.
    static let cOwners = [
        "CCairo": "GalleyRender", "CImageCodecs": "GalleyRender", "CGif": "GalleyRender", "CWebP": "GalleyRender",
        "CFreeType": "GalleyText",
        "CHarfBuzz": "GalleyText", "CFontconfig": "GalleyText", "CICU": "GalleyText", "CHyphen": "GalleyText",
        "CMimalloc": "GalleyAllocator", "CQPDF": "GalleyRender", "CMicroHTTPD": "GalleyServe",
        "CRsvg": "GalleyRender", "CZint": "GalleyRender",
    ]
    /// C modules no Swift target imports: CLazyLoader is reached through each lazily loaded library's own module
    /// (its `galley_<lib>_load()`).
    static let cOnly = ["CLazyLoader"]

    static func imports(of target: String) throws -> [(file: String, module: String)] {
        try imports(atPath: "Sources/\(target)")
    }

    static func imports(atPath path: String) throws -> [(file: String, module: String)] {
        let root = CLIRunner.packageRoot.appendingPathComponent(path)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result = [(String, String)]()
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.hasPrefix("import ") || line.hasPrefix("@preconcurrency import ") {
                if let module = line.split(separator: " ").last { result.append((file, String(module))) }
            }
        }
        return result
    }

    @Test(arguments: layers)
    func importsPointDownOnly(target: String) throws {
        let index = Self.rank[target] ?? 0
        for (file, module) in try Self.imports(of: target) {
            if let other = Self.rank[module] {
                #expect(other < index, "\(target)/\(file) imports \(module), a layer above or equal")
            }
            if let owner = Self.cOwners[module] {
                #expect(owner == target, "\(target)/\(file) imports \(module); only \(owner) wraps it")
            }
            #expect(!Self.cOnly.contains(module), "\(target)/\(file) imports \(module), which only C targets use")
        }
    }

    @Test(arguments: examples.keys.sorted())
    func examplesUseTheLibraryOnly(path: String) throws {
        let found = try Self.imports(atPath: path)
        #expect(
            found.contains { $0.module == Self.examples[path] }, "\(path) is written with \(Self.examples[path] ?? "")")
        for (file, module) in found {
            #expect(!["galley", "GalleyBatch", "GalleyServe"].contains(module), "\(path)/\(file) imports \(module)")
            #expect(Self.cOwners[module] == nil, "\(path)/\(file) imports the C module \(module)")
        }
    }

    @Test func layoutIsPureSwift() throws {
        for (file, module) in try Self.imports(of: "GalleyLayout") {
            #expect(module == "Foundation" || module.hasPrefix("Galley"), "GalleyLayout/\(file) imports \(module)")
        }
    }

    @Test(arguments: layers)
    func noCTypesInPublicSignatures(target: String) throws {
        let root = CLIRunner.packageRoot.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: root.path)
        let cTypes = try Regex(
            "\\b(cairo_[a-z_]+_t|hb_[a-z_]+_t|FT_[A-Z][A-Za-z]+|OpaquePointer|UBreakIterator|FcPattern)\\b")
        while let file = files?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("public ") || line.contains("open ") {
                #expect(
                    line.firstMatch(of: cTypes) == nil, "C type in a public declaration: \(target)/\(file): \(line)")
            }
        }
    }
}
