import OursSync

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
