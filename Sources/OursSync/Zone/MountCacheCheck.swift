/// What `ours doctor` tells of the network mount that holds the shared folder (Linux, from
/// `MountTable`): which mount it is and, when it shows folder listings older than about a
/// second, how old and which options make it show them fresh.
///
/// A mount that caches a listing shows another machine's new file only once its cache expires,
/// so a change waits that long before any pass of this device can see it (measured: a new
/// file reached the other side of an sshfs mount after 20 s, its default). The options:
///
/// - NFS caches a folder's attributes, and so its listing, for `acdirmin` to `acdirmax` seconds
///   (30 to 60 by default); `actimeo=1` sets all four of its attribute times to one second, and
///   `lookupcache=positive` keeps it from remembering a name as missing after another machine
///   made it (the `nfs(5)` manual page). The kernel lists `acdirmax` only when it is not the
///   default, `noac` when caching is off, and `lookupcache=none` or `=pos` when set.
/// - SMB (`cifs`, `smb3`) caches attributes for `actimeo` seconds, one by default; the kernel
///   lists `actimeo`, or `acdirmax` and `acregmax` when they differ (`mount.cifs(8)`).
/// - sshfs keeps its own cache of listings, 20 s by default (`dcache_timeout`; `dir_cache=no`
///   turns it off, `sshfs(1)`). Those options are the program's, not the kernel's: the mount
///   table does not show them, so the note says what to check rather than what it found.
enum MountCacheCheck {
    /// Listings at most this old count as fresh: a change arrives in about a second.
    static let freshSeconds = 2

    /// The note for the mount that holds `root`, if it is one Ours knows (NFS, SMB, sshfs).
    /// - Parameter table: the mounts to look in (this process's by default).
    static func inspect(root: String, fileSystem: any FileSystem, table: MountTable = .current()) -> [SyncToolNote] {
        let path = fileSystem.realPath(root) ?? root
        guard let mount = table.mount(holding: path) else { return [] }
        return note(for: mount).map { [$0] } ?? []
    }

    /// What to say of one mount; `nil` for a kind Ours has nothing to say about (a local disk).
    static func note(for mount: MountTable.Mount) -> SyncToolNote? {
        let evidence = "the folder is on the \(mount.type) mount of \(mount.source) at \(mount.point)"
        switch mount.type {
        case "nfs", "nfs4":
            var note = SyncToolNote(
                tool: "NFS", evidence: evidence,
                advice:
                    "mount it with -o actimeo=1,lookupcache=positive (mount -t \(mount.type) -o actimeo=1,lookupcache=positive "
                    + "\(mount.source) \(mount.point)) so that other machines' changes show within about a second")
            if mount.options["noac"] == nil {
                let listed = mount.options["acdirmax"].flatMap { Int($0) }
                note.warning = stale(
                    seconds: listed ?? 60, because: listed.map { "acdirmax=\($0)" } ?? "acdirmax=60, the default")
            }
            return note
        case "cifs", "smb3":
            var note = SyncToolNote(
                tool: "SMB", evidence: evidence,
                advice: "keep actimeo=1, the default (mount -t \(mount.type) -o actimeo=1 \(mount.source) \(mount.point)), "
                    + "so that other machines' changes show within about a second")
            let option = mount.options["acdirmax"] == nil ? "actimeo" : "acdirmax"
            let seconds = mount.options[option].flatMap { Int($0) } ?? 1
            note.warning = stale(seconds: seconds, because: "\(option)=\(seconds)")
            return note
        case "fuse.sshfs":
            return SyncToolNote(
                tool: "sshfs", evidence: evidence,
                advice: "mount it with -o dcache_timeout=1 (or -o dir_cache=no) so that other machines' changes show "
                    + "within about a second",
                warning: "sshfs shows folder listings up to 20 s old unless it was mounted so; its own options are not "
                    + "in the mount table, so Ours cannot tell which this mount has")
        default:
            return nil
        }
    }

    /// The warning for a mount whose listings may be `seconds` old (`because` of an option);
    /// `nil` when that is fresh enough.
    static func stale(seconds: Int, because option: String) -> String? {
        guard seconds > freshSeconds else { return nil }
        return "this mount shows folder listings up to \(seconds) s old (\(option)): a file another machine adds or "
            + "changes reaches this device that late"
    }
}
