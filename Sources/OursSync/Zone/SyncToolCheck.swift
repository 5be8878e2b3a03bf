/// What `ours doctor` can tell about the tool that syncs the shared folder, from the traces
/// tools leave in it (and the names in its path: nothing above it is read), and the settings that let conflicts reach Ours (the
/// README's "Sync tools" table). It only reads directory listings (and Syncthing's
/// `.stignore`); it cannot see a tool's own settings, so it advises rather than judges.
public struct SyncToolNote: Sendable, Equatable {
    /// `Syncthing`, `Dropbox`, `Nextcloud / ownCloud`, `iCloud Drive`, `Unison`.
    public var tool: String
    /// What gave it away: a file name and where it is.
    public var evidence: String
    /// The settings to check.
    public var advice: String
    /// Something seen that keeps records or conflicts from Ours (placeholders, an ignore rule).
    public var warning: String?

    /// The note as JSON: `tool`, `evidence`, `advice`, and `warning` when there is one.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["tool": .string(tool), "evidence": .string(evidence), "advice": .string(advice)]
        if let warning { object["warning"] = .string(warning) }
        return .object(object)
    }
}

enum SyncToolCheck {
    static let advice = [
        "Syncthing": "keep the folder type Send & Receive on every device and Max Conflicts above 0 (the default, 10, is right)",
        "Dropbox": "keep the folder in selective sync and Available offline, not online-only",
        "Nextcloud / ownCloud": "turn virtual files off for this folder (Always keep on this device)",
        "iCloud Drive": "choose Keep Downloaded for the folder (or turn Optimise Mac Storage off)",
        "Unison": "run it with -prefer newer -copyonconflict; plain -batch never carries a file changed on both sides",
    ]

    /// Folder names in a path that tell the tool: where each keeps what it syncs by default.
    static let pathNames: [(String, Set<String>)] = [
        ("Dropbox", ["Dropbox"]), ("Nextcloud / ownCloud", ["Nextcloud", "ownCloud"]),
        ("iCloud Drive", ["Mobile Documents", "iCloud Drive", "iCloudDrive"]),
    ]

    /// Notes for the shared folder `root` whose household folder is `zone`.
    static func inspect(root: String, zone: String, fileSystem: any FileSystem) -> [SyncToolNote] {
        var notes: [String: SyncToolNote] = [:]
        func note(_ tool: String, _ evidence: String, warning: String? = nil) {
            if notes[tool] == nil { notes[tool] = SyncToolNote(tool: tool, evidence: evidence, advice: advice[tool] ?? "") }
            if let warning { notes[tool]?.warning = warning }
        }
        // Ours reads nothing outside the shared folder: above it, only the path's names count.
        let names = ((try? fileSystem.list(root)) ?? []).map(\.name)
        for name in names {
            if name == ".stfolder" { note("Syncthing", ".stfolder in \(root)") }
            if name == ".dropbox" || name == ".dropbox.cache" { note("Dropbox", "\(name) in \(root)") }
            if (name.hasPrefix(".sync_") || name.hasPrefix("._sync_")) && name.hasSuffix(".db")
                || name == ".owncloudsync.log" || name == ".nextcloudsync.log"
            {
                note("Nextcloud / ownCloud", "\(name) in \(root)")
            }
        }
        if names.contains(".stignore"), let warning = stignoreWarning(joinPath(root, ".stignore"), fileSystem) {
            note("Syncthing", ".stignore in \(root)", warning: warning)
        }
        let components = root.split(separator: "/").map(String.init)
        for (tool, folders) in pathNames where components.contains(where: { folders.contains($0) }) {
            note(tool, "the folder's path, \(root)")
        }
        let traces = scan(zone, fileSystem: fileSystem)
        if traces.icloud > 0 {
            note("iCloud Drive", "evicted placeholders (.NAME.icloud)", warning: placeholders(traces.icloud))
        }
        if traces.virtual > 0 {
            note("Nextcloud / ownCloud", "virtual files (.nextcloud, .owncloud)", warning: placeholders(traces.virtual))
        }
        if traces.unison > 0 { note("Unison", "Unison's files (.unison.*, conflict_on_) in the household folder") }
        return notes.values.sorted { $0.tool < $1.tool }
    }

    static func placeholders(_ count: Int) -> String {
        "\(count) record file(s) are placeholders, not on disk: Ours cannot read them until the tool downloads them"
    }

    /// Tool traces among the household's files: iCloud and Nextcloud placeholders, Unison's
    /// temporary files and conflict copies. Looks at most a few thousand entries deep.
    static func scan(_ zone: String, fileSystem: any FileSystem) -> (icloud: Int, virtual: Int, unison: Int) {
        var counts = (icloud: 0, virtual: 0, unison: 0)
        var pending = [zone]
        var seen = 0
        while let directory = pending.popLast(), seen < 20_000 {
            for entry in (try? fileSystem.list(directory)) ?? [] {
                seen += 1
                if entry.kind == .directory {
                    pending.append(joinPath(directory, entry.name))
                    continue
                }
                let name = entry.name
                if name.hasPrefix("."), name.hasSuffix(".icloud") { counts.icloud += 1 }
                if name.hasSuffix(".nextcloud") || name.hasSuffix(".owncloud") { counts.virtual += 1 }
                if name.hasPrefix(".unison.") || name.contains("(conflict_on_") { counts.unison += 1 }
            }
        }
        return counts
    }

    /// A `.stignore` rule that hides what Ours needs: record files, or Syncthing's conflict copies.
    static func stignoreWarning(_ path: String, _ fileSystem: any FileSystem) -> String? {
        guard let bytes = try? fileSystem.read(path, limit: 1 << 20) else { return nil }
        let rules = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let harmful = rules.filter { rule in
            guard !rule.hasPrefix("//"), !rule.hasPrefix("!"), !rule.isEmpty else { return false }
            let lower = rule.lowercased()
            return lower.contains("sync-conflict") || lower.contains("*.json") || lower.hasSuffix("records")
                || lower.contains("records/") || lower == "*"
        }
        guard !harmful.isEmpty else { return nil }
        return ".stignore hides what Ours needs (\(harmful.joined(separator: ", "))): record files or conflict copies "
            + "never reach this device"
    }
}
