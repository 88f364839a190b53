import Foundation
import Testing

/// The built `galley` does not link the libraries it loads on first use (docs/architecture.md, "Start-up"): a cold
/// `galley render` of a plain document maps and relocates none of them.
@Suite("lazy linking")
struct LazyLinkingTests {
    /// The libraries loaded with dlopen when a document first needs them, and what pulled in the rest of this list
    /// when they were linked (GIO, GObject and gdk-pixbuf came with librsvg).
    static let lazilyLoaded = [
        "librsvg-2.so", "libgio-2.0.so", "libgobject-2.0.so", "libgdk_pixbuf-2.0.so", "libqpdf.so", "libzint.so",
        "libtiff.so", "libwebp.so", "libwebpmux.so", "libwebpdemux.so", "libgif.so", "libmicrohttpd.so",
    ]

    @Test func galleyDoesNotNeedTheLazilyLoadedLibraries() throws {
        let dynamic = try CLIRunner.tool("readelf", ["--dynamic", CLIRunner.executable])
        #expect(dynamic.status == 0, "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
        // What every document uses is still linked: the list was read.
        #expect(needed.contains("libcairo.so.2"), "\(needed)")
        #expect(needed.contains("libharfbuzz.so.0"), "\(needed)")
        for library in Self.lazilyLoaded {
            #expect(!needed.contains { $0.hasPrefix(library) }, "galley lists \(library) as DT_NEEDED: \(needed)")
        }
    }

    /// Nor does anything it links bring them in: the dynamic loader's whole list for the executable (ldd).
    @Test func noLinkedLibraryBringsThemIn() throws {
        let loaded = try CLIRunner.tool("ldd", [CLIRunner.executable])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("libfreetype.so.6"))
        for library in Self.lazilyLoaded {
            #expect(!loaded.stdout.contains(library), "ldd lists \(library) for galley")
        }
    }
}
