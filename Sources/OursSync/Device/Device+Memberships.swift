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
        switch try readMembershipsFile() {
        case .missing: return (nil, [])
        case .read(let current, let memberships): return (current, memberships)
        case .unreadable(let why):
            throw .failed(
                "\(membershipsFile) is damaged (\(why)): this device cannot tell which households it belongs to",
                hint: "Run `ours doctor --fix`: it sets the file aside and lists the households again from this "
                    + "device's copies of them.")
        }
    }

    /// What `households.json` holds.
    enum MembershipsFile {
        case missing
        case read(current: String?, memberships: [Membership])
        /// Larger than the device reads, or damaged: why.
        case unreadable(String)
    }

    /// Reads `households.json`.
    /// - Throws: `OursError` when it cannot be read (permissions, I/O), or was written by a
    ///   newer version (which this one must leave as it is).
    func readMembershipsFile() throws(OursError) -> MembershipsFile {
        let bytes: [UInt8]
        do {
            guard let read = try readIfPresent(membershipsFile) else { return .missing }
            bytes = read
        } catch {
            guard case .tooLarge? = error.cause?.reason else { throw error }
            return .unreadable("it is larger than \(RecordState.describe(size: Device.stateFileLimit))")
        }
        let reader: JSONObjectReader
        do { reader = try JSONObjectReader(bytes, path: membershipsFile) } catch {
            return .unreadable(damage(error))
        }
        try reader.checkFormat(1)
        var memberships: [Membership] = []
        for item in reader.object["households"]?.arrayValue ?? [] {
            guard case .object(let object) = item else { continue }
            do { memberships.append(try Membership(reading: JSONObjectReader(object: object, path: membershipsFile))) } catch {
                return .unreadable(damage(error))
            }
        }
        return .read(current: reader.optionalString("current"), memberships: memberships)
    }

    /// What a reader's error says is wrong with the file, without its path.
    private func damage(_ error: OursError) -> String {
        let prefix = membershipsFile + " is damaged: "
        return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
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
