import OursSync

// Finding the chore a command names. Kept on its own so it can give way to a resolution
// shared by every record type (name or id, with the same ambiguity errors).
extension Household {
    /// The chore a name or id means: a chore's id; else its name in any case (a unique
    /// beginning will do).
    /// - Throws: `.notFound` for an unknown name, `.usage` when several chores match.
    public func chore(named text: String) throws(OursError) -> Chore {
        try choreRecord(text).chore
    }

    /// The chore a name or id means, and the record it was read from.
    func choreRecord(_ text: String) throws(OursError) -> (chore: Chore, record: RecordSnapshot) {
        if RecordKey.isValidID(text), let found = try readChore(text) { return found }
        if let found = try readChore(SemanticID.chore(named: text)), NameKey.matches(found.chore.name, text) { return found }
        let chore = try NameMatch.find(
            text, in: try chores(), name: \.name, what: "chore", hint: "`ours chores` lists them.")
        guard let found = try readChore(chore.id) else {
            throw .notFound("no chore called \"\(NameKey.display(text))\"", hint: "`ours chores` lists them.")
        }
        return found
    }

    private func readChore(_ id: String) throws(OursError) -> (chore: Chore, record: RecordSnapshot)? {
        guard let record = try live(RecordTypes.chore, id), let chore = Chore(record, timeZone: timeZone) else { return nil }
        return (chore, record)
    }
}
