import CZlib

/// zlib's deflate for a PDF's streams (`/FlateDecode`). One deflater is reset between
/// streams instead of made for each: zlib's state is over 256 KB, allocated and cleared on
/// every `deflateInit` (cairo made one per stream, five or more per invoice).
final class Deflater {
    /// The z_stream lives at a fixed address: zlib's state points back at it and checks that
    /// it has not moved.
    private let stream: UnsafeMutablePointer<z_stream>

    /// - Parameter level: zlib's level, 1 (fastest) to 9 (smallest); 6 is zlib's default.
    init(level: Int32 = 6) throws(RenderError) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard galley_deflate_init(stream, level) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw RenderError.pdfWriter(operation: "deflateInit", message: "out of memory")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `input` compressed (a whole zlib stream), appended to `output`.
    func compress(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) throws(RenderError) {
        // zlib counts in 32 bits; no stream of a document comes near.
        guard input.count < Int(UInt32.max / 2) else {
            throw RenderError.pdfWriter(operation: "deflate", message: "a stream of over 2 GB")
        }
        deflateReset(stream)
        let bound = Int(deflateBound(stream, uLong(input.count)))
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bound))
        var status: Int32 = Z_OK
        output.withUnsafeMutableBufferPointer { buffer in
            stream.pointee.next_in = UnsafeMutablePointer(
                mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = buffer.baseAddress.map { $0 + start }
            stream.pointee.avail_out = uInt(bound)
            status = deflate(stream, Z_FINISH)
        }
        guard status == Z_STREAM_END else {
            output.removeLast(bound)
            throw RenderError.pdfWriter(operation: "deflate", message: "zlib status \(status)")
        }
        output.removeLast(Int(stream.pointee.avail_out))
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
    }

    /// `input` compressed, as a new array.
    func compress(_ input: [UInt8]) throws(RenderError) -> [UInt8] {
        var output: [UInt8] = []
        let result = input.withUnsafeBytes { buffer in
            Result { () throws(RenderError) in try compress(buffer, appendingTo: &output) }
        }
        try result.get()
        return output
    }
}
