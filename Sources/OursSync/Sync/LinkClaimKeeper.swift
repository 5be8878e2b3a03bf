/// A claim this device made on a link code (see `Device.link`), kept in its state until its
/// person's list in the household names it.
struct LinkClaim: Equatable {
    var code: String
    /// The shared folder the code's file is in.
    var folder: String
    var participant: String
    var claimedAt: String
    var deviceName: String?

    var json: JSONValue {
        [
            "code": .string(code), "folder": .string(folder), "participant": .string(participant),
            "claimedAt": .string(claimedAt), "deviceName": deviceName.map { .string($0) } ?? .null,
        ]
    }

}

extension LinkClaim {
    init?(_ value: JSONValue) {
        guard let code = value["code"]?.stringValue, let folder = value["folder"]?.stringValue,
            let participant = value["participant"]?.stringValue, let claimedAt = value["claimedAt"]?.stringValue
        else { return nil }
        self.init(
            code: code, folder: folder, participant: participant, claimedAt: claimedAt,
            deviceName: value["deviceName"]?.stringValue)
    }
}

/// The claiming half of linking kept alive: a claim is one write to the code's file, and a sync
/// tool that puts an older version of that file back (a rollback, a restore from a backup)
/// erases it. The device that made the code then never lists the new one, which stays
/// read-only for good. So until its person's list names it, the new device looks at the code's
/// file in every pass and writes its claim again, with the time it was first made, when the
/// file has lost it. A claim another device's has replaced is given up (two devices given one
/// code: only one is listed). Costs one file read per outstanding claim.
struct LinkClaimKeeper {
    let context: SyncContext

    func run() {
        let device = context.device
        guard let layout = context.layout, let claims = try? device.loadLinkClaims(), !claims.isEmpty,
            let me = try? device.requireIdentity().deviceID
        else { return }
        let manifest = try? context.manifest()
        var remaining: [LinkClaim] = []
        for claim in claims {
            guard claim.folder == layout.root else {
                remaining.append(claim)
                continue
            }
            if manifest?.deviceOwners[me] == claim.participant { continue }  // listed: done
            if device.renewClaim(claim, by: me) { remaining.append(claim) }
        }
        if remaining != claims { try? device.saveLinkClaims(remaining) }
    }
}

extension Device {
    var linkClaimsFile: String { joinPath(home, "link-claims.json") }

    func loadLinkClaims() throws(OursError) -> [LinkClaim] {
        guard let bytes = try readIfPresent(linkClaimsFile) else { return [] }
        let reader = try JSONObjectReader(bytes, path: linkClaimsFile)
        return (reader.object["claims"]?.arrayValue ?? []).compactMap(LinkClaim.init)
    }

    func saveLinkClaims(_ claims: [LinkClaim]) throws(OursError) {
        try writeState(stateFileBytes(["format": 1, "claims": .array(claims.map(\.json))]), to: linkClaimsFile)
    }

    /// Remembers a claim until the household lists this device (`LinkClaimKeeper`).
    func rememberLinkClaim(_ claim: LinkClaim) throws(OursError) {
        try withLock { () throws(OursError) in
            var claims = try loadLinkClaims().filter { $0.code != claim.code || $0.folder != claim.folder }
            claims.append(claim)
            try saveLinkClaims(claims)
        }
    }

    /// Writes `claim` into its code's file again if the file has lost it, under the lock `link`
    /// claims under. - Returns: whether the claim is still this device's to wait for (`false`
    /// once another device's claim is in the file).
    func renewClaim(_ claim: LinkClaim, by me: DeviceID) -> Bool {
        let path = linkPath(claim.code, in: claim.folder)
        let lock = try? fileSystem.lock(path, wait: true)
        defer { lock?.unlock() }
        guard var link = try? loadLink(claim.code, in: claim.folder) else { return true }  // not here (yet)
        if let claimed = link.claimedBy { return claimed == me }
        link.claimedBy = me
        link.claimedAt = claim.claimedAt
        link.deviceName = claim.deviceName
        try? saveLink(link, in: claim.folder)
        return true
    }
}
