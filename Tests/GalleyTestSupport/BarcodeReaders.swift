import Foundation

/// The independent barcode decoders the tests read Galley's symbols with: zbar's `zbarimg` (zbar-tools:
/// QR, Code 128, GS1-128, EAN/UPC, ITF, Code 39) and zxing-cpp's `ZXingReader` (zxing-cpp-tools), for
/// the symbologies zbar cannot read (Data Matrix, Aztec; zbar 0.23's PDF417 decoder finds no codewords).
public enum BarcodeReaders {
    /// The texts zbar decodes in the image at `path` (one per symbol found).
    public static func zbar(_ path: String) throws -> [String] {
        let output = try PDFTools.run("zbarimg", ["--nodbus", "-q", "--raw", path], package: "zbar-tools")
        // Status 4: no symbol found.
        guard output.status == 0 || output.status == 4 else {
            throw PDFTools.MissingTool(
                tool: "zbarimg (exit \(output.status): \(output.standardError))", package: "zbar-tools")
        }
        return output.standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The texts zxing-cpp decodes in the image at `path`.
    public static func zxing(_ path: String) throws -> [String] {
        let output = try PDFTools.run("ZXingReader", [path], package: "zxing-cpp-tools")
        // Lines such as `Text:       "Hello"`; the text is everything between the first and the last quote.
        return output.standardOutput.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Text:"), let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""),
                first < last
            else { return nil }
            return String(line[line.index(after: first)..<last])
        }
    }
}
