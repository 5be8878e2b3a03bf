/// Which of a pass's problems are news. A sync pass reports every problem it meets, and a
/// watcher passes over the same broken file again and again; a person should hear of it once,
/// and again only if it was fixed and broke anew.
///
/// Stat passes and sweeps re-read every broken file, so what they report *is* the set of
/// current problems. Quick passes look only at what changed, so they can add problems and
/// clear those whose file now holds a readable record, but not conclude that the rest are gone.
struct ProblemLog {
    private(set) var active: Set<Problem> = []

    /// - Parameters:
    ///   - reported: the pass's problems.
    ///   - thorough: whether the pass was a stat pass or a sweep.
    ///   - index: the folder index after the pass.
    ///   - zoneDirectory: the household's folder name, the prefix of every problem's path.
    /// - Returns: the problems to publish, in the pass's order.
    mutating func news(in reported: [Problem], thorough: Bool, index: FolderIndex?, zoneDirectory: String) -> [Problem] {
        var fresh: [Problem] = []
        var current: Set<Problem> = []
        for problem in reported {
            // A restored file is something that happened, not a state that lasts.
            if problem.kind == .restoredFile {
                fresh.append(problem)
                continue
            }
            if !active.contains(problem), current.insert(problem).inserted { fresh.append(problem) }
            current.insert(problem)
        }
        if thorough {
            active = current
        } else {
            active.formUnion(current)
            if let index { active = active.filter { !ProblemLog.isFixed($0, index: index, zoneDirectory: zoneDirectory) } }
        }
        return fresh
    }

    /// Whether a problem's file now holds a record the pass could read.
    static func isFixed(_ problem: Problem, index: FolderIndex, zoneDirectory: String) -> Bool {
        guard let relative = problem.recordsPath(inHousehold: zoneDirectory),
            index.entry(at: relative)?.isRecord == true
        else { return false }
        return problem.kind == .brokenFile || problem.kind == .newerFormat || problem.kind == .unreadableFile
    }
}
