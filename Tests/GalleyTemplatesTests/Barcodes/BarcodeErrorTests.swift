import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import GalleyTestSupport
import Testing

/// Data a symbology cannot encode is a per-record error naming the record, the element's place and zint's
/// reason.
@Suite("barcode errors and symbols")
struct BarcodeErrorTests {
    static func message(symbology: String, data: String, extra: String = "") -> String? {
        do {
            let template = try Template(
                text: """
                    {"galley": 1, "size": [300, 120],
                     "body": {"type": "barcode", "symbology": "\(symbology)", "data": "{{code}}"\(extra)}}
                    """, file: "label.json")
            _ = try template.bind(.object(JSONObject([("code", .string(data))])), recordIndex: 7)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aWrongCheckDigitQuotesZint() throws {
        let message = try #require(Self.message(symbology: "ean13", data: "5012345678901"))
        #expect(message.contains("label.json:2:"))
        #expect(message.contains("at $.body.data"))
        #expect(message.contains("record 7"))
        #expect(
            message.contains(
                "\"5012345678901\" cannot be encoded as EAN-13: zint: Error 275: Invalid check digit '1', expecting '0'"
            ))
    }

    @Test func aCharacterTheSymbologyLacksQuotesZint() throws {
        let message = try #require(Self.message(symbology: "code39", data: "lower~case"))
        #expect(message.contains("cannot be encoded as Code 39: zint: Error"))
        #expect(message.lowercased().contains("invalid character"))
    }

    @Test func tooLongQuotesZint() throws {
        let message = try #require(Self.message(symbology: "qr", data: String(repeating: "x", count: 8000)))
        #expect(message.contains("cannot be encoded as QR Code: zint: Error"))
        #expect(message.contains("too long") || message.contains("Input too long"))
    }

    @Test func aWrongDigitCountIsGalleysOwnCheck() throws {
        let message = try #require(Self.message(symbology: "ean8", data: "12345"))
        #expect(message.contains("EAN-8 takes 7 digits (8 with its check digit), got 5"))
        let letters = try #require(Self.message(symbology: "upca", data: "0123456789A"))
        #expect(letters.contains("UPC-A encodes digits only"))
    }

    @Test func anUnknownErrorCorrectionLevelListsTheLevels() throws {
        let message = try #require(Self.message(symbology: "qr", data: "x", extra: #", "errorCorrection": "Z""#))
        #expect(message.contains("at $.body.errorCorrection"))
        #expect(message.contains(#"use one of "L", "M", "Q", "H""#))
    }

    @Test func errorCorrectionChangesTheSymbol() throws {
        let low = try BarcodeEncoder.encode(
            "https://example.com/a", as: .qr, options: BarcodeOptions(errorCorrection: "L"))
        let high = try BarcodeEncoder.encode(
            "https://example.com/a", as: .qr, options: BarcodeOptions(errorCorrection: "H"))
        // 25 + 8 quiet modules at L, 29 + 8 at H (versions 2 and 3).
        #expect(low.shapes.size.width == 33)
        #expect(high.shapes.size.width == 37)
    }

    @Test func matrixSymbolsAreInModulesWithQuietZones() throws {
        let qr = try BarcodeEncoder.encode("Hello QR", as: .qr)
        #expect(qr.shapes.size.width == 29 && qr.shapes.size.height == 29)
        #expect(qr.shapes.rects.allSatisfy { $0.minX >= 4 && $0.maxX <= 25 })
        #expect(qr.texts.isEmpty)
        let ean = try BarcodeEncoder.encode("501234567890", as: .ean13)
        #expect(ean.texts.map(\.text) == ["5", "012345", "678900"])
    }
}
