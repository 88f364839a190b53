/// Finds the EXIF `Orientation` tag (0x0112) of a JPEG (in its APP1 "Exif" segment) or a PNG
/// (in its `eXIf` chunk), reading only the container's headers and the first TIFF directory.
///
/// Anything malformed or missing reads as `.up`, as in Pillow's `ImageOps.exif_transpose`: a
/// bad EXIF block never fails an image whose pixels decode.
enum ExifOrientation {
    static func read(jpeg bytes: [UInt8]) -> ImageOrientation {
        var offset = 2  // after SOI
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            // Standalone markers carry no length; SOS starts the entropy-coded data, after which
            // no EXIF segment can come.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let start = offset + 4
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { break }
            let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            if marker == 0xE1, end - start >= 6, bytes[start..<start + 6].elementsEqual(exifHeader) {
                return tiffOrientation(bytes[(start + 6)..<end])
            }
            offset = end
        }
        return .up
    }

    static func read(png bytes: [UInt8]) -> ImageOrientation {
        var offset = 8  // after the signature
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at: offset, bigEndian: true))
            let type = bytes[(offset + 4)..<(offset + 8)]
            let start = offset + 8
            guard length <= bytes.count - start - 4 else { break }
            if type.elementsEqual([0x65, 0x58, 0x49, 0x66]) {  // "eXIf"
                var payload = bytes[start..<(start + length)]
                // Some writers keep JPEG's "Exif\0\0" prefix; Pillow skips it too.
                if payload.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { payload = payload.dropFirst(6) }
                return tiffOrientation(payload)
            }
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { break }  // "IEND"
            offset = start + length + 4
        }
        return .up
    }

    /// The orientation in IFD0 of a TIFF structure ("II*\0" or "MM\0*" header).
    static func tiffOrientation(_ tiff: ArraySlice<UInt8>) -> ImageOrientation {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return .up }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return .up
        }
        guard readUInt16(bytes, at: 2, bigEndian: bigEndian) == 42 else { return .up }
        let directory = Int(readUInt32(bytes, at: 4, bigEndian: bigEndian))
        guard directory >= 8, directory <= bytes.count - 2 else { return .up }
        let count = Int(readUInt16(bytes, at: directory, bigEndian: bigEndian))
        for index in 0..<count {
            let entry = directory + 2 + index * 12
            guard entry + 12 <= bytes.count else { break }
            guard readUInt16(bytes, at: entry, bigEndian: bigEndian) == 0x0112 else { continue }
            let type = readUInt16(bytes, at: entry + 2, bigEndian: bigEndian)
            let value: UInt32
            switch type {
            case 3: value = UInt32(readUInt16(bytes, at: entry + 8, bigEndian: bigEndian))  // SHORT
            case 4: value = readUInt32(bytes, at: entry + 8, bigEndian: bigEndian)  // LONG
            default: return .up
            }
            return ImageOrientation(rawValue: Int(value)) ?? .up
        }
        return .up
    }

    private static func readUInt16(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt16 {
        let first = UInt16(bytes[offset])
        let second = UInt16(bytes[offset + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        let high = UInt32(readUInt16(bytes, at: bigEndian ? offset : offset + 2, bigEndian: bigEndian))
        let low = UInt32(readUInt16(bytes, at: bigEndian ? offset + 2 : offset, bigEndian: bigEndian))
        return high << 16 | low
    }
}
