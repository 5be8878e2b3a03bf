import Foundation
import Testing

@testable import OursSync

/// One contract, run against every `FileSystem`: what the engine may assume of the disk. The
/// in-memory file system stands in for the real one in most tests, so wherever they differ a
/// test above could pass in memory and fail on a disk.
@Suite("File system contract")
struct FileSystemContractTests {
    /// A file system under test with an empty directory to work in, and the one thing the
    /// protocol cannot do itself: make a symbolic link, as a person or a sync tool would.
    struct Subject: CustomTestStringConvertible, Sendable {
        let name: String
        let make:
            @Sendable () -> (fileSystem: any FileSystem, root: String, link: @Sendable (String, String) -> Void, keep: AnyObject?)

        var testDescription: String { name }
    }

    static let subjects: [Subject] = [
        Subject(name: "LocalFileSystem") {
            let temp = TemporaryDirectory("contract")
            return (
                LocalFileSystem(), temp.path,
                { path, target in
                    try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
                }, temp
            )
        },
        Subject(name: "InMemoryFileSystem") {
            let fileSystem = InMemoryFileSystem()
            try! fileSystem.createDirectory("/root")
            return (fileSystem, "/root", { path, target in fileSystem.createSymlink(path, to: target) }, nil)
        },
    ]

    /// Why `body` failed, or `nil` if it did not.
    static func reason(_ body: () throws -> Void) -> FileSystemError.Reason? {
        do { try body() } catch let error as FileSystemError { return error.reason } catch {
            Issue.record("not a FileSystemError: \(error)")
        }
        return nil
    }

    @Test(arguments: subjects) func aMissingPathHasNoStatAndCannotBeRead(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        #expect(try fs.stat(joinPath(root, "absent")) == nil)
        #expect(try fs.stat(joinPath(root, "absent/below")) == nil, "below a missing folder is missing too")
        #expect(Self.reason { _ = try fs.read(joinPath(root, "absent"), limit: 10) } == .notFound)
        #expect(Self.reason { _ = try fs.list(joinPath(root, "absent")) } == .notFound)
    }

