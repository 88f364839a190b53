import Foundation
import GalleyTemplates

/// The files a multipart render request carries beside its record (a photo, a signature), put
/// where the template may read them for this request only.
///
/// Each file is written into a fresh private folder (`mkdtemp`, mode 0700) under its part's file
/// name, which must be a plain name (letters, digits, `.`, `_`, `-`, no leading dot); the template
/// is compiled with that folder as one more allowed folder (the confinement of docs/security.md
/// still holds: nothing else becomes readable); and a string in the record that is exactly an
/// uploaded file's name becomes that file's path. The folder is removed after the response.
struct RequestAssets {
    /// The `record` part's bytes (empty when there is none: the template's `sampleData`).
    let record: ArraySlice<UInt8>
    let folder: String
    private let files: [String: String]

    /// Writes the file parts into a new folder.
    /// - Throws: `RequestError` for a file name that is not a plain name, two files of one name,
    ///   or a folder or file that cannot be written.
    init(_ parts: [MultipartBody.Part]) throws(RequestError) {
        record =
            parts.first { $0.name == "record" && $0.filename == nil }?.bytes
            ?? parts.first { $0.name == "record" }?.bytes ?? []
        var template = Array((NSTemporaryDirectory() + "/galley-serve-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw RequestError("cannot make a folder for the request's files", status: 500)
        }
        folder = String(cString: made)
        var files: [String: String] = [:]
        for part in parts where part.name != "record" || part.filename != nil {
            guard let name = part.filename, TemplateCatalog.isValidName(name) else {
                try? FileManager.default.removeItem(atPath: folder)
                throw RequestError(
                    "the file name '\(part.filename ?? "")' of part '\(part.name)' is not a plain name",
                    hint: "use letters, digits, '.', '_' and '-'")
            }
            guard files[name] == nil else {
                try? FileManager.default.removeItem(atPath: folder)
                throw RequestError("two files are named '\(name)'")
            }
            let path = folder + "/" + name
            guard FileManager.default.createFile(atPath: path, contents: Data(part.bytes)) else {
                try? FileManager.default.removeItem(atPath: folder)
                throw RequestError("cannot write the request's file '\(name)'", status: 500)
            }
            files[name] = path
        }
        self.files = files
    }

    /// `template` compiled again with the files' folder allowed.
    func template(_ template: Template) throws(TemplateError) -> Template {
        var policy = template.policy
        policy.allowedFolders.append(folder)
        return try Template.load(path: template.file, policy: policy)
    }

    /// `value` with every string that names an uploaded file replaced by the file's path.
    func resolving(_ value: JSONValue) -> JSONValue {
        guard !files.isEmpty else { return value }
        switch value {
        case .string(let text): return files[text].map { .string($0) } ?? value
        case .array(let items): return .array(items.map(resolving))
        case .object(let object):
            return .object(JSONObject(object.entries.map { (key: $0.key, value: resolving($0.value)) }))
        default: return value
        }
    }

    /// Removes the folder and its files.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
