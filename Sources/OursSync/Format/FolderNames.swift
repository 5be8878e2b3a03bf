/// Which names in the shared folder belong to Ours, and which belong to someone else.
///
/// Sync tools, operating systems and editors leave their own files everywhere; the engine
/// never reads, reports or touches them.
package enum FolderNames {
    /// Whether a file or folder name is another tool's (or the engine's own temporary file)
    /// and must be ignored by every reader.
    package static func isIgnored(_ name: String) -> Bool {
        // Bytes, not `String`'s Unicode-aware comparisons: this runs for every file of every
        // pass, and every name it looks for is ASCII.
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        // Hidden files: .stfolder, .stversions, .dropbox*, .DS_Store, iCloud placeholders
        // (.name.icloud), NFS silly-renames (.nfsXXXX), editor swap files (.x.swp, .#x), and
        // the engine's own temporary files (`TemporaryName`).
        if first == UInt8(ascii: ".") { return true }
        // Syncthing's temporary files on Windows and editor backups.
        if first == UInt8(ascii: "~") || last == UInt8(ascii: "~") { return true }
        for suffix: StaticString in [".tmp", ".temp", ".part"] where endsWith(bytes, suffix, ignoringCase: false) { return true }
        for other: StaticString in ["desktop.ini", "thumbs.db", "icon\r"] where bytes.count == other.utf8CodeUnitCount {
            if endsWith(bytes, other, ignoringCase: true) { return true }
        }
        return endsWith(bytes, ".icloud", ignoringCase: true)
    }

    private static func endsWith(_ bytes: String.UTF8View, _ suffix: StaticString, ignoringCase: Bool) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return suffix.withUTF8Buffer { wanted in
            zip(bytes.suffix(count), wanted).allSatisfy { have, want in
                have == want || (ignoringCase && have | 0x20 == want && want >= UInt8(ascii: "a") && want <= UInt8(ascii: "z"))
            }
        }
    }

    /// Whether a name under `records/` may be a record file.
    package static func isRecordCandidate(_ name: String) -> Bool {
        !isIgnored(name) && name.hasSuffix(".json")
    }

    /// A stable id for a record a person made by hand from its path, when the file name is not
    /// itself a valid id: every device derives the same one.
    package static func handMadeID(fileName: String, relativePath: String) -> String {
        let base = String(fileName.dropLast(".json".count))
        if RecordKey.isValidID(base) { return base }
        return "hand-" + Digest.hex(relativePath.utf8, length: 12)
    }

    /// Characters FAT, NTFS and SMB forbid in names, and names Windows reserves.
    package static func isPortable(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, name != ".", name != ".." else { return false }
        let forbidden: Set<Character> = ["<", ">", ":", "\"", "/", "\\", "|", "?", "*"]
        if name.contains(where: { forbidden.contains($0) || ($0.asciiValue.map { $0 < 0x20 } ?? false) }) { return false }
        if name.hasSuffix(".") || name.hasSuffix(" ") { return false }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
        let reserved = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).map { "COM\($0)" } + (1...9).map { "LPT\($0)" })
        return !reserved.contains(stem)
    }
}