    @Test(arguments: subjects) func aWrittenFileReadsBackWithItsSizeAndKind(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "milk.json")
        try fs.writeAtomically(path, Array("{\"qty\": 2}".utf8), durability: .immediate)
        #expect(try fs.read(path, limit: 100) == Array("{\"qty\": 2}".utf8))
        let stat = try #require(try fs.stat(path))
        #expect(stat.kind == .file)
        #expect(stat.size == 10)
        #expect(try fs.stat(root)?.kind == .directory)
    }

    @Test(arguments: subjects) func aReadLongerThanItsLimitIsRefused(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "big")
        try fs.writeAtomically(path, [UInt8](repeating: 65, count: 11), durability: .deferred)
        #expect(Self.reason { _ = try fs.read(path, limit: 10) } == .tooLarge(limit: 10))
        #expect(try fs.read(path, limit: 11).count == 11)
        #expect(try fs.readLocked(path, limit: 11).count == 11)
    }

    @Test(arguments: subjects) func anAtomicWriteReplacesWithANewInode(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "a")
        try fs.writeAtomically(path, [1, 2, 3], durability: .deferred)
        let first = try #require(try fs.stat(path))
        try fs.writeAtomically(path, [4], durability: .deferred)
        #expect(try fs.read(path, limit: 10) == [4])
        #expect(try fs.stat(path)?.inode != first.inode, "replaced, not written in place")
    }

    @Test(arguments: subjects) func anAtomicWriteNeedsItsFolder(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        #expect(Self.reason { try fs.writeAtomically(joinPath(root, "no/such"), [1], durability: .deferred) } == .notFound)
        try fs.createDirectory(joinPath(root, "dir"))
        #expect(Self.reason { try fs.writeAtomically(joinPath(root, "dir"), [1], durability: .deferred) } != nil)
    }

    @Test(arguments: subjects) func overwriteKeepsTheFileAndNeedsOneToExist(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "a")
        #expect(Self.reason { try fs.overwrite(path, [1]) } == .notFound)
        try fs.writeAtomically(path, Array("longer text".utf8), durability: .deferred)
        try fs.overwrite(path, Array("short".utf8))
        #expect(try fs.read(path, limit: 100) == Array("short".utf8), "a shorter rewrite is truncated")
    }

    @Test(arguments: subjects) func createDirectoryMakesParentsAndIsIdempotent(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let deep = joinPath(root, "a/b/c")
        try fs.createDirectory(deep)
        try fs.createDirectory(deep)
        #expect(try fs.stat(deep)?.kind == .directory)
        try fs.writeAtomically(joinPath(root, "file"), [1], durability: .deferred)
        #expect(Self.reason { try fs.createDirectory(joinPath(root, "file")) } == .notADirectory)
    }

    @Test(arguments: subjects) func listingNamesEveryEntryWithItsKind(subject: Subject) throws {
        let (fs, root, link, keep) = subject.make()
        defer { _ = keep }
        try fs.writeAtomically(joinPath(root, "f.json"), [1], durability: .deferred)
        try fs.createDirectory(joinPath(root, "d"))
        link(joinPath(root, "l"), "/etc")
        let entries = try fs.list(root).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["d", "f.json", "l"], "no . or ..")
        #expect(entries.map(\.kind) == [.directory, .file, .symlink])
        #expect(Self.reason { _ = try fs.list(joinPath(root, "f.json")) } == .notADirectory)
    }

    @Test(arguments: subjects) func linksAreSeenButNeverFollowed(subject: Subject) throws {
        let (fs, root, link, keep) = subject.make()
        defer { _ = keep }
        try fs.writeAtomically(joinPath(root, "target"), [7], durability: .deferred)
        link(joinPath(root, "l"), joinPath(root, "target"))
        #expect(try fs.stat(joinPath(root, "l"))?.kind == .symlink)
        #expect(Self.reason { _ = try fs.read(joinPath(root, "l"), limit: 10) } == .symbolicLink)
        #expect(fs.realPath(joinPath(root, "l")) == fs.realPath(joinPath(root, "target")))
    }

    @Test(arguments: subjects) func removeTakesFilesAndEmptyFoldersAndForgivesTheMissing(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        try fs.writeAtomically(joinPath(root, "f"), [1], durability: .deferred)
        try fs.createDirectory(joinPath(root, "d/inner"))
        try fs.remove(joinPath(root, "f"))
        #expect(try fs.stat(joinPath(root, "f")) == nil)
        try fs.remove(joinPath(root, "f"))
        #expect(Self.reason { try fs.remove(joinPath(root, "d")) } != nil, "a folder with something in it stays")
        try fs.remove(joinPath(root, "d/inner"))
        try fs.remove(joinPath(root, "d"))
        #expect(try fs.stat(joinPath(root, "d")) == nil)
    }

    @Test(arguments: subjects) func renameMovesAndReplaces(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        try fs.writeAtomically(joinPath(root, "a"), [1], durability: .deferred)
        try fs.writeAtomically(joinPath(root, "b"), [2], durability: .deferred)
        try fs.rename(joinPath(root, "a"), to: joinPath(root, "b"))
        #expect(try fs.stat(joinPath(root, "a")) == nil)
        #expect(try fs.read(joinPath(root, "b"), limit: 10) == [1])
        #expect(Self.reason { try fs.rename(joinPath(root, "a"), to: joinPath(root, "c")) } == .notFound)
    }

    @Test(arguments: subjects) func appendCreatesAndExtends(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "journal")
        try fs.append(path, [1, 2])
        try fs.append(path, [3])
        #expect(try fs.read(path, limit: 10) == [1, 2, 3])
    }

    @Test(arguments: subjects) func statManyAgreesWithStatOne(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        try fs.writeAtomically(joinPath(root, "a"), [1], durability: .deferred)
        try fs.createDirectory(joinPath(root, "d"))
        let names = ["a", "d", "absent"]
        let many = fs.stat(names, in: root).map { try? $0.get() }
        let one = names.map { try? fs.stat(joinPath(root, $0)) }
        #expect(many == one)
        #expect(fs.stat(["a"], in: joinPath(root, "absent")).map { try? $0.get() } == [nil])
    }

    @Test(arguments: subjects) func aFolderTimeMovesWhenAnEntryIsAdded(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let folder = joinPath(root, "items")
        try fs.createDirectory(folder)
        let before = try #require(try fs.stat(folder))
        Thread.sleep(forTimeInterval: 0.01)
        try fs.writeAtomically(joinPath(folder, "x"), [1], durability: .deferred)
        let after = try #require(try fs.stat(folder))
        #expect(after.modifiedNanos > before.modifiedNanos, "the quick pass relies on it")
    }

    @Test(arguments: subjects) func aHeldLockRefusesASecondHolderUntilReleased(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        let path = joinPath(root, "lock")
        let first = try #require(try fs.lock(path, wait: false))
        #expect(try fs.lock(path, wait: false) == nil)
        first.unlock()
        let again = try #require(try fs.lock(path, wait: false))
        again.unlock()
    }

    @Test(arguments: subjects) func aFolderIsWritable(subject: Subject) throws {
        let (fs, root, _, keep) = subject.make()
        defer { _ = keep }
        #expect(fs.isWritableDirectory(root))
    }
}
