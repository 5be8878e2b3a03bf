import OursSync

extension CommandContext {
    /// Prints problems for people: at most `SyncState.keptProblems` of them, as many of each
    /// kind as fit (as `sync-state.json` keeps them), then how many more of each kind there
    /// are — `more` adds those already counted elsewhere (`StatusReport.moreProblems`).
    func printProblems(_ problems: [Problem], more: [Problem.Kind: Int] = [:]) {
        let (shown, rest) = Problem.sample(problems, limit: SyncState.keptProblems)
        var counts = more
        for problem in rest { counts[problem.kind, default: 0] += 1 }
        counts = counts.filter { $0.value > 0 }
        guard !shown.isEmpty || !counts.isEmpty else { return }
        say(yellow("Problems:"))
        for problem in shown {
            let broken = problem.kind == .brokenFile && problem.path != nil
            say("  " + (broken ? red("broken file ") : "") + problem.text)
        }
        for (kind, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            say("  … and \(Self.grouped(count)) more \(kind.counted(count))")
        }
    }

    /// A count with its thousands grouped: `19,800`.
    static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }
}

extension Problem.Kind {
    /// What `count` problems of this kind are, in words: `broken files`.
    func counted(_ count: Int) -> String {
        let (one, many): (String, String) =
            switch self {
            case .brokenFile: ("broken file", "broken files")
            case .newerFormat: ("file written by a newer version", "files written by a newer version")
            case .unreadableFile: ("file that could not be read", "files that could not be read")
            case .unknownWriter: ("change by a device not listed yet", "changes by devices not listed yet")
            case .ignoredChange: ("ignored change", "ignored changes")
            case .farFutureStamp: ("value stamped far in the future", "values stamped far in the future")
            case .clockAhead: ("clock warning", "clock warnings")
            case .restoredFile: ("restored file", "restored files")
            case .symlink: ("symbolic link", "symbolic links")
            case .writeFailed: ("file that could not be written", "files that could not be written")
            case .writeLoop: ("file written back and forth", "files written back and forth")
            case .foreignDocument: ("document of another household", "documents of other households")
            case .recordTooLarge: ("record too large", "records too large")
            case .unreadableStateFile: ("state file that could not be read back", "state files that could not be read back")
            case .attachmentNotHere: ("attachment not here yet", "attachments not here yet")
            }
        return count == 1 ? one : many
    }
}
