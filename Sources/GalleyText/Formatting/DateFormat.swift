import CICU
import GalleyRender

/// How a date and time are written: an explicit pattern (`"d. MMMM y"`), a CLDR skeleton the
/// locale turns into its own pattern (`"yMMMd"` → `Mar 12, 2025` in `en-US`, `12. März 2025` in
/// `de-DE`), or one of the locale's styles — in an explicit time zone, formatted by ICU.
///
/// Month and weekday names come from the locale (`EEEE` → `Mittwoch`); nothing depends on the
/// machine's locale or zone. The default zone is UTC.
public struct DateFormat: Hashable, Sendable {
    /// One of the locale's predefined lengths.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case short, medium, long, full

        /// ICU's `UDateFormatStyle`.
        var icuValue: Int32 {
            switch self {
            case .full: 0
            case .long: 1
            case .medium: 2
            case .short: 3
            }
        }
    }

    /// What the output looks like.
    public enum Form: Hashable, Sendable {
        /// An ICU/CLDR pattern, letters as fields, quoted text literal: `"yyyy-MM-dd HH:mm"`.
        case pattern(String)
        /// A CLDR skeleton (fields only, in any order); the locale picks order and punctuation.
        case skeleton(String)
        /// The locale's date style, time style, or both.
        case styles(date: Style?, time: Style?)
    }

    /// The letters ICU's date patterns give a meaning to; any other ASCII letter is an error.
    public static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecaAbBhHkKmsSAzZOvVXxj")

    /// What the output looks like.
    public var form: Form
    /// The time zone, an IANA name (`"Europe/Berlin"`) or `UTC`.
    public var timeZone: String

    /// A format; see the properties.
    public init(form: Form, timeZone: String = "UTC") {
        self.form = form
        self.timeZone = timeZone
    }

    /// The canonical name of an IANA time zone (`"Europe/Berlin"`), or nil for a name ICU does not know.
    public static func canonicalTimeZone(_ name: String) -> String? {
        let units = Array(name.utf16)
        return icuText { cicu_canonical_time_zone(units, Int32(units.count), $0, $1) }
    }

    /// The first ASCII letter of `pattern` outside quotes that is no ICU field, if any.
    public static func unknownPatternLetter(in pattern: String) -> Character? {
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
            } else if !quoted, character.isASCII, character.isLetter, !patternLetters.contains(character) {
                return character
            }
        }
        return nil
    }

    /// The instant `millisecondsSince1970` (UTC) written in `locale`.
    /// - Throws: ``FormattingError`` when ICU rejects the pattern, skeleton or zone.
    public func format(millisecondsSince1970: Double, locale: FormatLocale) throws(FormattingError) -> String {
        let formatter = try ICUDateFormatters.formatter(for: self, locale: locale)
        guard let text = formatter.format(millisecondsSince1970) else {
            throw FormattingError("ICU could not format the date \(millisecondsSince1970 / 1000) s")
        }
        return text
    }
}

/// One opened ICU date formatter (`UDateFormat`), kept for the life of the process.
final class ICUDateFormatter: Sendable {
    /// The formatter pointer. Safety of `@unchecked Sendable`: a `UDateFormat` mutates its calendar
    /// while formatting, so it is only used inside `lock`.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let handle: Handle
    private let lock = Locked(())

    init(_ pointer: UnsafeMutableRawPointer) {
        handle = Handle(pointer: pointer)
    }

    deinit {
        cicu_date_formatter_close(handle.pointer)
    }

    func format(_ milliseconds: Double) -> String? {
        lock.withLock { _ in icuText { cicu_date_format(handle.pointer, milliseconds, $0, $1) } }
    }
}

/// The date formatters opened so far, by format and locale (opening one loads CLDR data and,
/// for a skeleton, runs the pattern generator).
enum ICUDateFormatters {
    private struct Key: Hashable {
        let format: DateFormat
        let locale: String
    }

    private static let cache = Locked<[Key: ICUDateFormatter]>([:])

    static func formatter(for format: DateFormat, locale: FormatLocale) throws(FormattingError) -> ICUDateFormatter {
        let key = Key(format: format, locale: locale.identifier)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let opened = try open(format, locale: locale)
        return cache.withLock { formatters in
            if let raced = formatters[key] { return raced }
            formatters[key] = opened
            return opened
        }
    }

    private static func open(_ format: DateFormat, locale: FormatLocale) throws(FormattingError) -> ICUDateFormatter {
        guard let zone = DateFormat.canonicalTimeZone(format.timeZone) else {
            throw FormattingError("unknown time zone \"\(format.timeZone)\"")
        }
        let zoneUnits = Array(zone.utf16)
        let pointer: UnsafeMutableRawPointer?
        switch format.form {
        case .styles(let date, let time):
            pointer = cicu_date_formatter_open_styles(
                time?.icuValue ?? -1, date?.icuValue ?? -1, locale.identifier, zoneUnits, Int32(zoneUnits.count))
        case .pattern(let pattern):
            pointer = openPattern(pattern, locale: locale, zone: zoneUnits)
        case .skeleton(let skeleton):
            let units = Array(skeleton.utf16)
            guard
                let pattern = icuText({
                    cicu_date_best_pattern(locale.identifier, units, Int32(units.count), $0, $1)
                })
            else { throw FormattingError("ICU has no pattern for the skeleton \"\(skeleton)\" in \(locale.tag)") }
            pointer = openPattern(pattern, locale: locale, zone: zoneUnits)
        }
        guard let pointer else { throw FormattingError("ICU rejected the date format for \(locale.tag)") }
        return ICUDateFormatter(pointer)
    }

    private static func openPattern(_ pattern: String, locale: FormatLocale, zone: [UInt16]) -> UnsafeMutableRawPointer?
    {
        let units = Array(pattern.utf16)
        return cicu_date_formatter_open(locale.identifier, zone, Int32(zone.count), units, Int32(units.count))
    }
}
