/// A `multipart/form-data` body (RFC 7578): a render request's record with files beside it.
///
/// The part named `record` is the JSON record; every part with a file name is an asset. Parts
/// are found by their boundary in the bytes (no streaming: the whole body is in memory, bounded
/// by the server's body limit).
struct MultipartBody {
    /// One part: its form name, its file name when it is a file, and its bytes.
    struct Part {
        let name: String
        let filename: String?
        let bytes: ArraySlice<UInt8>
    }

    let parts: [Part]

    /// The boundary of a `multipart/form-data` content type, or nil for any other type.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value =
                    pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// Splits `body` at `boundary`.
    /// - Throws: `RequestError` for a body that is not multipart with that boundary.
    init(_ body: [UInt8], boundary: String) throws(RequestError) {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var cursor = Self.find(delimiter, in: body, from: 0) else {
            throw RequestError("the multipart body has no part (boundary \(boundary))")
        }
        cursor += delimiter.count
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[cursor...].starts(with: Array("--".utf8)) { break }
            guard body[cursor...].starts(with: [13, 10]) else {
                throw RequestError("the multipart body is malformed after part \(parts.count + 1)")
            }
            cursor += 2
            guard let headerEnd = Self.find([13, 10, 13, 10], in: body, from: cursor),
                let end = Self.find(separator, in: body, from: headerEnd + 4)
            else {
                throw RequestError("the multipart body ends inside part \(parts.count + 1)")
            }
            let headers = String(decoding: body[cursor..<headerEnd], as: UTF8.self)
            let (name, filename) = Self.disposition(headers)
            guard let name else {
                throw RequestError("part \(parts.count + 1) of the multipart body has no name (Content-Disposition)")
            }
            parts.append(Part(name: name, filename: filename, bytes: body[(headerEnd + 4)..<end]))
            cursor = end + separator.count
        }
        self.parts = parts
    }

    /// `name` and `filename` of a part's `Content-Disposition: form-data; name="…"; filename="…"`.
    private static func disposition(_ headers: String) -> (String?, String?) {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            var name: String?
            var filename: String?
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard pair.count == 2 else { continue }
                let value =
                    pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
                switch pair[0].lowercased() {
                case "name": name = value
                case "filename": filename = value
                default: break
                }
            }
            return (name, filename)
        }
        return (nil, nil)
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
