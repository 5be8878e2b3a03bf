#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The mounts this process sees, as Linux lists them in `/proc/self/mountinfo` (the
/// `proc_pid_mountinfo(5)` manual page): where each is mounted, its file system type, what is
/// mounted and the file system's options. `ours doctor` reads it to tell what kind of mount
/// holds the shared folder and how long that mount shows a folder listing before asking the
/// server again. Other systems (macOS, iOS) have no such file: the table is empty there.
///
/// Like `statfs` (`FileSystemKind`) and the boot id, it is a question to the system, read
/// directly rather than through a `FileSystem`: it is no file of a household's, and what Ours
/// reads and writes through one stays inside the shared folder and the state directory.
///
/// A line reads `36 35 0:50 / /mnt/nas rw,relatime shared:1 - nfs4 nas:/export rw,vers=4.2,…`:
/// ids, the device, the mount's root, its mount point, its own options, optional fields ended
/// by a lone `-`, then the type, the source and the file system's options. Spaces, tabs,
/// newlines and backslashes in paths are written as octal escapes (`\040` for a space).
struct MountTable: Sendable, Equatable {
    struct Mount: Sendable, Equatable {
        /// Where it is mounted, escapes undone.
        var point: String
        /// The file system type: `nfs4`, `cifs`, `fuse.sshfs`.
        var type: String
        /// What is mounted: `nas:/export`, `//server/share`, `sarah@nas:/srv`, escapes undone.
        var source: String
        /// The file system's options (after the type and source): `acdirmax` → `60`, `noac` → ``.
        var options: [String: String]
    }

    /// In the order the system lists them, which is the order they were mounted.
    var mounts: [Mount] = []

    static let path = "/proc/self/mountinfo"

    init(mounts: [Mount]) { self.mounts = mounts }

    /// The mounts in `text`, a `mountinfo` file; lines that do not read as one are skipped.
    init(parsing text: String) {
        mounts = text.split(separator: "\n").compactMap { MountTable.mount(fromLine: $0) }
    }

    /// This process's mounts; empty when the system does not list them (not Linux) or the list
    /// cannot be read.
    static func current() -> MountTable {
        #if os(Linux)
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return MountTable(mounts: []) }
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count < 16 << 20 {  // a table is a few kilobytes; more is not one
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes += chunk[..<count]
            }
            return MountTable(parsing: String(decoding: bytes, as: UTF8.self))
        #else
            return MountTable(mounts: [])
        #endif
    }

    /// The mount that holds `path` (absolute, links resolved): the one whose mount point is the
    /// longest leading part of it, the last mounted where several share that point (it hides the
    /// others).
    func mount(holding path: String) -> Mount? {
        var best: Mount?
        for mount in mounts where MountTable.point(mount.point, holds: path) {
            if let chosen = best, chosen.point.utf8.count > mount.point.utf8.count { continue }
            best = mount
        }
        return best
    }

    static func point(_ point: String, holds path: String) -> Bool {
        point == "/" || path == point || path.hasPrefix(point + "/")
    }

    /// One line; `nil` when it has too few fields or no `-` before the type.
    static func mount(fromLine line: Substring) -> Mount? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 10, let dash = fields[6...].firstIndex(of: "-"), fields.count >= dash + 4 else { return nil }
        var options: [String: String] = [:]
        for option in fields[dash + 3].split(separator: ",") {
            if let equals = option.firstIndex(of: "=") {
                options[String(option[..<equals])] = String(option[option.index(after: equals)...])
            } else {
                options[String(option)] = ""
            }
        }
        return Mount(
            point: unescape(fields[4]), type: String(fields[dash + 1]), source: unescape(fields[dash + 2]), options: options)
    }

    /// Undoes the kernel's octal escapes (`\040` space, `\011` tab, `\012` newline, `\134` backslash).
    static func unescape(_ field: Substring) -> String {
        let bytes = Array(field.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, let value = octal(bytes[(index + 1)...(index + 3)]) {
                result.append(value)
                index += 4
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Three octal digits as one byte; `nil` when they are not.
    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }
}
