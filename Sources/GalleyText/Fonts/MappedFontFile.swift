import CHarfBuzz
import Glibc

/// A font file mapped read-only (`MAP_PRIVATE`) as a HarfBuzz blob that unmaps it when the last
/// reference goes.
///
/// Why not `hb_blob_create_from_file`: the registry opens every system font (300-odd files on a
/// desktop install) to read its name, weight and metrics, and the pages those reads touch stay
/// resident — about 30 MB of every process's peak RSS, for fonts most documents never use.
/// With our own mapping we know the blob's bytes are a clean file mapping, so `dropResidentPages`
/// may hand them back to the kernel: a later read faults them in again from the page cache with
/// the same contents. (HarfBuzz's own mapping is writable on demand and falls back to `malloc`
/// when `mmap` fails; discarding either would lose data.) The blob is `HB_MEMORY_MODE_READONLY`,
/// so HarfBuzz copies a table it must repair instead of writing to the mapping.
enum MappedFontFile {
    /// A blob over the file at `path`, or nil when it cannot be opened, is empty or too large.
    static func blob(path: String) -> OpaquePointer? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size <= Int(UInt32.max) else { return nil }
        let length = Int(info.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        // The destroy callback captures nothing: the mapping's address and length travel as its user data.
        let mapping = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        mapping[0] = Int(bitPattern: address)
        mapping[1] = length
        let blob = hb_blob_create_or_fail(
            address.assumingMemoryBound(to: CChar.self), UInt32(length), HB_MEMORY_MODE_READONLY, mapping
        ) { data in
            guard let mapping = data?.assumingMemoryBound(to: Int.self) else { return }
            munmap(UnsafeMutableRawPointer(bitPattern: mapping[0]), mapping[1])
            mapping.deallocate()
        }
        if blob == nil {
            munmap(address, length)
            mapping.deallocate()
        }
        return blob
    }

    /// Returns the mapped pages of a blob made by `blob(path:)` to the kernel (`MADV_DONTNEED`);
    /// they are read back from the file when next touched.
    static func dropResidentPages(_ blob: OpaquePointer) {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return }
        // mmap returned a page-aligned address, and the blob starts there.
        _ = madvise(UnsafeMutableRawPointer(mutating: data), Int(length), MADV_DONTNEED)
    }
}
