import Foundation

/// The creation date written into PDFs. With `SOURCE_DATE_EPOCH` set (reproducible builds'
/// convention) it is that time, so identical input gives byte-identical output; otherwise
/// the current time.
enum DocumentDate {
    static func fromEnvironment() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
        return pdfDate(epoch.map { Date(timeIntervalSince1970: $0) } ?? Date())
    }

    /// cairo's CREATE_DATE form: ISO 8601, UTC.
    static func pdfDate(_ date: Date) -> String {
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
