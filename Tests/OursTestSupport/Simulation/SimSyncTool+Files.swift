import Foundation
import OursSync

/// The sync tool's file operations on one copy, and the names it gives conflict copies.
extension SimSyncTool {
    enum ConflictScheme: CaseIterable { case dropbox, syncthing, icloud }

    func absolute(_ path: String) -> String { SimSyncTool.root + "/" + path }

    func read(_ copy: Int, _ path: String) -> [UInt8]? {
        let fileSystem = copies[copy].fileSystem
        guard let stat = try? fileSystem.stat(absolute(path)), stat.kind == .file else { return nil }
        return try? fileSystem.read(absolute(path), limit: Int.max)
    }

    func modified(_ copy: Int, _ path: String) -> Int64? {
        guard let stat = try? copies[copy].fileSystem.stat(absolute(path)), stat.kind == .file else { return nil }
        return stat.modifiedNanos
    }

    /// Writes in place, keeping the sender's modification time (as Syncthing and Dropbox do).
    func write(_ copy: Int, _ path: String, _ bytes: [UInt8], mtime: Int64) {
        let fileSystem = copies[copy].fileSystem
        let target = absolute(path)
        try? fileSystem.createDirectory(parentPath(target))
        try? fileSystem.writeInPlace(target, bytes, modifiedNanos: mtime)
    }

    /// Keeps the losing side of a conflict beside the file, under one of three tools' names.
    ///
    /// A name is never given twice, on any copy. Dropbox and iCloud Drive name conflict copies
    /// on their servers, which see every upload in turn, and Syncthing's names carry the device
    /// and the second; two copies each making `x 2.json` with different contents, which then
    /// conflict as `x 2 2.json` and so on, is this model's artefact, not something the tools do.
    func writeConflictCopy(_ copy: Int, _ path: String, _ bytes: [UInt8], mtime: Int64, _ random: inout SplitMix64) {
        let scheme = random.pick(ConflictScheme.allCases)
        var attempt = 1
        var name = conflictName(copy, path, scheme, attempt)
        while issuedConflictNames.contains(name) || (try? copies[copy].fileSystem.stat(absolute(name))) != nil {
            attempt += 1
            name = conflictName(copy, path, scheme, attempt)
        }
        issuedConflictNames.insert(name)
        write(copy, name, bytes, mtime: mtime)
        stats.conflictCopies += 1
    }

    /// `x (Mike's conflicted copy 2025-12-21).json`, `x.sync-conflict-20251221-101500-ABCDEFG.json`, `x 2.json`.
    func conflictName(_ copy: Int, _ path: String, _ scheme: ConflictScheme, _ attempt: Int) -> String {
        let directory = parentPath(path)
        let file = lastComponent(path)
        let stem = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        let now = UTCTime.iso8601(millis: copies[copy].clock.nowMillis())  // 2026-11-22T10:15:00.123Z
        let date = String(now.prefix(10))
        let time = String(now.dropFirst(11).prefix(8)).replacingOccurrences(of: ":", with: "")
        let name: String
        switch scheme {
        case .dropbox:
            let suffix = attempt > 1 ? " (\(attempt - 1))" : ""
            name = "\(stem) (\(copies[copy].person)'s conflicted copy \(date)\(suffix)).json"
        case .syncthing:
            let suffix = attempt > 1 ? "-\(attempt - 1)" : ""
            name =
                "\(stem).sync-conflict-\(date.replacingOccurrences(of: "-", with: ""))-\(time)-\(copies[copy].shortID)\(suffix).json"
        case .icloud:
            name = "\(stem) \(attempt + 1).json"
        }
        return directory == "." ? name : directory + "/" + name
    }
}
