import CHarfBuzz

/// The few font-table fields the registry needs to classify a face: the family name (name
/// table: typographic family, ID 16, else family, ID 1), the weight (OS/2 usWeightClass) and
/// whether it is italic (OS/2 fsSelection bit 0 or 9, else head macStyle bit 1).
struct FontTables {
    let familyName: String?
    let weightClass: Int
    let isItalic: Bool

    init(face: OpaquePointer) {
        familyName = FontTables.name(face, id: 16) ?? FontTables.name(face, id: 1)
        let os2 = FontTables.table(face, "OS/2")
        let head = FontTables.table(face, "head")
        let weight = FontTables.uint16(os2, at: 4).map(Int.init) ?? 400
        // Some old fonts store 1–9 instead of 100–900.
        let scaled = (1...9).contains(weight) ? weight * 100 : weight
        weightClass = min(max(scaled, 1), 1000)
        if let selection = FontTables.uint16(os2, at: 62) {
            isItalic = selection & 0x0001 != 0 || selection & 0x0200 != 0
        } else {
            isItalic = (FontTables.uint16(head, at: 44) ?? 0) & 0x0002 != 0
        }
    }

    private static func name(_ face: OpaquePointer, id: UInt32) -> String? {
        var length: UInt32 = 0
        // A nil language is HB_LANGUAGE_INVALID, which picks the default (English) entry.
        let total = hb_ot_name_get_utf8(face, id, nil, &length, nil)
        guard total > 0 else { return nil }
        var capacity = total + 1
        let bytes = [CChar](unsafeUninitializedCapacity: Int(capacity)) { buffer, count in
            _ = hb_ot_name_get_utf8(face, id, nil, &capacity, buffer.baseAddress)
            count = Int(capacity)
        }
        let name = String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: " \0")
        return name.isEmpty ? nil : name
    }

    private static func table(_ face: OpaquePointer, _ tag: String) -> [UInt8] {
        guard let blob = hb_face_reference_table(face, hb_tag_from_string(tag, -1)) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    private static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard bytes.count >= offset + 2 else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// A last-resort family name: the file name without extension and style suffix.
    static func fileStem(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        return stem.split(separator: "-").first.map(String.init) ?? stem
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
