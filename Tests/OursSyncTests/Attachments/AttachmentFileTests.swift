import Foundation
import OursTestSupport
import Testing

@testable import OursSync

/// Attachment files read and written a chunk at a time, and judged by their bytes.
@Suite("Attachments: files checked by their bytes")
struct AttachmentFileTests {
    let fileSystem = InMemoryFileSystem()

    func file(_ path: String, _ bytes: [UInt8]) {
        try? fileSystem.createDirectory(parentPath(path))
        try! fileSystem.writeAtomically(path, bytes, durability: .immediate)
    }

    /// Bytes over several chunks: the digest is the one-shot SHA-256 of the whole.
    static let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<(AttachmentFile.chunkSize * 2 + 777)).map { UInt8($0 % 251) }

    static var ref: AttachmentRef {
        AttachmentRef(
            sha256: SHA256.hex(SHA256.hash(bytes)), size: Int64(bytes.count), type: "image/jpeg", name: "photo.jpg")
    }

    @Test func aCopyIsHashedAsItGoesAndLandsWholeAtEveryDestination() throws {
        file("/in/photo.jpg", Self.bytes)
        let digest = try AttachmentFile.copy(
            "/in/photo.jpg", to: ["/a/x.jpg", "/b/c/x.jpg"], expected: nil, fileSystem: fileSystem)
        #expect(digest.sha256 == Self.ref.sha256 && digest.size == Self.ref.size)
        #expect(AttachmentKind.sniff(digest.prefix).type == "image/jpeg")
        for path in ["/a/x.jpg", "/b/c/x.jpg"] { #expect(try fileSystem.read(path, limit: Int.max) == Self.bytes) }
        #expect(fileSystem.files(under: "/a").count == 1, "no temporary file left")
    }

    @Test func bytesThatAreNotTheExpectedOnesLeaveNothingBehind() throws {
        var other = Self.bytes
        other[other.count / 2] ^= 1
        file("/in/photo.jpg", other)
        #expect(throws: AttachmentFileError.self) {
            try AttachmentFile.copy("/in/photo.jpg", to: ["/a/x.jpg"], expected: Self.ref, fileSystem: fileSystem)
        }
        #expect(fileSystem.files(under: "/a").isEmpty, "nothing written, not even a temporary file")
    }

    @Test func aFileLargerThanTheLimitIsRefusedWithoutBeingKept() throws {
        file("/in/big.bin", [UInt8](repeating: 7, count: 1000))
        let small = AttachmentRef(sha256: String(repeating: "0", count: 64), size: 10, type: "x", name: nil)
        #expect(throws: AttachmentFileError.self) {
            try AttachmentFile.copy("/in/big.bin", to: ["/a/x.bin"], expected: small, fileSystem: fileSystem)
        }
        #expect(fileSystem.files(under: "/a").isEmpty)
    }

    /// Shorter is still arriving, the right size with other bytes or longer is damaged, a
    /// cloud drive's placeholder is not downloaded here, and only the exact bytes are whole.
    @Test func howAFolderFileStands() {
        let ref = Self.ref
        let path = "/shared/h/attachments/" + ref.relativePath
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .missing)
        file(parentPath(path) + "/." + ref.fileName + ".icloud", [1, 2, 3])
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .notDownloaded)
        file(path, Array(Self.bytes.prefix(1000)))
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .arriving(have: 1000))
        var damaged = Self.bytes
        damaged[5] ^= 0x40
        file(path, damaged)
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .damaged)
        file(path, Self.bytes + [0])
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .damaged)
        file(path, Self.bytes)
        #expect(AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem).0 == .whole)
    }

    /// On a real disk too, and an empty file is an attachment like any other.
    @Test func aCopyOnARealDisk() throws {
        let directory = TemporaryDirectory()
        let disk = LocalFileSystem()
        let source = directory.path + "/voice.m4a"
        try Data(Self.bytes).write(to: URL(fileURLWithPath: source))
        let target = directory.path + "/kept/ab/voice.m4a"
        let digest = try AttachmentFile.copy(source, to: [target], expected: nil, fileSystem: disk)
        #expect(digest.sha256 == Self.ref.sha256)
        #expect(FileManager.default.contents(atPath: target) == Data(Self.bytes))
        try Data().write(to: URL(fileURLWithPath: directory.path + "/empty"))
        let empty = try AttachmentFile.copy(
            directory.path + "/empty", to: [directory.path + "/e/x"], expected: nil, fileSystem: disk)
        #expect(empty.size == 0 && empty.sha256 == SHA256.hex(SHA256.hash([])))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/e/x"))
    }
}
