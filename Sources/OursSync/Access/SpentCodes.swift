/// Share codes that can no longer be used (expired, used up or revoked), recorded in
/// `zone.json` by the owner's device before it removes their files from `codes/`.
///
/// A device that was offline when someone joined still has to judge that join by the code it
/// names (its household, permission and creation time; see `DocumentFold`). Once the file is
/// gone, the household's own `zone.json` answers instead: only the owner's devices may write
/// it, so a record there is as trustworthy as the file was. Each record is one field,
/// `spentCodes.<CODE>`, holding what the code file held except its code and household.
package enum SpentCodes {
    static let prefix = "spentCodes."

    /// The field and value recording `code` as spent.
    package static func field(for code: ShareCode) -> (String, JSONValue) {
        var object = (try? JSONParser.parse(code.encode()))?.objectValue ?? [:]
        object["code"] = nil
        object["zone"] = nil
        return (prefix + code.code, .object(object))
    }

    /// The spent codes an admitted `zone.json` records, as the code files said, for the
    /// household in `zoneDirectory`.
    package static func read(_ zone: RecordState?, zoneDirectory: String) -> [String: ShareCode] {
        guard let zone else { return [:] }
        var result: [String: ShareCode] = [:]
        for (name, value) in zone.values where name.hasPrefix(prefix) {
            let code = String(name.dropFirst(prefix.count))
            guard var object = value.objectValue else { continue }
            object["code"] = .string(code)
            object["zone"] = .string(zoneDirectory)
            guard let decoded = try? ShareCode.decode(JSONWriter.compact(.object(object)), path: "zone.json") else { continue }
            result[code] = decoded
        }
        return result
    }

    /// When a code was spent, if it was: the moment it stopped being usable (used up, revoked
    /// or expired, whichever came first), or the last join made with it if later; `nil` while
    /// it can still be used, or while a use its file counts has no participant naming it yet
    /// (a join still on its way), until it expires.
    package static func spentAt(_ code: ShareCode, manifest: ParticipantManifest, now: Int64) -> Int64? {
        let status = code.status(nowMillis: now)
        guard status != .active else { return nil }
        let joins = manifest.participants.values.filter { $0.code == code.code }.compactMap {
            $0.joinedAt.flatMap(UTCTime.parseISO8601)
        }
        if status != .expired, joins.count < code.uses { return nil }
        var unusable: [Int64] = []
        if let revoked = code.revokedAt.flatMap(UTCTime.parseISO8601) { unusable.append(revoked) }
        if let expiry = code.expiresAt.flatMap(UTCTime.parseISO8601), expiry <= now { unusable.append(expiry) }
        if let maxUses = code.maxUses, joins.count >= maxUses, let last = joins.max() { unusable.append(last) }
        let stopped = unusable.min() ?? now
        return max(stopped, joins.max() ?? stopped)
    }
}
