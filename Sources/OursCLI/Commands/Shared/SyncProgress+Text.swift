import OursSync

extension SyncProgress {
    /// "Reading the household folder: 12000 files…", "Merging 3000 of 100000 records…": the
    /// progress line of a long sync or join.
    var text: String {
        switch phase {
        case .reading: "Reading the household folder: \(done) files…"
        case .merging: "Merging \(done) of \(total ?? done) records…"
        case .writing: "Writing \(done) of \(total ?? done) records…"
        }
    }
}

extension SyncProgress.Phase {
    /// The phase's name in a progress line.
    var name: String {
        switch self {
        case .reading: "Reading the household folder"
        case .merging: "Merging records"
        case .writing: "Writing records"
        }
    }
}

extension ProgressReport {
    /// Shows a sync's progress as named phases with counts and an estimate.
    func update(_ step: SyncProgress) { update(step.phase.name, step.done, of: step.total) }
}
