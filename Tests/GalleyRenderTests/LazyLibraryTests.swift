import CGif
import CLazyLoader
import CQPDF
import CRsvg
import CWebP
import CZint
import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyRender

/// The C libraries GalleyRender loads on first use (CLazyLoader, docs/architecture.md "Start-up"): each loads here
/// with every function it is asked for; a missing library or function is an error naming it and its Debian package,
/// which the wrappers throw as `RenderError.libraryUnavailable`; and CRsvg's own declarations of librsvg's API agree
/// with librsvg's headers.
@Suite("lazily loaded libraries")
struct LazyLibraryTests {
    @Test func everyLibraryLoadsWithEveryFunction() {
        let answers = [
            "librsvg": galley_rsvg_load(), "libqpdf": galley_qpdf_load(), "libzint": galley_zint_load(),
            "giflib": galley_gif_load(), "libwebpmux": galley_webp_encoder_load(),
            "libwebpdemux": galley_webp_decoder_load(),
        ]
        for (library, failure) in answers {
            #expect(failure == nil, "\(library): \(failure.map { String(cString: $0) } ?? "")")
        }
    }

    @Test func aMissingLibraryIsATypedErrorNamingItsPackage() throws {
        let opened = Self.open("libgalley-missing.so.1", package: "galley-missing", symbols: ["galley_missing"])
        #expect(!opened.loaded)
        #expect(opened.message.hasPrefix("libgalley-missing.so.1 cannot be loaded (libgalley-missing.so.1: "))
        #expect(opened.message.hasSuffix("; install the Debian package galley-missing"))
        #expect(opened.functions == [nil])
        do {
            try opened.message.withCString { try LazyLibrary.check($0) }
            Issue.record("no error for a library that did not load")
        } catch let error as RenderError {
            guard case .libraryUnavailable(let message) = error else {
                Issue.record("not .libraryUnavailable: \(error)")
                return
            }
            #expect(message == opened.message)
            #expect(error.description == opened.message)
        }
    }

    @Test func aMissingFunctionIsAnErrorNamingIt() {
        let opened = Self.open("libz.so.1", package: "zlib1g", symbols: ["zlibVersion", "galley_no_such_function"])
        #expect(!opened.loaded)
        #expect(
            opened.message
                == "libz.so.1 has no function galley_no_such_function: install the Debian package zlib1g of the "
                + "version Galley was built with")
    }

    /// A function found by the loader is the library's own: zlib's version as Python's zlib module reports it.
    @Test func aLoadedFunctionIsTheLibrarysOwn() throws {
        let opened = Self.open("libz.so.1", package: "zlib1g", symbols: ["zlibVersion"])
        #expect(opened.loaded, "\(opened.message)")
        let address = try #require(opened.functions.first ?? nil)
        let zlibVersion = unsafeBitCast(address, to: (@convention(c) () -> UnsafePointer<CChar>).self)
        let python = try PDFTools.run(
            "python3", ["-c", "import zlib; print(zlib.ZLIB_RUNTIME_VERSION)"], package: "python3")
        #expect(String(cString: zlibVersion()) == python.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// CRsvg declares the part of librsvg's and GLib's API Galley calls itself (their headers need pkg-config's
    /// include folders). Compiled with the real headers, every one of those declarations is a redeclaration the
    /// compiler checks, and the header's size and offset assertions hold for the real types.
    @Test func rsvgDeclarationsAgreeWithLibrsvgsHeaders() throws {
        let root = Fixtures.repositoryRoot.path
        let cflags = try PDFTools.run("pkg-config", ["--cflags", "librsvg-2.0"], package: "librsvg2-dev")
        #expect(cflags.status == 0, "\(cflags.standardError)")
        let includes = ["-I", root + "/Sources/CLazyLoader/include", "-I", root + "/Sources/CRsvg/include"]
        let realHeaders =
            ["-fsyntax-only", "-DGALLEY_RSVG_REAL_HEADERS"] + includes
            + cflags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        let source = root + "/Sources/CRsvg/rsvg_functions.c"
        let checked = try PDFTools.run("clang", realHeaders + [source], package: "clang")
        #expect(checked.status == 0, "\(checked.standardError)")
        // The control: in that mode the real header is what declares the types (a function only it declares is
        // known), so the agreement above is with librsvg's own declarations.
        let control = FileManager.default.temporaryDirectory.appendingPathComponent("galley-rsvg-\(UUID()).c")
        try "#include \"CRsvg.h\"\nvoid *galley_control(void) { return (void *)&rsvg_handle_get_pixbuf; }\n"
            .write(to: control, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: control) }
        let real = try PDFTools.run("clang", realHeaders + [control.path], package: "clang")
        #expect(real.status == 0, "\(real.standardError)")
        let subset = try PDFTools.run("clang", ["-fsyntax-only"] + includes + [control.path], package: "clang")
        #expect(subset.status != 0, "without the real headers, rsvg_handle_get_pixbuf is not declared")
    }

    /// `galley_lazy_open` over `symbols` (CLazyLoader's one entry point below the per-library load functions).
    private static func open(_ soname: String, package: String, symbols: [String]) -> (
        loaded: Bool, message: String, functions: [UnsafeMutableRawPointer?]
    ) {
        let names = symbols.map { strdup($0) }
        defer { for name in names { free(name) } }
        let pointers = names.map { $0.map { UnsafePointer($0) } }
        var functions = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        var message = [CChar](repeating: 0, count: 256)
        let capacity = message.count
        let loaded = pointers.withUnsafeBufferPointer { names in
            functions.withUnsafeMutableBufferPointer { table in
                galley_lazy_open(
                    soname, package, names.baseAddress, table.baseAddress, symbols.count, &message, capacity)
            }
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (loaded != 0, text, functions)
    }
}
