extension ShareCode {
    /// The code file's JSON (pretty, sorted keys, trailing newline).
    func encode() -> [UInt8] {
        var object = extra
        object["code"] = .string(code)
        object["zone"] = .string(zone)
        object["permission"] = .string(permission.rawValue)
        object["createdBy"] = .string(createdBy)
        object["createdAt"] = .string(createdAt)
        object["expiresAt"] = expiresAt.map { .string($0) } ?? .null
        object["maxUses"] = maxUses.map { JSONValue($0) } ?? .null
        object["uses"] = JSONValue(uses)
        object["revokedAt"] = revokedAt.map { .string($0) } ?? .null
        var bytes = JSONWriter.pretty(.object(object))
        bytes.append(0x0A)
        return bytes
    }

    /// Reads a code file.
    /// - Throws: `ShareCodeError.damaged` naming the file and what is wrong with it.
    static func decode(_ bytes: [UInt8], path: String) throws(ShareCodeError) -> ShareCode {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .damaged(path: path, detail: "not valid JSON at \(error)") }
        guard case .object(var object) = document else { throw .damaged(path: path, detail: "not a JSON object") }
        func text(_ key: String) throws(ShareCodeError) -> String {
            guard let value = object.removeValue(forKey: key)?.stringValue, !value.isEmpty else {
                throw .damaged(path: path, detail: "\"\(key)\" is missing or not text")
            }
            return value
        }
        func optionalText(_ key: String) -> String? { object.removeValue(forKey: key)?.stringValue }
        let code = try text("code")
        let zone = try text("zone")
        let permissionText = try text("permission")
        guard let permission = Participant.Permission(rawValue: permissionText) else {
            throw .damaged(path: path, detail: "\"permission\" is \"\(permissionText)\"; expected readOnly or readWrite")
        }
        var result = ShareCode(
            code: code, zone: zone, permission: permission, createdBy: try text("createdBy"),
            createdAt: optionalText("createdAt") ?? "", expiresAt: optionalText("expiresAt"),
            maxUses: object.removeValue(forKey: "maxUses")?.intValue,
            uses: object.removeValue(forKey: "uses")?.intValue ?? 0, revokedAt: optionalText("revokedAt"))
        result.extra = object
        return result
    }

    /// Combines two copies of one code file (a sync tool's conflict copy): the most uses, the
    /// earliest revocation, and everything else from the copy created first.
    func merging(_ other: ShareCode) -> ShareCode {
        var result = self
        result.uses = max(uses, other.uses)
        switch (revokedAt, other.revokedAt) {
        case let (a?, b?): result.revokedAt = min(a, b)
        case (nil, let b?): result.revokedAt = b
        default: break
        }
        for (key, value) in other.extra where result.extra[key] == nil { result.extra[key] = value }
        return result
    }
}
