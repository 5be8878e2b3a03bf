import Testing

@testable import OursSync

/// Reading `/proc/self/mountinfo` and judging the mount that holds the shared folder. The lines
/// are shaped as Linux writes them; their file system options are those real NFS, SMB and sshfs
/// mounts list (from reports on the linux-nfs and linux-cifs lists and in public projects'
/// fixtures), paths changed.
@Suite("The mount table and the mounts that cache listings")
struct MountTableTests {
    static let table = #"""
        22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw
        25 22 0:23 / /proc rw,nosuid,nodev,noexec,relatime shared:13 - proc proc rw
        40 22 0:50 / /home/ben/.mounts/my\040nas rw,nosuid,nodev,relatime shared:30 - fuse.sshfs ben@nas:/srv rw,user_id=1000,group_id=1000
        3417 22 0:212 / /mnt/nas rw,relatime - nfs4 20.20.20.43:/data/share rw,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=20.20.20.27,local_lock=none,addr=20.20.20.43
        3420 3417 0:213 / /mnt/nas/quick rw,relatime - nfs4 earthg:/export/home/orion rw,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,acregmin=1,acregmax=1,acdirmin=1,acdirmax=1,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=192.168.1.133,lookupcache=pos,local_lock=none,addr=192.168.1.5
        58 22 0:52 / /mnt/fbx rw,nosuid,nodev,noexec,relatime shared:31 - cifs //10.0.10.100/FBX24T rw,vers=3.1.1,cache=none,username=ana,uid=0,noforceuid,gid=0,noforcegid,addr=10.0.10.100,file_mode=0666,dir_mode=0755,iocharset=utf8,soft,nounix,serverino,mapposix,mfsymlinks,rsize=4194304,wsize=4194304,bsize=16777216,retrans=1,echo_interval=60,actimeo=1,closetimeo=1
        59 22 0:53 / /mnt/fbx rw,relatime shared:32 - cifs //10.0.10.100/Later rw,vers=3.0,soft,acdirmax=30,acregmax=1,closetimeo=1
        a line that is not one
        60 22 0:54 / /mnt/short rw - nfs4
        """#

    let mounts = MountTable(parsing: MountTableTests.table)

    @Test func everyWholeLineIsReadWithItsEscapesUndone() throws {
        #expect(mounts.mounts.count == 7, "\(mounts.mounts.map(\.point))")
        let sshfs = try #require(mounts.mounts.first { $0.type == "fuse.sshfs" })
        #expect(sshfs.point == "/home/ben/.mounts/my nas")
        #expect(sshfs.source == "ben@nas:/srv")
        #expect(sshfs.options == ["rw": "", "user_id": "1000", "group_id": "1000"])
        #expect(MountTable.unescape(#"a\134b\011c\12d"#) == "a\\b\tc\\12d", "three octal digits or none")
    }

    @Test func theMountHoldingAPathIsTheDeepestAndTheLastMountedThere() {
        #expect(mounts.mount(holding: "/home/ben/.mounts/my nas/Ours")?.type == "fuse.sshfs")
        #expect(mounts.mount(holding: "/home/ben/.mounts/my nasty")?.type == "ext4", "a whole folder name, not a prefix")
        #expect(mounts.mount(holding: "/mnt/nas/quick/Ours")?.source == "earthg:/export/home/orion")
        #expect(mounts.mount(holding: "/mnt/nas/Ours")?.source == "20.20.20.43:/data/share")
        #expect(mounts.mount(holding: "/mnt/fbx/Ours")?.source == "//10.0.10.100/Later", "the later mount hides the earlier")
        #expect(mounts.mount(holding: "/")?.type == "ext4")
        #expect(MountTable(parsing: "").mount(holding: "/mnt") == nil)
    }

    @Test func nfsWithItsDefaultsCachesListingsForAMinute() throws {
        let nfs = try #require(mounts.mount(holding: "/mnt/nas/Ours"))
        let note = try #require(MountCacheCheck.note(for: nfs))
        #expect(note.tool == "NFS")
        #expect(note.evidence == "the folder is on the nfs4 mount of 20.20.20.43:/data/share at /mnt/nas")
        #expect(note.warning?.contains("up to 60 s old (acdirmax=60, the default)") == true, "\(note)")
        #expect(note.advice.contains("mount -t nfs4 -o actimeo=1,lookupcache=positive 20.20.20.43:/data/share /mnt/nas"))
        let quickMount = try #require(mounts.mount(holding: "/mnt/nas/quick"))
        let quick = try #require(MountCacheCheck.note(for: quickMount))
        #expect(quick.warning == nil, "actimeo=1: \(quick)")
        var noac = try #require(mounts.mount(holding: "/mnt/nas"))
        noac.options["noac"] = ""
        #expect(MountCacheCheck.note(for: noac)?.warning == nil, "noac caches nothing")
    }

    @Test func smbCachesASecondByDefaultAndSaysWhenSetLonger() throws {
        var smb = try #require(mounts.mounts.first { $0.source == "//10.0.10.100/FBX24T" })
        #expect(MountCacheCheck.note(for: smb)?.tool == "SMB")
        #expect(MountCacheCheck.note(for: smb)?.warning == nil)
        smb.options["actimeo"] = "30"
        #expect(MountCacheCheck.note(for: smb)?.warning?.contains("up to 30 s old (actimeo=30)") == true)
        let later = try #require(mounts.mount(holding: "/mnt/fbx"))
        #expect(MountCacheCheck.note(for: later)?.warning?.contains("up to 30 s old (acdirmax=30)") == true)
    }

    @Test func sshfsIsWarnedAboutAndLocalDisksSayNothing() throws {
        let mount = try #require(mounts.mounts.first { $0.type == "fuse.sshfs" })
        let sshfs = try #require(MountCacheCheck.note(for: mount))
        #expect(sshfs.tool == "sshfs" && sshfs.warning?.contains("up to 20 s old") == true)
        #expect(sshfs.advice.contains("-o dcache_timeout=1"))
        let home = try #require(mounts.mount(holding: "/home"))
        #expect(MountCacheCheck.note(for: home) == nil)
    }

    @Test func theNoteIsForTheMountInTheTableGiven() throws {
        let fileSystem = InMemoryFileSystem(clock: ManualWallClock(millis: 1_800_000_000_000))
        for directory in ["/mnt", "/mnt/nas", "/mnt/nas/Ours"] { try fileSystem.createDirectory(directory) }
        #expect(MountCacheCheck.inspect(root: "/mnt/nas/Ours", fileSystem: fileSystem, table: mounts).map(\.tool) == ["NFS"])
        #expect(MountCacheCheck.inspect(root: "/mnt/nas/Ours", fileSystem: fileSystem, table: MountTable(mounts: [])).isEmpty)
    }

    #if os(Linux)
        @Test func thisProcesssTableIsRead() {
            let table = MountTable.current()
            #expect(table.mount(holding: "/") != nil, "every process has a root mount: \(table.mounts.count) read")
        }
    #endif
}
