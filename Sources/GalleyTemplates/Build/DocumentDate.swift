import Foundation

/// The creation date written into PDFs. With `SOURCE_DATE_EPOCH` set (reproducible builds'
/// convention) it is that time, so identical input gives byte-identical output; otherwise
/// the current time.
enum DocumentDate {
    static func fromEnvironment() -> String {
        if let fixed = sourceDate { return fixed }
        return pdfDate(Date())
    }

    /// `SOURCE_DATE_EPOCH`'s date, read once per process (reading the environment per record
    /// showed in bind profiles).
    private static let sourceDate: String? = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        .flatMap(Double.init).map { pdfDate(Date(timeIntervalSince1970: $0)) }

    /// cairo's CREATE_DATE form: ISO 8601, UTC.
    static func pdfDate(_ date: Date) -> String {
        // gmtime_r is much cheaper than Calendar (this runs for every document); Calendar
        // remains for dates outside four-digit years.
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        if date.timeIntervalSince1970.isFinite, gmtime_r(&seconds, &parts) != nil,
            (0...9999).contains(Int(parts.tm_year) + 1900)
        {
            func pad(_ value: Int32, _ width: Int = 2) -> String {
                let text = String(value)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
                + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
        }
        return calendarDate(date)
    }

    static func calendarDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))Z"
    }
}
