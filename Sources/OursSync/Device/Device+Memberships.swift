/// The households this device belongs to (`households.json`), and which one is in use.
extension Device {
    var membershipsFile: String { joinPath(home, "households.json") }

    /// Every household this device belongs to or keeps a read-only copy of (see
    /// `Membership.status`), as `households.json` lists them; empty when there is none.
    /// - Throws: `OursError` when the file cannot be read or is damaged.
    public func memberships() throws(OursError) -> [Membership] {
        try loadMemberships().memberships
    }

    /// The id of the household in use (`ours household use`), if any.
    public func currentHouseholdID() throws(OursError) -> String? {
        try loadMemberships().current
    }

    func loadMemberships() throws(OursError) -> (current: String?, memberships: [Membership]) {
        guard let bytes = try readIfPresent(membershipsFile) else { return (nil, []) }
        let reader = try JSONObjectReader(bytes, path: membershipsFile)
        try reader.checkFormat(1)
        var memberships: [Membership] = []
        for item in reader.object["households"]?.arrayValue ?? [] {
            guard case .object(let object) = item else { continue }
            memberships.append(try Membership(reading: JSONObjectReader(object: object, path: membershipsFile)))
        }
        return (reader.optionalString("current"), memberships)
    }

    func saveMemberships(_ memberships: [Membership], current: String?) throws(OursError) {
        let object: [String: JSONValue] = [
            "format": 1, "current": current.map { .string($0) } ?? .null,
            "households": .array(memberships.map(\.document)),
        ]
        try writeState(stateFileBytes(object), to: membershipsFile)
    }

    /// Adds or replaces a membership (by household id).
    func upsert(_ membership: Membership, makeCurrent: Bool) throws(OursError) {
        try withLock { () throws(OursError) in
            var (current, memberships) = try loadMemberships()
            memberships.removeAll { $0.id == membership.id }
            memberships.append(membership)
            if makeCurrent || current == nil { current = membership.id }
            try saveMemberships(memberships, current: current)
        }
    }

    /// Stops using a household by default (after leaving, removal or dissolution): commands
    /// go back to private data, and the read-only copy stays reachable with `--household`.
    func clearCurrent(ifItIs id: String) throws(OursError) {
        try withLock { () throws(OursError) in
            let (current, memberships) = try loadMemberships()
            if current == id { try saveMemberships(memberships, current: nil) }
        }
    }
}
