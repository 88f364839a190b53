import CICU
import GalleyRender

/// One opened ICU number formatter (`UNumberFormatter`), kept for the life of the process.
final class ICUNumberFormatter: Sendable {
    /// The formatter pointer. Safety of `@unchecked Sendable`: ICU documents a `UNumberFormatter`
    /// as immutable and safe to use from several threads at once once it is opened; each call
    /// gets its own result object.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let handle: Handle

    init?(skeleton: String, locale: FormatLocale) {
        let units = Array(skeleton.utf16)
        guard let pointer = cicu_number_formatter_open(units, Int32(units.count), locale.identifier) else { return nil }
        handle = Handle(pointer: pointer)
    }

    deinit {
        cicu_number_formatter_close(handle.pointer)
    }

    /// Each thread's spare ICU result object (`UFormattedNumber`): opening and closing one for
    /// every number formatted was several heap allocations each time (an invoice formats 66); a
    /// result is overwritten by the next format into it, so one per thread serves every call but
    /// a nested one.
    private static let spareResults = ThreadSpare(
        make: { cicu_number_result_open() }, free: { cicu_number_result_close($0) })

    /// What to format: a decimal number as text (exact), or a binary value.
    enum Input {
        case decimal(String)
        case binary(Double)
    }

    /// Formats `input` and hands ICU's result object to `read` (valid only during the call).
    func format<T>(_ input: Input, _ read: (UnsafeMutableRawPointer) throws(FormattingError) -> T)
        throws(FormattingError) -> T
    {
        guard let result = Self.spareResults.take() else { throw FormattingError("ICU could not allocate a result") }
        defer { Self.spareResults.giveBack(result) }
        let status: Int32
        switch input {
        case .decimal(let text):
            status =
                text.utf8.withContiguousStorageIfAvailable { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        cicu_number_format_decimal(handle.pointer, $0.baseAddress, Int32($0.count), result)
                    }
                } ?? text.withCString { cicu_number_format_decimal(handle.pointer, $0, Int32(text.utf8.count), result) }
        case .binary(let value):
            status = cicu_number_format(handle.pointer, value, result)
        }
        guard status <= 0 else { throw FormattingError("ICU could not format \(input)") }
        return try read(result)
    }
}

/// The number formatters opened so far, by skeleton and locale: opening one parses the skeleton
/// and loads the locale's CLDR data, which costs far more than formatting, and a batch repeats
/// the same few formats for every record.
enum ICUNumberFormatters {
    /// Keyed by the format itself (the skeleton string is built only to open a formatter): a
    /// W1 invoice formats a few dozen amounts, each one lookup.
    private struct Key: Hashable {
        let format: NumberFormat
        let locale: String
    }

    private static let cache = Locked<[Key: ICUNumberFormatter]>([:])

    static func formatter(for format: NumberFormat, locale: FormatLocale) throws(FormattingError) -> ICUNumberFormatter
    {
        let key = Key(format: format, locale: locale.identifier)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let skeleton = format.skeleton
        guard let opened = ICUNumberFormatter(skeleton: skeleton, locale: locale) else {
            throw FormattingError("ICU rejected the number format \"\(skeleton)\" for \(locale.tag)")
        }
        return cache.withLock { formatters in
            if let raced = formatters[key] { return raced }
            formatters[key] = opened
            return opened
        }
    }
}
