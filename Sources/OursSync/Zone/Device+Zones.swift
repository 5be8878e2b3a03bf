/// Which household a command means, and the device's read-only copies it no longer needs.
extension Device {
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
        let zone = Zone(device: self, membership: try membership(matching: selector))
        zone.finishInterruptedWrite()
        return zone
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

    /// Deletes a read-only copy (after leaving, removal or dissolution) from this device.
    /// - Throws: `.notPermitted` for a household this device is still active in.
    public func forget(_ selector: String) throws(OursError) -> Membership {
        guard let membership = try membership(matching: selector) else {
            throw .usage("private data cannot be forgotten this way")
        }
        guard membership.status != .active else {
            throw .notPermitted("\(membership.name) is not a read-only copy", hint: "Leave it first with `ours household leave`.")
        }
        try withLock { () throws(OursError) in
            let (current, memberships) = try loadMemberships()
            try saveMemberships(memberships.filter { $0.id != membership.id }, current: current == membership.id ? nil : current)
            try removeTree(replica(membership.id).directory)
        }
        return membership
    }

    func removeTree(_ path: String) throws(OursError) {
        guard let stat = try? fileSystem.stat(path) else { return }
        if stat.kind == .directory {
            for entry in (try? fileSystem.list(path)) ?? [] { try removeTree(joinPath(path, entry.name)) }
        }
        try io { () throws(FileSystemError) in try fileSystem.remove(path) }
    }
}
