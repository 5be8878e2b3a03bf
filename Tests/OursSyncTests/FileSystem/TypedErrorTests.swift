import Foundation
import Testing

@testable import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed file operation reaches an app as typed values — the system's error number, the
/// path, the reason — not only as a sentence, in `FileSystemError`, `OursError.cause` and
/// `Problem.cause`.
@Suite("Typed errors: errno and path kept as values")
struct TypedErrorTests {
    @Test func aMissingFileKeepsItsErrnoAndPath() throws {
        let temp = TemporaryDirectory("typed-errors")
        let path = temp.path + "/missing.json"
        do {
            _ = try LocalFileSystem().read(path, limit: 1024)
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(error.reason == .notFound)
            #expect(error.errno == ENOENT)
            #expect(error.path == path)
            #expect(error.url == URL(fileURLWithPath: path))
            #expect(error.description == "cannot read \(path): no such file or directory")
        }
    }

    @Test func aRefusalOfOursOwnHasNoErrno() throws {
        let temp = TemporaryDirectory("typed-errors")
        let path = temp.path + "/big.json"
        try Data(repeating: 0x20, count: 100).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileSystemError("read", path, .tooLarge(limit: 10))) { try LocalFileSystem().read(path, limit: 10) }
    }

    @Test func anEngineErrorKeepsTheFileSystemFailureAsItsCause() throws {
        let temp = TemporaryDirectory("typed-errors")
        let file = temp.path + "/a-file"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let device = Device(home: file + "/home")
        do {
            _ = try device.initialize(name: "Sarah", email: nil)
            Issue.record("a state directory inside a file was made")
        } catch {
            #expect(error.kind == .failed)
            let cause = try #require(error.cause, "\(error)")
            #expect(cause.errno == ENOTDIR)
            #expect(cause.reason == .notADirectory)
            #expect(error.errno == ENOTDIR)
            #expect(error.path?.hasPrefix(file) == true, "\(error.path ?? "no path")")
            #expect(error.message == cause.description, "the words are as before")
        }
    }

    @Test func ioKeepsTheCauseAndChoosesTheKindByReason() {
        let full = FileSystemError("write", "/x/y.json", .noSpace, errno: ENOSPC)
        #expect(OursError.io(full).kind == .failed)
        #expect(OursError.io(full).cause == full)
        #expect(OursError.io(full).errno == ENOSPC)
        let denied = FileSystemError("write", "/x/y.json", .permissionDenied, errno: EACCES)
        #expect(OursError.io(denied).kind == .notPermitted)
        #expect(OursError.io(denied).path == "/x/y.json")
        #expect(OursError.usage("bad flag").cause == nil)
    }

    @Test func anUnreadableRecordIsAProblemWithItsCause() throws {
        let temp = TemporaryDirectory("typed-errors")
        let shared = temp.sub("shared")
        let sarah = Device(home: temp.path + "/sarah")
        _ = try sarah.initialize(name: "Sarah", email: nil)
        let home = try sarah.createZone(name: "Home", folder: shared)
        let key = try home.put(type: "item", fields: ["name": "Milk"])
        let layout = try #require(home.layout)
        let file = try #require(
            FileManager.default.enumerator(atPath: layout.records)?.compactMap { $0 as? String }.first {
                $0.hasSuffix("/\(key.id).json")
            })
        // A folder where the record file was: reading it fails with EISDIR.
        try FileManager.default.removeItem(atPath: layout.records + "/" + file)
        try FileManager.default.createDirectory(atPath: layout.records + "/" + file, withIntermediateDirectories: false)
        let report = try home.sync()
        let problem = try #require(report.problems.first { $0.cause != nil }, "\(report.problems)")
        #expect(problem.cause?.path == layout.records + "/" + file)
        #expect(problem.cause?.reason == .isADirectory)
    }
}
