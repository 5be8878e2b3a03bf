import OursSync

extension CommandContext {
    /// The problems a sync, status or doctor found, under a heading; nothing when there are none.
    func printProblems(_ problems: [Problem]) {
        guard !problems.isEmpty else { return }
        say(yellow("Problems:"))
        for problem in problems {
            let broken = problem.kind == .brokenFile && problem.path != nil
            say("  " + (broken ? red("broken file ") : "") + problem.text)
        }
    }
}
