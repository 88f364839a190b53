import CZint

/// The barcode kinds Galley encodes (with libzint), by their template names.
public enum BarcodeSymbology: String, Sendable, Hashable, CaseIterable {
    case qr, datamatrix, aztec, pdf417, code128
    case gs1128 = "gs1-128"
    case ean13, ean8, upca, itf14, code39

    /// zint's symbology number.
    var zintSymbology: Int32 {
        switch self {
        case .qr: BARCODE_QRCODE
        case .datamatrix: BARCODE_DATAMATRIX
        case .aztec: BARCODE_AZTEC
        case .pdf417: BARCODE_PDF417
        case .code128: BARCODE_CODE128
        case .gs1128: BARCODE_GS1_128
        case .ean13, .ean8: BARCODE_EANX
        case .upca: BARCODE_UPCA
        case .itf14: BARCODE_ITF14
        case .code39: BARCODE_CODE39
        }
    }

    /// Whether the symbol is a matrix of square modules (or rows of them) rather than a row of bars.
    public var isMatrix: Bool {
        switch self {
        case .qr, .datamatrix, .aztec, .pdf417: true
        default: false
        }
    }

    /// The symbology's name as people write it, for messages.
    public var displayName: String {
        switch self {
        case .qr: "QR Code"
        case .datamatrix: "Data Matrix"
        case .aztec: "Aztec Code"
        case .pdf417: "PDF417"
        case .code128: "Code 128"
        case .gs1128: "GS1-128"
        case .ean13: "EAN-13"
        case .ean8: "EAN-8"
        case .upca: "UPC-A"
        case .itf14: "ITF-14"
        case .code39: "Code 39"
        }
    }

    /// The error-correction levels the symbology takes (`errorCorrection`), lowest first; empty when it has
    /// none to choose (Data Matrix ECC 200 and the linear codes).
    public var errorCorrectionLevels: [String] {
        switch self {
        case .qr: ["L", "M", "Q", "H"]
        case .aztec: ["10%", "23%", "36%", "50%"]
        case .pdf417: (0...8).map(String.init)
        default: []
        }
    }

    /// The digit counts a numeric symbology takes: without and with its check digit.
    var digitCounts: (withoutCheck: Int, withCheck: Int)? {
        switch self {
        case .ean13: (12, 13)
        case .ean8: (7, 8)
        case .upca: (11, 12)
        case .itf14: (13, 14)
        default: nil
        }
    }
}
