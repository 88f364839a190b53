/// Embeds attachments (ISO 32000-1 §7.11.4; PDF/A-3 §6.8): each file an `/EmbeddedFile` stream
/// with its MIME type and modification date, a file specification with `/F`, `/UF`, `/Desc`
/// and `/AFRelationship`, listed in the catalog's `/AF` array and its `/EmbeddedFiles` name
/// tree (which viewers show), sorted by name.
enum EmbeddedFiles {
    static func attach(_ attachments: [PDFAttachment], to document: QPDFDocument, date: PDFDate) throws(RenderError) {
        guard !attachments.isEmpty else { return }
        var specifications: [(name: String, object: QPDFDocument.Object)] = []
        for attachment in attachments {
            let file = document.stream(
                attachment.bytes,
                dictionary: [
                    "Type": document.name("EmbeddedFile"), "Subtype": document.name(attachment.mimeType),
                    "Params": document.dictionary([
                        "Size": document.integer(attachment.bytes.count), "ModDate": document.text(date.info),
                    ]),
                ])
            let specification = document.indirect(
                document.dictionary([
                    "Type": document.name("Filespec"), "F": document.text(attachment.name),
                    "UF": document.text(attachment.name),
                    "EF": document.dictionary(["F": file, "UF": file]),
                    "Desc": attachment.description.map(document.text),
                    "AFRelationship": document.name(attachment.relationship.rawValue),
                ]))
            specifications.append((attachment.name, specification))
        }
        let root = document.root
        document.set(root, "AF", document.array(specifications.map(\.object)))
        let names = document.value(root, "Names") ?? document.dictionary([:])
        var tree: [QPDFDocument.Object] = []
        for entry in specifications.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) }) {
            tree.append(document.text(entry.name))
            tree.append(entry.object)
        }
        document.set(names, "EmbeddedFiles", document.dictionary(["Names": document.array(tree)]))
        document.set(root, "Names", names)
        try document.check("embedding attachments")
    }
}
