extension Zone {
    /// Every value in the household that lost to a concurrent edit, newest first.
    public func conflicts() throws(OursError) -> [Conflict] {
        var result: [Conflict] = []
        for key in try replica.keys() {
            guard let state = try replica.loadIfReadable(key) else { continue }
            result += state.conflicts
        }
        return result.sorted { $0.stamp > $1.stamp }
    }

    /// Brings back a value that lost: writes it again as a new edit, which supersedes the
    /// winner everywhere. For a deletion that lost, deletes the record again.
    /// - Throws: `.notFound` when no conflict has that id.
    @discardableResult
    public func restoreConflict(_ id: String) throws(OursError) -> Conflict {
        try resolve(id) { conflict, state, stamp in
            switch conflict.kind {
            case .value, .editLostToDeletion: state.write([conflict.field!: conflict.value], at: stamp)
            case .deletionLostToEdit: state.delete(at: stamp)
            }
        }
    }

    /// Keeps the winner and stops listing the conflict: writes the winning side again.
    @discardableResult
    public func dismissConflict(_ id: String) throws(OursError) -> Conflict {
        try resolve(id) { conflict, state, stamp in
            switch conflict.kind {
            case .value: state.write([conflict.field!: conflict.winningValue], at: stamp)
            case .editLostToDeletion: state.delete(at: stamp)
            case .deletionLostToEdit:
                let field = state.fields.first { $0.value.entries.contains { $0.stamp == conflict.winningStamp } }?.key
                if let field { state.write([field: state.fields[field]?.winner.value], at: stamp) }
            }
        }
    }

    private func resolve(_ id: String, _ apply: (Conflict, inout RecordState, Stamp) -> Void) throws(OursError) -> Conflict {
        let wanted = id.lowercased()
        guard let conflict = try conflicts().first(where: { $0.id == wanted }) else {
            throw .notFound("no conflict with id \"\(id)\" in \(name)", hint: "`ours conflicts` lists them.")
        }
        try write { () throws(OursError) in
            try requireWritable("resolve conflicts")
            let (current, stored) = try current(conflict.key)
            guard var state = current else { return }
            try device.observeOwnStamps(in: state)
            apply(conflict, &state, try device.stampForStagedRecord())
            try stage(state, previous: stored)
        }
        return conflict
    }
}

extension Conflict {
    /// The conflict as JSON: `id`, `type`, `recordId`, `kind`, `field` when there is one, both
    /// values (`null` for none) and stamps, and `at`, the losing write's time in ISO 8601 UTC.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "type": .string(key.type), "recordId": .string(key.id), "kind": .string(kind.rawValue),
            "stamp": .string(stamp.description), "winningStamp": .string(winningStamp.description),
            "at": .string(UTCTime.iso8601(millis: stamp.millis)),
        ]
        if let field { object["field"] = .string(field) }
        object["value"] = value ?? .null
        object["winningValue"] = winningValue ?? .null
        return .object(object)
    }
}
