import Foundation
import Galley
import GalleyRender

/// The PDF options `render` and `batch` share: `--pdf-standard` and the encryption passwords,
/// from flags or the environment (never from a template).
enum PDFOptions {
    static let userPasswordVariable = "GALLEY_PDF_USER_PASSWORD"
    static let ownerPasswordVariable = "GALLEY_PDF_OWNER_PASSWORD"

    /// The help lines for the options.
    static let help = """
          --pdf-standard LIST     claim PDF standards, replacing the template's pdf.standard: a-2b, a-3b,
                                  ua-1, or a PDF/A part and ua-1 together (a-3b,ua-1); see docs/pdf.md
          --owner-password PASS   encrypt the PDF (AES-256) with this owner password (or set
                                  \(ownerPasswordVariable)); the template's pdf.permissions apply
          --user-password PASS    the password that opens it (or \(userPasswordVariable); default none)
        """

    /// `--pdf-standard`, or nil for the template's own.
    static func standards(_ arguments: Arguments) throws -> Set<PDFStandard>? {
        guard let text = arguments.value("pdf-standard") else { return nil }
        switch PDFStandard.parseList(text) {
        case .success(let standards): return standards
        case .failure(let error): throw UsageError("--pdf-standard: \(error)")
        }
    }

    /// The passwords, when an owner password is given by flag or environment.
    static func passwords(_ arguments: Arguments, format: OutputFormat?) throws -> PDFPasswords? {
        let environment = ProcessInfo.processInfo.environment
        let owner = arguments.value("owner-password") ?? environment[ownerPasswordVariable]
        let user = arguments.value("user-password") ?? environment[userPasswordVariable]
        guard owner != nil || user != nil else { return nil }
        guard let owner, !owner.isEmpty else {
            throw UsageError(
                "a user password needs an owner password too: --owner-password PASS or \(ownerPasswordVariable)")
        }
        if let format, format != .pdf { throw UsageError("passwords encrypt PDF output; a PNG cannot be encrypted") }
        return PDFPasswords(user: user ?? "", owner: owner)
    }
}
