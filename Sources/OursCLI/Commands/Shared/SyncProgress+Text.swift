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
