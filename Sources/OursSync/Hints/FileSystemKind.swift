#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The kind of file system a folder is on, told by the magic number `statfs(2)` reports in
/// `f_type`, and whether the kernel's change notifications there hear of every change.
///
/// Notifications come from the kernel that performs a change. On a local disk that is this
/// machine's, so every change is heard. On a network or cluster file system (NFS, SMB, Ceph,
/// 9p…) a change made on another machine never passes through this kernel, and neither does
/// one made behind a FUSE daemon (sshfs, rclone, many Dropbox and cloud-drive mounts,
/// virtiofs): notifications there hear only what this machine wrote. Only file systems known
/// to be local count as reliable; an unknown one is treated as unreliable.
///
/// The numbers are those of the Linux kernel's `include/uapi/linux/magic.h` and the `statfs(2)`
/// manual page (ZFS's from OpenZFS, which is not in the kernel tree).
struct FileSystemKind: Sendable, Equatable {
    enum Notifications: Sendable, Equatable {
        /// A local file system: every change is notified.
        case complete
        /// Changes made elsewhere (another machine, a FUSE daemon) are not notified.
        case localOnly
        /// Not a file system we know; treated as `localOnly`.
        case unknown
    }

    let magic: UInt32
    /// A short name for messages (`ext4`, `nfs`, `fuse`).
    let name: String
    let notifications: Notifications

    /// Local file systems, whose notifications hear every change.
    static let local: [FileSystemKind] = [
        .init(0xEF53, "ext4"),  // ext2, ext3 and ext4 share it
        .init(0x5846_5342, "xfs"),
        .init(0x9123_683E, "btrfs"),
        .init(0x0102_1994, "tmpfs"),
        .init(0x8584_58F6, "ramfs"),
        .init(0xF2F5_2010, "f2fs"),
        .init(0x2FC1_2FC1, "zfs"),
        .init(0xCA45_1A4E, "bcachefs"),
        .init(0x5265_4973, "reiserfs"),
        .init(0x3153_464A, "jfs"),
        .init(0x3434, "nilfs"),
        .init(0x4D44, "vfat"),  // FAT12/16/32 (a USB stick)
        .init(0x2011_BAB0, "exfat"),
        .init(0x5346_544E, "ntfs"),  // the kernel's ntfs3 driver
        .init(0x482B, "hfsplus"),
        .init(0x1501_3346, "udf"),
        .init(0x794C_7630, "overlayfs"),  // containers: changes through the overlay are notified
    ]

    /// Network, cluster and user-space file systems: notifications miss what other machines
    /// (or the daemon behind the mount) change.
    static let remote: [FileSystemKind] = [
        .init(0x6969, "nfs", .localOnly),
        .init(0x517B, "smb", .localOnly),
        .init(0xFF53_4D42, "cifs", .localOnly),
        .init(0xFE53_4D42, "smb2", .localOnly),
        .init(0x6573_5546, "fuse", .localOnly),  // sshfs, rclone, many Dropbox and cloud mounts, virtiofs
        .init(0x0102_1997, "9p", .localOnly),  // v9fs: WSL's Windows drives, VM shared folders
        .init(0x00C3_6400, "ceph", .localOnly),
        .init(0x5346_414F, "afs", .localOnly),
        .init(0x6B41_4653, "kafs", .localOnly),
        .init(0x7375_7245, "coda", .localOnly),
        .init(0x564C, "ncp", .localOnly),
        .init(0x0116_1970, "gfs2", .localOnly),
        .init(0x7461_636F, "ocfs2", .localOnly),
        .init(0x0BD0_0BD0, "lustre", .localOnly),
        .init(0x4750_4653, "gpfs", .localOnly),
        .init(0x2003_0528, "orangefs", .localOnly),
    ]

    private init(_ magic: UInt32, _ name: String, _ notifications: Notifications = .complete) {
        self.magic = magic
        self.name = name
        self.notifications = notifications
    }

    /// What a magic number stands for; an unknown one is named by its number.
    init(magic: UInt32) {
        if let known = (Self.local + Self.remote).first(where: { $0.magic == magic }) {
            self = known
        } else {
            self.init(magic, "0x" + String(magic, radix: 16), .unknown)
        }
    }

    /// Whether change notifications on it can be trusted to hear of every change.
    var notifiesEveryChange: Bool { notifications == .complete }

    /// Why notifications there cannot be trusted, for the watcher's `pollReason`.
    var unreliableBecause: String {
        switch notifications {
        case .complete: "\(name) notifies every change"
        case .localOnly: "the folder is on \(name), where changes made on other machines raise no change hints"
        case .unknown: "the folder is on a file system Ours does not know (type \(name)); only known local ones get change hints"
        }
    }

    /// The file system `path` is on; `nil` when it cannot be told (the path is missing, or the
    /// platform has no `statfs` with magic numbers).
    static func of(_ path: String) -> FileSystemKind? {
        #if os(Linux)
            guard let statfs = statfsFunction else { return nil }
            // `struct statfs` begins with `f_type` on every Linux architecture: a word
            // (`__fsword_t`), except on s390x, where it is a 32-bit unsigned int.
            var buffer = [UInt64](repeating: 0, count: 64)  // 512 bytes; the struct is 120 on 64-bit
            let status = buffer.withUnsafeMutableBytes { bytes in statfs(path, bytes.baseAddress!) }
            guard status == 0 else { return nil }
            #if arch(s390x)
                let magic = buffer.withUnsafeBytes { $0.load(as: UInt32.self) }
            #else
                let magic = buffer.withUnsafeBytes { UInt32(truncatingIfNeeded: $0.load(as: Int.self)) }
            #endif
            return FileSystemKind(magic: magic)
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// `statfs(2)`, looked up at run time: the toolchain's Glibc module does not include
        /// `<sys/statfs.h>`.
        private static let statfsFunction: (@convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statfs") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32).self)
        }()
    #endif
}
