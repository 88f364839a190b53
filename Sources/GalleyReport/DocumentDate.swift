import Foundation

/// The PDF creation date from `SOURCE_DATE_EPOCH` (the reproducible-builds convention), as
/// the templates do; nil lets cairo write the current time.
enum DocumentDate {
    static let sourceDate: String? = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        .flatMap(Double.init).map { seconds in
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date(timeIntervalSince1970: seconds))
        }
}
