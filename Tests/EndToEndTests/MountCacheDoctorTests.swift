import Foundation
import Testing

/// `ours doctor` on a shared folder held by a network mount says which mount it is and, when the
/// mount shows folder listings more than a couple of seconds old, how old and which options make
/// changes arrive in about a second. The built binary reads a mount table of the test's own,
/// shown as its `/proc/self/mountinfo` in a private mount namespace; the lines' options are as
/// Linux lists them for real NFS, SMB and sshfs mounts.
@Suite("End to end: doctor and a mount that caches listings", .enabled(if: MountNamespace.runnable))
struct MountCacheDoctorTests {
    /// `ours doctor --json`'s note on the mount, with `type`, `source` and `options` as the
    /// mount table lists the shared folder's mount.
    func mountNote(
        type: String, source: String, options: String, in world: World, sarah: SimulatedDevice
    ) throws
        -> [String: Any]?
    {
        let point = URL(fileURLWithPath: world.shared).resolvingSymlinksInPath().path
        let table = [
            "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
            "41 22 0:51 / \(point.replacingOccurrences(of: " ", with: "\\040")) rw,relatime shared:31 - \(type) \(source) \(options)",
        ]
        let file = world.root + "/mountinfo-" + type
        try (table.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let onMount = try MountNamespace.device(
            sarah, setup: MountNamespace.mountTable(file), named: "ours-on-" + type, in: world.root)
        let report = try onMount.ok("doctor", "--json").object
        let notes = report["syncTools"] as? [[String: Any]] ?? []
        return notes.first { ($0["evidence"] as? String)?.contains("\(type) mount of \(source)") == true }
    }

    @Test func nfsWithTheDefaultsIsSaidToCacheAMinuteAndActimeoOneIsNot() throws {
        try #require(MountNamespace.unavailable == nil, "\(MountNamespace.unavailable ?? "")")
        let world = World()
        let sarah = try world.household(members: [])[0]
        let defaults =
            "rw,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,"
            + "clientaddr=192.168.1.133,local_lock=none,addr=192.168.1.5"
        let slow = try #require(
            try mountNote(type: "nfs4", source: "nas:/export/ours", options: defaults, in: world, sarah: sarah))
        #expect(slow["tool"] as? String == "NFS")
        #expect((slow["warning"] as? String)?.contains("up to 60 s old (acdirmax=60, the default)") == true, "\(slow)")
        #expect((slow["advice"] as? String)?.contains("-o actimeo=1,lookupcache=positive") == true, "\(slow)")

        let quick =
            "rw,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,acregmin=1,acregmax=1,acdirmin=1,acdirmax=1,hard,"
            + "proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=192.168.1.133,lookupcache=pos,local_lock=none,addr=192.168.1.5"
        let fresh = try #require(try mountNote(type: "nfs4", source: "nas:/export/ours", options: quick, in: world, sarah: sarah))
        #expect(fresh["warning"] == nil, "actimeo=1 shows listings fresh: \(fresh)")
    }

    @Test func smbAndSshfsSayHowOldTheirListingsMayBe() throws {
        try #require(MountNamespace.unavailable == nil, "\(MountNamespace.unavailable ?? "")")
        let world = World()
        let sarah = try world.household(members: [])[0]
        let smb = { (actimeo: Int) in
            "rw,vers=3.1.1,cache=strict,username=sarah,uid=1000,noforceuid,gid=1000,noforcegid,addr=192.168.1.5,"
                + "file_mode=0755,dir_mode=0755,soft,nounix,serverino,mapposix,rsize=4194304,wsize=4194304,bsize=1048576,"
                + "retrans=1,echo_interval=60,actimeo=\(actimeo),closetimeo=1"
        }
        let standard = try #require(try mountNote(type: "cifs", source: "//nas/ours", options: smb(1), in: world, sarah: sarah))
        #expect(standard["tool"] as? String == "SMB" && standard["warning"] == nil, "\(standard)")
        let cached = try #require(try mountNote(type: "cifs", source: "//nas/ours", options: smb(30), in: world, sarah: sarah))
        #expect((cached["warning"] as? String)?.contains("up to 30 s old (actimeo=30)") == true, "\(cached)")

        let sshfs = try #require(
            try mountNote(
                type: "fuse.sshfs", source: "sarah@nas:/srv/ours", options: "rw,user_id=1000,group_id=1000", in: world,
                sarah: sarah))
        #expect((sshfs["warning"] as? String)?.contains("up to 20 s old") == true, "\(sshfs)")
        #expect((sshfs["advice"] as? String)?.contains("-o dcache_timeout=1") == true, "\(sshfs)")
    }
}
