/// The households this device belongs to (`households.json`), and which one is in use.
extension Device {
    var membershipsFile: String { joinPath(home, "households.json") }

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

    /// Finds a household by id or by name (any case).
    /// - Parameter selector: a name or id; `nil` for the one in use.
    /// - Returns: `nil` for the device's private data (no household yet).
    /// - Throws: `.notFound` for an unknown name, `.usage` for an ambiguous one.
    public func membership(matching selector: String?) throws(OursError) -> Membership? {
        let (current, memberships) = try loadMemberships()
        if let selector {
            if selector.lowercased() == Zone.privateID { return nil }
            if let exact = memberships.first(where: { $0.id == selector }) { return exact }
            let named = memberships.filter { $0.name.lowercased() == selector.lowercased() }
            if named.count == 1 { return named[0] }
            if named.count > 1 {
                let ids = named.map { "\($0.name) (\($0.id), \($0.status.rawValue))" }.joined(separator: ", ")
                throw .usage("\"\(selector)\" matches several households: \(ids)", hint: "Use the id with --household.")
            }
            let known = memberships.map(\.name).joined(separator: ", ")
            throw .notFound(
                "no household called \"\(selector)\" on this device",
                hint: memberships.isEmpty ? "Create one with `ours household create NAME --folder PATH`." : "Known: \(known).")
        }
        if let current, let found = memberships.first(where: { $0.id == current }) { return found }
        let active = memberships.filter { $0.status == .active }
        if active.count == 1 { return active[0] }
        if active.isEmpty { return nil }
        throw .usage(
            "this device belongs to several households; choose one",
            hint: "Use --household NAME, or `ours household use NAME`.")
    }

    /// The household for `selector` (see `membership(matching:)`).
    public func zone(_ selector: String? = nil) throws(OursError) -> Zone {
        Zone(device: self, membership: try membership(matching: selector))
    }

    /// Makes a household the one in use.
    @discardableResult
    public func use(_ selector: String) throws(OursError) -> Zone {
        try withLock { () throws(OursError) -> Zone in
            let (_, memberships) = try loadMemberships()
            let chosen = try membership(matching: selector)
            try saveMemberships(memberships, current: chosen?.id)
            return Zone(device: self, membership: chosen)
        }
    }
}
