/// What an untrusted template may use of the machine: the folders its resources (images, font
/// folders) may come from beyond its own, and how many pixels one document's images may decode
/// to. Given when the template is loaded (`Template.load(path:policy:)`); docs/security.md
/// describes the rules.
///
/// ```swift
/// let policy = ResourcePolicy(allowedFolders: ["/srv/brand"], maxImagePixelsPerDocument: 200_000_000)
/// let template = try Template.load(path: "invoice.json", policy: policy)
/// ```
public struct ResourcePolicy: Sendable, Hashable {
    /// The default per-document pixel budget: 100 million pixels (400 MB decoded), eleven
    /// 3000 x 3000 photos or eight 12-megapixel ones.
    public static let defaultMaxImagePixelsPerDocument = 100_000_000

    /// Folders besides the template's own that resources may be read from (the CLI's
    /// `--allow-dir DIR`, repeatable). Each must exist; symbolic links in them are resolved.
    public var allowedFolders: [String]
    /// The most pixels all the images of one document may decode to together, each distinct
    /// image counted once however often it is drawn (the CLI's `--max-pixels N`). An image that
    /// would take the document past it is a per-document error naming the image; it is refused
    /// from its header, before its pixels are allocated.
    public var maxImagePixelsPerDocument: Int

    /// A policy; the defaults confine resources to the template's folder with the default budget.
    public init(
        allowedFolders: [String] = [],
        maxImagePixelsPerDocument: Int = ResourcePolicy.defaultMaxImagePixelsPerDocument
    ) {
        self.allowedFolders = allowedFolders
        self.maxImagePixelsPerDocument = maxImagePixelsPerDocument
    }
}

/// Why a resource (an image, a font folder) cannot be used: outside the allowed folders, a bad
/// path, missing, unreadable or over a limit. The message names the resource as the template
/// or data wrote it and says nothing about files outside the allowed folders.
public struct ResourceError: Error, Sendable, CustomStringConvertible {
    /// The message, without the file/JSON-path prefix the template layer adds.
    public let description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}
