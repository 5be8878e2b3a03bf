/// Writes to `zone.json` and `participants.json`.
extension RecordState {
    /// A write to either document. The rules replay every write of the fields they look at,
    /// in causal order (see `DocumentFold`): who owns the household is handed from device to
    /// device, and a judge that has lost an early hand-over would refuse every later one. So
    /// those fields keep their whole history, whoever wrote it; only the fields no rule looks
    /// at (last-seen times, written again and again) shed it as record fields do.
    package mutating func writeDocument(_ changes: [String: JSONValue?], at stamp: Stamp) {
        write(changes, at: stamp, wholeHistory: DocumentFold.keepsWholeHistory)
    }
}

extension DocumentFold {
    /// Whether writes of a document field carry the field's whole history: all but the inert
    /// fields of the manifest (`<participant>.<field>`).
    static func keepsWholeHistory(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return true }
        return !inert.contains(String(name[name.index(after: dot)...]))
    }
}
