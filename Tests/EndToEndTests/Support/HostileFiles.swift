import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, read without following a link or opening a pipe: enough to tell whether
/// anything touched it.
enum Entry: Equatable, CustomStringConvertible, Sendable {
    case missing
    case file([UInt8])
    case directory([String])
    case link(String)
    case pipe
    case other

    static func at(_ path: String) -> Entry {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(Array(FileManager.default.contents(atPath: path) ?? Data()))
        case S_IFDIR: return .directory(((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted())
        case S_IFLNK: return .link((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        case S_IFIFO: return .pipe
        default: return .other
        }
    }

    var description: String {
        switch self {
        case .missing: "missing"
        case .file(let bytes): "file of \(bytes.count) bytes"
        case .directory(let names): "directory \(names)"
        case .link(let target): "link to \(target)"
        case .pipe: "named pipe"
        case .other: "other"
        }
    }
}

/// A directory outside the shared folder and every device's state directory, full of things a
/// hostile folder points at (a secret file, a folder, a copy of a household). Nothing may ever
/// read, write, create or remove anything in it: every file's modification, change and access
/// times are recorded, with access times set in the past so that any read moves them.
final class OutsideMarker {
    let path: String

    init(root: String) {
        path = root + "/outside"
        let manager = FileManager.default
        try! manager.createDirectory(atPath: path + "/dir", withIntermediateDirectories: true)
        try! manager.createDirectory(atPath: path + "/codes", withIntermediateDirectories: true)
        try! Data(#"{"name": "Secret", "_ours": {"id": "secret", "type": "item"}}"#.utf8).write(
            to: URL(fileURLWithPath: path + "/secret.json"))
        try! Data("keep me\n".utf8).write(to: URL(fileURLWithPath: path + "/dir/marker.txt"))
    }

    /// Copies a household folder in, so codes and links can point at something that looks real.
    func addHousehold(copyOf zone: String, as name: String = "home") {
        try! FileManager.default.copyItem(atPath: zone, toPath: path + "/" + name)
    }

    func addFile(_ relative: String, _ text: String) {
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
    }

    /// Sets every file's access time a day before its modification time; call after the last
    /// change made by the test itself.
    func arm() {
        for relative in walk() where Self.kind(path + "/" + relative) == S_IFREG {
            var info = stat()
            lstat(path + "/" + relative, &info)
            var times = [timespec(tv_sec: Times.modified(info).tv_sec - 86_400, tv_nsec: 0), Times.modified(info)]
            utimensat(AT_FDCWD, path + "/" + relative, &times, AT_SYMLINK_NOFOLLOW)
        }
    }

    /// Relative path → kind, size, inode and times (access times of files only: listing a
    /// folder to take this very snapshot moves a folder's own).
    func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        for relative in [""] + walk() {
            var info = stat()
            guard lstat(path + "/" + relative, &info) == 0 else { continue }
            let isFile = info.st_mode & S_IFMT == S_IFREG
            result[relative] =
                "mode \(info.st_mode) size \(info.st_size) inode \(info.st_ino) "
                + "mtime \(Times.text(Times.modified(info))) ctime \(Times.text(Times.changed(info)))"
                + (isFile ? " atime \(Times.text(Times.accessed(info)))" : "")
        }
        return result
    }

    private func walk() -> [String] {
        var result: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String { result.append(relative) }
        return result.sorted()
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Whether this file system moves a file's access time when it is read (not `noatime`):
    /// when it does not, only writes can be detected, and the tests say so.
    static let readsAreVisible: Bool = {
        let probe = FileManager.default.temporaryDirectory.path + "/ours-atime-" + UUID().uuidString.prefix(8)
        defer { unlink(probe) }
        _ = FileManager.default.createFile(atPath: probe, contents: Data("x".utf8))
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_900_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, probe, &times, 0)
        _ = FileManager.default.contents(atPath: probe)
        var info = stat()
        stat(probe, &info)
        return Times.accessed(info).tv_sec != 1_000_000_000
    }()
}

/// Things only the POSIX API makes: pipes, names that are not UTF-8, huge files.
enum HostileMaker {
    static func fifo(_ path: String) {
        try! FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
        precondition(mkfifo(path, 0o644) == 0, "mkfifo \(path): errno \(errno)")
    }

    static func link(_ path: String, to target: String) {
        try! FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// The C path of `directory` + `/` + a raw name that need not be UTF-8.
    static func rawPath(_ directory: String, _ name: [UInt8]) -> [CChar] {
        (Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    }

    /// A file whose name is raw bytes (e.g. Latin-1 `caf\xE9.json`), written with open(2).
    static func file(in directory: String, rawName: [UInt8], contents: [UInt8]) {
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(rawPath(directory, rawName), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        precondition(fd >= 0, "open: errno \(errno)")
        _ = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func directory(in directory: String, rawName: [UInt8]) {
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        precondition(mkdir(rawPath(directory, rawName), 0o755) == 0, "mkdir: errno \(errno)")
    }

    /// The bytes of a file with a raw name, or `nil` when it is gone.
    static func contents(in directory: String, rawName: [UInt8]) -> [UInt8]? {
        let fd = open(rawPath(directory, rawName), O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    static func isDirectory(in directory: String, rawName: [UInt8]) -> Bool {
        var info = stat()
        return lstat(rawPath(directory, rawName), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A well-formed record file of exactly `size` bytes (a huge `note`), written a megabyte
    /// at a time: made at test time, never committed.
    static func bigRecord(_ path: String, size: Int) {
        try! FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
        let head = Array(#"{"name": "Big", "note": ""#.utf8)
        let tail = Array("\"}\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(head))
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        var left = size - head.count - tail.count
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        while left > 0 {
            let count = min(left, chunk.count)
            handle.write(chunk.prefix(count))
            left -= count
        }
        handle.write(Data(tail))
        handle.closeFile()
    }
}

extension World {
    /// The household folder's name (what problem paths start with).
    var zoneName: String { (zone as NSString).lastPathComponent }

    /// Where a corpus file goes under `records/`: the shard folder its own name would use.
    func hostileRecordPath(_ file: String) -> String {
        zone + "/records/item/" + ZoneLayout.shard(of: String(file.dropLast(5))) + "/" + file
    }
}

/// A stat's times, on Linux and Darwin.
enum Times {
    #if canImport(Darwin)
        static func modified(_ info: stat) -> timespec { info.st_mtimespec }
        static func changed(_ info: stat) -> timespec { info.st_ctimespec }
        static func accessed(_ info: stat) -> timespec { info.st_atimespec }
    #else
        static func modified(_ info: stat) -> timespec { info.st_mtim }
        static func changed(_ info: stat) -> timespec { info.st_ctim }
        static func accessed(_ info: stat) -> timespec { info.st_atim }
    #endif

    static func text(_ time: timespec) -> String { "\(time.tv_sec).\(time.tv_nsec)" }
}
