import CZint
import GalleyLayout

/// What a barcode is encoded with besides its data.
public struct BarcodeOptions: Hashable, Sendable {
    /// One of the symbology's ``BarcodeSymbology/errorCorrectionLevels``, or nil for zint's default (QR: M
    /// when the data fits, Aztec: 23%, PDF417: by length).
    public var errorCorrection: String?
    /// Whether linear symbols carry their human-readable text.
    public var showText: Bool
    /// The height of a linear symbol's bars, in modules (zint's default is 50).
    public var barHeight: Double

    /// Options; the defaults are zint's.
    public init(errorCorrection: String? = nil, showText: Bool = true, barHeight: Double = 50) {
        self.errorCorrection = errorCorrection
        self.showText = showText
        self.barHeight = barHeight
    }
}

/// Encodes barcodes with libzint (CZint; this is its only user) into module shapes and text.
///
/// zint lays out the symbol with its standard quiet zones (`BARCODE_QUIET_ZONES`), guard bars and
/// human-readable text; its vector output, at half its default scale, is in module units. Results are
/// kept in a process-wide cache (1,024 symbols) once asked for twice, so a code every record of a batch
/// repeats is encoded twice and then shared, while per-record codes never fill it.
public enum BarcodeEncoder {
    private struct Key: Hashable {
        let data: String
        let symbology: BarcodeSymbology
        let options: BarcodeOptions
    }

    private struct State {
        var cache = LRUCache<Key, BarcodeSymbol>(byteBudget: 16 << 20)
        var doorkeeper = Doorkeeper()
    }

    private static let state = Locked(State())

    /// `data` encoded as `symbology`.
    /// - Throws: ``BarcodeError`` quoting zint's reason (a wrong check digit, a character the symbology
    ///   cannot encode, too long), or naming a wrong length or error-correction level.
    public static func encode(
        _ data: String, as symbology: BarcodeSymbology, options: BarcodeOptions = BarcodeOptions()
    )
        throws(BarcodeError) -> BarcodeSymbol
    {
        let key = Key(data: data, symbology: symbology, options: options)
        if let cached = state.withLock({ $0.cache.value(for: key) }) { return cached }
        let symbol = try encodeUncached(data, as: symbology, options: options)
        let cost = symbol.shapes.rects.count * MemoryLayout<Rect>.stride + data.utf8.count + 256
        state.withLock { state in
            if state.doorkeeper.admits(hash: key.hashValue) { state.cache.insert(symbol, for: key, cost: cost) }
        }
        return symbol
    }

    private static func encodeUncached(_ data: String, as symbology: BarcodeSymbology, options: BarcodeOptions)
        throws(BarcodeError) -> BarcodeSymbol
    {
        try check(data, symbology)
        if let failure = galley_zint_load() { throw BarcodeError(String(cString: failure)) }
        guard let symbol = galley_ZBarcode_Create() else { throw BarcodeError("out of memory creating a barcode") }
        defer { galley_ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = symbology.zintSymbology
        // Vector units are 2 per module at scale 1: half scale makes them modules.
        symbol.pointee.scale = 0.5
        symbol.pointee.output_options |= BARCODE_QUIET_ZONES
        symbol.pointee.show_hrt = options.showText ? 1 : 0
        symbol.pointee.height = Float(max(1, min(options.barHeight, 10_000)))
        switch symbology {
        case .gs1128:
            // GS1_MODE is implied; AIs may be written (01) as well as [01].
            if data.hasPrefix("(") { symbol.pointee.input_mode = GS1PARENS_MODE }
        case .qr, .datamatrix, .aztec, .pdf417, .code128:
            symbol.pointee.input_mode = UNICODE_MODE
        default:
            break
        }
        if let level = options.errorCorrection {
            let levels = symbology.errorCorrectionLevels
            guard let index = levels.firstIndex(of: level.uppercased()) else {
                throw BarcodeError(
                    levels.isEmpty
                        ? "\(symbology.displayName) has no error-correction level to choose (remove errorCorrection)"
                        : "errorCorrection \"\(level)\" is not a \(symbology.displayName) level; use one of "
                            + levels.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            // QR and Aztec number their levels from 1, PDF417 from 0.
            symbol.pointee.option_1 = Int32(symbology == .pdf417 ? index : index + 1)
        }
        let bytes = Array(data.utf8)
        let status = galley_ZBarcode_Encode(symbol, bytes, Int32(bytes.count))
        if status >= ZINT_ERROR { throw BarcodeError(zintMessage(symbol)) }
        let drawn = galley_ZBarcode_Buffer_Vector(symbol, 0)
        guard drawn < ZINT_ERROR, let vector = symbol.pointee.vector else { throw BarcodeError(zintMessage(symbol)) }
        return shapes(of: vector.pointee, symbology: symbology, barHeight: Double(symbol.pointee.height))
    }

    /// Galley's checks before zint: zint pads short EAN/UPC input and reads five digits or fewer as an add-on
    /// symbol, so the digit counts are checked here.
    private static func check(_ data: String, _ symbology: BarcodeSymbology) throws(BarcodeError) {
        guard !data.isEmpty else { throw BarcodeError("there is no data to encode") }
        guard let counts = symbology.digitCounts else { return }
        guard data.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw BarcodeError("\(symbology.displayName) encodes digits only, got \"\(data)\"")
        }
        guard data.count == counts.withoutCheck || data.count == counts.withCheck else {
            throw BarcodeError(
                "\(symbology.displayName) takes \(counts.withoutCheck) digits (\(counts.withCheck) with its check "
                    + "digit), got \(data.count)")
        }
    }

    private static func zintMessage(_ symbol: UnsafeMutablePointer<zint_symbol>) -> String {
        let text = String(cString: galley_zint_errtxt(symbol))
        return text.isEmpty ? "zint could not encode the data" : "zint: \(text)"
    }

    private static func shapes(of vector: zint_vector, symbology: BarcodeSymbology, barHeight: Double) -> BarcodeSymbol
    {
        var rects = [Rect]()
        var rect = vector.rectangles
        while let current = rect {
            let r = current.pointee
            // colour -1 is the foreground; zint paints nothing else for these symbologies.
            if r.colour == -1 {
                rects.append(Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)))
            }
            rect = r.next
        }
        var texts = [BarcodeSymbol.Text]()
        var string = vector.strings
        while let current = string {
            let s = current.pointee
            if let bytes = s.text, s.length > 0 {
                let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(s.length)), as: UTF8.self)
                let anchor: BarcodeSymbol.Text.Anchor = s.halign == 1 ? .start : s.halign == 2 ? .end : .center
                texts.append(
                    BarcodeSymbol.Text(
                        text: text, x: Double(s.x), y: Double(s.y), fontSize: Double(s.fsize), anchor: anchor))
            }
            string = s.next
        }
        let size = Size(width: Double(vector.width), height: Double(vector.height))
        return BarcodeSymbol(
            symbology: symbology, shapes: ModuleShapes(size: size, rects: rects, isMatrix: symbology.isMatrix),
            texts: texts, barHeight: barHeight)
    }
}
