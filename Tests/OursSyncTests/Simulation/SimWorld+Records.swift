@testable import OursSync

/// A person using the app: creating, changing, checking off, deleting records, resolving conflicts.
extension SimWorld {
    static let types = ["item", "item", "chore"]

    func pickKey(_ random: inout SplitMix64) -> RecordKey? {
        keys.isEmpty ? nil : keys[random.int(0...(keys.count - 1))]
    }

    /// Runs a change on a device's household and notes it in the ledger when it is acknowledged.
    func change(
        _ device: SimDevice, _ key: RecordKey, _ what: String, allowed: Set<OursError.Kind>,
        _ body: (Zone) throws(OursError) -> Void
    ) -> String {
        guard device.joined else { return "not a member" }
        return attempt(what, on: device, allowed: allowed) { () throws(OursError) -> String in
            let household = try device.zone(householdID)
            let before = ownStamps(device, household, key)
            try body(household)
            acknowledge(device, household, key, before: before, what)
            return "\(what): ok"
        }
    }

    func create(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.joined else { return "not a member" }
        let number = String(keys.count)
        let id = "r" + String(repeating: "0", count: max(0, 4 - number.count)) + number
        let key = RecordKey(unchecked: random.pick(SimWorld.types), id: id)
        let fields: [String: JSONValue?] = [
            "name": .string("thing \(keys.count)"), "qty": JSONValue(random.int(1...9)), "checked": false,
        ]
        let note = change(device, key, "create \(key)", allowed: [.notPermitted]) { household throws(OursError) in
            try household.put(type: key.type, id: key.id, fields: fields)
        }
        keys.append(key)
        return note
    }

    func update(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard let key = pickKey(&random) else { return "no records yet" }
        var fields: [String: JSONValue?] = [:]
        for _ in 0..<random.int(1...2) {
            switch random.int(0...3) {
            case 0: fields["name"] = .string("name \(random.int(0...999))")
            case 1: fields["qty"] = JSONValue(random.int(0...20))
            case 2: fields["note"] = .string("note \(random.int(0...99))")
            default: fields["note"] = .some(nil)  // removes the field
            }
        }
        let shown = fields.keys.sorted().map { "\($0)=\(fields[$0]!.map { String(describing: $0) } ?? "nil")" }
        return change(device, key, "update \(key) \(shown.joined(separator: ","))", allowed: [.notPermitted]) {
            household throws(OursError) in
            try household.put(type: key.type, id: key.id, fields: fields)
        }
    }

    /// Checks an item off, or unchecks it: a boolean field flipped from what this device sees.
    func check(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard let key = pickKey(&random) else { return "no records yet" }
        guard device.joined, let household = try? device.zone(householdID) else { return "not a member" }
        let checked = ((try? household.get(key)) ?? nil)?.values["checked"]?.boolValue ?? false
        return change(device, key, "\(checked ? "uncheck" : "check") \(key)", allowed: [.notPermitted]) {
            household throws(OursError) in
            try household.put(type: key.type, id: key.id, fields: ["checked": .bool(!checked)])
        }
    }

    func delete(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard let key = pickKey(&random) else { return "no records yet" }
        return change(device, key, "delete \(key)", allowed: [.notPermitted, .notFound]) { household throws(OursError) in
            try household.remove(key)
        }
    }

    /// Restores or dismisses one conflict this device lists.
    func resolve(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.joined, let household = try? device.zone(householdID),
            let conflicts = try? household.conflicts(), !conflicts.isEmpty
        else { return "no conflicts" }
        let conflict = conflicts[random.int(0...(conflicts.count - 1))]
        let restore = random.chance(0.5)
        let what =
            "\(restore ? "restore" : "dismiss") \(conflict.kind.rawValue) conflict of \(conflict.key) \(conflict.field ?? "")"
        return change(device, conflict.key, what, allowed: [.notPermitted, .notFound]) { household throws(OursError) in
            if restore { try household.restoreConflict(conflict.id) } else { try household.dismissConflict(conflict.id) }
        }
    }
}
