import Foundation
import Testing

@testable import OursSync

/// Which file systems get change hints: told by `statfs`'s magic number.
@Suite("Change hints: the folder's file system")
struct FileSystemKindTests {
    @Test(arguments: [
        (UInt32(0xEF53), "ext4"), (0x5846_5342, "xfs"), (0x9123_683E, "btrfs"), (0x0102_1994, "tmpfs"),
        (0x2FC1_2FC1, "zfs"), (0x4D44, "vfat"), (0x794C_7630, "overlayfs"),
    ])
    func localFileSystemsNotifyEveryChange(magic: UInt32, name: String) {
        let kind = FileSystemKind(magic: magic)
        #expect(kind.name == name)
        #expect(kind.notifiesEveryChange)
    }

    @Test(arguments: [
        (UInt32(0x6969), "nfs"), (0x517B, "smb"), (0xFF53_4D42, "cifs"), (0xFE53_4D42, "smb2"), (0x6573_5546, "fuse"),
        (0x0102_1997, "9p"), (0x00C3_6400, "ceph"), (0x5346_414F, "afs"),
    ])
    func networkAndUserSpaceFileSystemsDoNot(magic: UInt32, name: String) {
        let kind = FileSystemKind(magic: magic)
        #expect(kind.name == name)
        #expect(!kind.notifiesEveryChange)
        #expect(kind.unreliableBecause.contains("on \(name), where changes made on other machines raise no change hints"))
    }

    @Test func anUnknownFileSystemIsNamedByItsNumberAndPolled() {
        let kind = FileSystemKind(magic: 0x1234_5678)
        #expect(kind.name == "0x12345678")
        #expect(kind.notifications == .unknown)
        #expect(!kind.notifiesEveryChange)
        #expect(kind.unreliableBecause.contains("type 0x12345678"))
    }

    @Test func everyNumberIsListedOnce() {
        let all = FileSystemKind.local + FileSystemKind.remote
        #expect(Set(all.map(\.magic)).count == all.count)
        #expect(Set(all.map(\.name)).count == all.count)
    }

    #if os(Linux)
        @Test func statfsIsReadFromTheKernel() throws {
            #expect(FileSystemKind.of("/proc")?.magic == 0x9FA0, "procfs's number: the field is read where it lies")
            let temp = TemporaryDirectory("kind")
            #expect(FileSystemKind.of(temp.path) != nil)
            #expect(FileSystemKind.of(temp.path + "/missing") == nil)
        }
    #endif
}
