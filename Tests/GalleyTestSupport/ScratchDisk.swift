import Foundation

/// A tmpfs mounted for one test (a small or read-only disk), unmounted by `unmount()`; nil when
/// this machine cannot mount one (not root, or no tmpfs), after saying so.
public struct ScratchDisk {
    public let path: String

    /// Mounts a tmpfs with `options` (e.g. `size=5m`, `size=1m,ro`) at `path`, which must exist.
    public static func mount(at path: String, options: String) throws -> ScratchDisk? {
        let mounted = try PDFTools.run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", path], package: "mount")
        guard mounted.status == 0 else {
            print("skipped: mount -t tmpfs is not possible here: \(mounted.standardError)")
            return nil
        }
        return ScratchDisk(path: path)
    }

    public func unmount() {
        _ = try? PDFTools.run("umount", [path], package: "mount")
    }
}
