/// A PDF standard a document can claim (docs/pdf.md says what each means here).
public enum PDFStandard: String, Hashable, Sendable, CaseIterable, Comparable {
    /// PDF/A-2b (ISO 19005-2, level B): archival, visual appearance preserved.
    case a2b = "a-2b"
    /// PDF/A-3b (ISO 19005-3, level B): PDF/A-2b that may carry any embedded file (Factur-X).
    case a3b = "a-3b"
    /// PDF/UA-1 (ISO 14289-1): tagged for assistive technology.
    case ua1 = "ua-1"

    /// Whether this is a PDF/A part.
    public var isArchival: Bool { self != .ua1 }

    /// The name as documents and errors spell it: `PDF/A-3b`.
    public var displayName: String {
        switch self {
        case .a2b: "PDF/A-2b"
        case .a3b: "PDF/A-3b"
        case .ua1: "PDF/UA-1"
        }
    }

    public static func < (lhs: PDFStandard, rhs: PDFStandard) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Parses `a-3b`, `ua-1` or a comma-separated combination (`a-3b,ua-1`); the failure names the
    /// bad part. At most one PDF/A part may be given.
    public static func parseList(_ text: String) -> Result<Set<PDFStandard>, PDFSettingsError> {
        var standards = Set<PDFStandard>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.filter { !$0.isWhitespace }).lowercased()
            guard let standard = PDFStandard(rawValue: name) else {
                return .failure(
                    PDFSettingsError(
                        "unknown PDF standard \"\(name)\" (known: \(allCases.map(\.rawValue).joined(separator: ", ")))")
                )
            }
            standards.insert(standard)
        }
        return validate(standards).map { standards }
    }

    /// Checks a combination: at most one PDF/A part.
    public static func validate(_ standards: Set<PDFStandard>) -> Result<Void, PDFSettingsError> {
        let archival = standards.filter(\.isArchival).sorted()
        guard archival.count <= 1 else {
            return .failure(
                PDFSettingsError(
                    "a document follows one PDF/A part, not \(archival.map(\.rawValue).joined(separator: " and "))"))
        }
        return .success(())
    }
}

/// A bad PDF setting (a standard name, a combination, a missing password).
public struct PDFSettingsError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// How an embedded file relates to the document (`/AFRelationship`, PDF/A-3 §6.8).
public enum AttachmentRelationship: String, Hashable, Sendable, CaseIterable {
    /// Another representation of the document's content (Factur-X's XML).
    case alternative = "Alternative"
    /// Data the document's content was made from (a table's CSV).
    case data = "Data"
    /// The source the document was made from.
    case source = "Source"
    /// A supplement to the document.
    case supplement = "Supplement"
    /// None of the above.
    case unspecified = "Unspecified"
}

/// A file embedded in the PDF (an attachment), listed in the catalog's `/AF` array.
public struct PDFAttachment: Hashable, Sendable {
    /// The file name readers show and extract to (`factur-x.xml`).
    public var name: String
    public var bytes: [UInt8]
    /// The MIME type (`text/xml`).
    public var mimeType: String
    public var description: String?
    public var relationship: AttachmentRelationship

    public init(
        name: String, bytes: [UInt8], mimeType: String = "application/octet-stream", description: String? = nil,
        relationship: AttachmentRelationship = .supplement
    ) {
        self.name = name
        self.bytes = bytes
        self.mimeType = mimeType
        self.description = description
        self.relationship = relationship
    }
}

/// The Factur-X / ZUGFeRD profile of an e-invoice (Factur-X 1.0 §6.2.2, the XMP
/// `fx:ConformanceLevel`).
public enum FacturXProfile: String, Hashable, Sendable, CaseIterable {
    case minimum = "MINIMUM"
    case basicWL = "BASIC WL"
    case basic = "BASIC"
    case en16931 = "EN 16931"
    case extended = "EXTENDED"
    case xRechnung = "XRECHNUNG"
}

