/// Which names in the shared folder belong to Ours, and which belong to someone else.
///
/// Sync tools, operating systems and editors leave their own files everywhere; the engine
/// never reads, reports or touches them.
public enum FolderNames {
    /// Whether a file or folder name is another tool's (or the engine's own temporary file)
    /// and must be ignored by every reader.
    public static func isIgnored(_ name: String) -> Bool {
        if TemporaryName.matches(name) { return true }
        // Hidden files: .stfolder, .stversions, .dropbox*, .DS_Store, iCloud placeholders
        // (.name.icloud), NFS silly-renames (.nfsXXXX), editor swap files (.x.swp, .#x).
        if name.hasPrefix(".") { return true }
        // Syncthing's temporary files on Windows and editor backups.
        if name.hasPrefix("~") || name.hasSuffix("~") { return true }
        if name.hasSuffix(".tmp") || name.hasSuffix(".temp") || name.hasSuffix(".part") { return true }
        let lower = name.lowercased()
        if lower == "desktop.ini" || lower == "thumbs.db" || lower == "icon\r" { return true }
        if lower.hasSuffix(".icloud") { return true }
        return false
    }

    /// Whether a name under `records/` may be a record file.
    public static func isRecordCandidate(_ name: String) -> Bool {
        !isIgnored(name) && name.hasSuffix(".json")
    }

    /// A stable id for a record a person made by hand from its path, when the file name is not
    /// itself a valid id: every device derives the same one.
    public static func handMadeID(fileName: String, relativePath: String) -> String {
        let base = String(fileName.dropLast(".json".count))
        if RecordKey.isValidID(base) { return base }
        return "hand-" + Digest.hex(relativePath.utf8, length: 12)
    }

    /// Characters FAT, NTFS and SMB forbid in names, and names Windows reserves.
    public static func isPortable(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, name != ".", name != ".." else { return false }
        let forbidden: Set<Character> = ["<", ">", ":", "\"", "/", "\\", "|", "?", "*"]
        if name.contains(where: { forbidden.contains($0) || ($0.asciiValue.map { $0 < 0x20 } ?? false) }) { return false }
        if name.hasSuffix(".") || name.hasSuffix(" ") { return false }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
        let reserved = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).map { "COM\($0)" } + (1...9).map { "LPT\($0)" })
        return !reserved.contains(stem)
    }
}
