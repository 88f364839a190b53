import CICU

/// A BCP 47 language tag ("de-CH", "ar-EG", "en-US-u-nu-arab") checked and converted to ICU's
/// locale ID once, for the number and date formatters.
///
/// A tag must be well formed as a whole (ICU's `uloc_forLanguageTag` reads every subtag); a
/// language CLDR has no data for falls back to CLDR's root data, as ICU does.
public struct FormatLocale: Hashable, Sendable {
    /// The tag as written in the template.
    public let tag: String
    /// ICU's locale ID ("de_CH"), what the ICU formatters are opened with.
    let identifier: String

    /// The locale used when a document names none: `en-US`.
    public static let `default` = FormatLocale(checkedTag: "en-US", identifier: "en_US")

    private init(checkedTag: String, identifier: String) {
        tag = checkedTag
        self.identifier = identifier
    }

    /// The locale for `tag`, or nil when it is not a well-formed BCP 47 tag.
    public init?(tag: String) {
        guard !tag.isEmpty, tag.utf8.count < 200, tag.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        if tag == "en-US" {
            self = .default
            return
        }
        var buffer = [CChar](repeating: 0, count: 256)
        let length = tag.withCString { cicu_locale_for_language_tag($0, Int32(tag.utf8.count), &buffer, 256) }
        guard length > 0, length < 256 else { return nil }
        self.tag = tag
        identifier = String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A formatter could not be made or could not format (a pattern ICU rejects, a value it cannot
/// print); the message says which.
public struct FormattingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for the template error that wraps it.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// UTF-16 text out of an ICU call that reports the length it needs: tried with a buffer on the
/// stack first (an amount or a date fits), then once more with exactly the room it asked for.
func icuText(_ produce: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String? {
    let first: (length: Int32, text: String?) = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) {
        room in
        guard let base = room.baseAddress else { return (-1, nil) }
        let length = produce(base, 128)
        guard length >= 0, length <= 128 else { return (length, nil) }
        return (length, stringFromUTF16(UnsafeBufferPointer(start: base, count: Int(length))))
    }
    if let text = first.text { return text }
    guard first.length > 128 else { return nil }
    var buffer = [UInt16](repeating: 0, count: Int(first.length))
    let length = buffer.withUnsafeMutableBufferPointer { room -> Int32 in
        guard let base = room.baseAddress else { return -1 }
        return produce(base, Int32(room.count))
    }
    guard length >= 0, Int(length) <= buffer.count else { return nil }
    return buffer.withUnsafeBufferPointer { stringFromUTF16(UnsafeBufferPointer(rebasing: $0[..<Int(length)])) }
}