/// A Factur-X e-invoice: the invoice's XML attached as `factur-x.xml` and described in XMP.
public struct FacturX: Hashable, Sendable {
    /// The file name Factur-X requires for the XML.
    public static let fileName = "factur-x.xml"

    public var profile: FacturXProfile
    /// The invoice's XML (UTF-8), attached byte for byte.
    public var xml: [UInt8]
    /// `/AFRelationship` of the XML: Alternative for EN 16931 and above, Data below.
    public var relationship: AttachmentRelationship

    public init(profile: FacturXProfile, xml: [UInt8], relationship: AttachmentRelationship? = nil) {
        self.profile = profile
        self.xml = xml
        self.relationship =
            relationship ?? ([.minimum, .basicWL].contains(profile) ? .data : .alternative)
    }

    /// The attachment the XML becomes.
    public var attachment: PDFAttachment {
        PDFAttachment(
            name: FacturX.fileName, bytes: xml, mimeType: "text/xml", description: "Factur-X invoice",
            relationship: relationship)
    }
}

/// What an encrypted PDF lets a reader do without the owner password.
public enum PDFPermission: String, Hashable, Sendable, CaseIterable {
    case print, copy, modify
}

/// The passwords of an encrypted PDF: from command-line flags or the environment, never from a
/// template.
public struct PDFPasswords: Hashable, Sendable {
    /// Opens the document (may be empty: anyone opens it, the permissions still apply).
    public var user: String
    /// Lifts the permissions' restrictions.
    public var owner: String

    public init(user: String, owner: String) {
        self.user = user
        self.owner = owner
    }
}

/// AES-256 encryption (PDF 2.0 / ISO 32000-2 revision 6): the user password opens the document,
/// the owner password lifts the restrictions.
public struct PDFEncryption: Hashable, Sendable {
    public var userPassword: String
    public var ownerPassword: String
    public var permissions: Set<PDFPermission>

    public init(userPassword: String, ownerPassword: String, permissions: Set<PDFPermission> = [.print]) {
        self.userPassword = userPassword
        self.ownerPassword = ownerPassword
        self.permissions = permissions
    }
}

/// Everything a PDF carries beyond its pages: the standards it claims, whether it is tagged,
/// its embedded files, its Factur-X invoice and its encryption. The default is a plain PDF,
/// written as cairo makes it; anything else is added by `PDFPostProcessor` (libqpdf).
public struct PDFSettings: Hashable, Sendable {
    public var standards: Set<PDFStandard>
    /// Tagged PDF (a structure tree) without claiming PDF/UA; PDF/UA implies it.
    public var tagged: Bool
    public var attachments: [PDFAttachment]
    public var facturX: FacturX?
    /// What readers may do when the PDF is encrypted (the passwords never come from a template).
    public var permissions: Set<PDFPermission>
    public var encryption: PDFEncryption?

    public init(
        standards: Set<PDFStandard> = [], tagged: Bool = false, attachments: [PDFAttachment] = [],
        facturX: FacturX? = nil, permissions: Set<PDFPermission> = [.print], encryption: PDFEncryption? = nil
    ) {
        self.standards = standards
        self.tagged = tagged
        self.attachments = attachments
        self.facturX = facturX
        self.permissions = permissions
        self.encryption = encryption
    }

    /// Whether the document gets a structure tree.
    public var isTagged: Bool { tagged || standards.contains(.ua1) }
    /// The PDF/A part claimed, if any.
    public var archival: PDFStandard? { standards.first(where: \.isArchival) }
    /// Whether cairo's PDF is written as it is (nothing to add; permissions only matter encrypted).
    public var isPlain: Bool {
        standards.isEmpty && !tagged && attachments.isEmpty && facturX == nil && encryption == nil
    }

    /// Every embedded file, the Factur-X XML first.
    public var allAttachments: [PDFAttachment] { (facturX.map { [$0.attachment] } ?? []) + attachments }
}
