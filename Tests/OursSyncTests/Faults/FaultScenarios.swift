@testable import OursSync

/// An operation to inject faults into: how to get there, the operation, and what a person does
/// next once the fault is gone.
struct FaultScenario: Sendable {
    enum Who: Sendable { case sarah, mike }

    var name: String
    /// The device whose file system fails.
    var device: Who
    var setUp: @Sendable (FaultWorld) throws -> Void
    /// The operation under test; a sync's report, when it is one.
    var operation: @Sendable (FaultWorld) throws(OursError) -> SyncReport?
    /// With the fault gone: the next sync, or the command again when the failed one left no trace.
    var next: @Sendable (FaultWorld) throws -> Void

    static let all = [sync, put, importing, create, join]

    static func named(_ name: String) -> FaultScenario { all.first { $0.name == name }! }

    /// Sarah's sync merges Mike's edits of two records and a conflict copy, and writes three
    /// records she changed offline.
    static let sync = FaultScenario(
        name: "sync", device: .sarah,
        setUp: { world in
            try world.create()
            try world.join()
            for id in ["a", "b", "c"] { try world.sarah.put(type: "item", id: id, fields: ["name": .string(id), "qty": 1]) }
            try world.mike.sync()
            world.tick()
            try world.mike.put(type: "item", id: "a", fields: ["qty": 2])
            try world.mike.put(type: "item", id: "b", fields: ["note": "Mike's"])
            try world.offline {
                try world.sarah.put(type: "item", id: "c", fields: ["qty": 5])
                try world.sarah.put(type: "item", id: "d", fields: ["name": "d"])
                try world.sarah.put(type: "item", id: "e", fields: ["name": "e"])
            }
            try world.plantConflictCopy(of: "b", field: "aisle", value: "7")
            world.tick()
        },
        operation: { world throws(OursError) in try world.sarah.sync() },
        next: { world in try world.sarah.sync() })

    /// Sarah changes a record whose folder file holds Mike's newer edit: the write-through must
    /// merge it, never overwrite it.
    static let put = FaultScenario(
        name: "put", device: .sarah, setUp: sharedRecord,
        operation: { world throws(OursError) in
            try world.sarah.put(type: "item", id: "a", fields: ["qty": 9])
            return nil
        },
        next: { world in try world.sarah.sync() })

    /// Sarah imports four records, one of them the record Mike edited.
    static let importing = FaultScenario(
        name: "import", device: .sarah, setUp: sharedRecord,
        operation: { world throws(OursError) in
            let objects: [[String: JSONValue]] = [
                ["_ours": ["id": "a"], "qty": 9], ["_ours": ["id": "f"], "name": "f"],
                ["_ours": ["id": "g"], "name": "g"], ["_ours": ["id": "h"], "name": "h"],
            ]
            try world.sarah.importRecords(type: "item", objects: objects)
            return nil
        },
        next: { world in try world.sarah.sync() })

    /// Sarah creates the household; her two private records move into it.
    static let create = FaultScenario(
        name: "create", device: .sarah,
        setUp: { world in
            let own = try world.sarahDevice.zone()
            for id in ["p1", "p2"] { try own.put(type: "item", id: id, fields: ["name": .string(id)]) }
            world.tick()
        },
        operation: { world throws(OursError) in
            world.sarah = try world.sarahDevice.createZone(name: "Home", folder: world.shared)
            return nil
        },
        next: { world in
            if let membership = try world.sarahDevice.memberships().first {
                world.sarah = Zone(device: world.sarahDevice, membership: membership)
                try world.sarah.sync()
                world.code = try world.sarah.invite(readOnly: false).code
            } else {
                try world.create()
            }
            try world.join()
        })

    /// Mike joins with a code; the household has two records.
    static let join = FaultScenario(
        name: "join", device: .mike,
        setUp: { world in
            try world.create()
            for id in ["a", "b"] { try world.sarah.put(type: "item", id: id, fields: ["name": .string(id)]) }
            world.tick()
        },
        operation: { world throws(OursError) in
            world.mike = try world.mikeDevice.join(code: world.code!, folder: world.shared).zone
            return nil
        },
        next: { world in
            if let membership = try world.mikeDevice.memberships().first {
                world.mike = Zone(device: world.mikeDevice, membership: membership)
                try world.mike.sync()
            } else {
                world.mike = try world.mikeDevice.join(code: world.code!, folder: world.shared).zone
            }
        })

    /// Both devices share record `a`; Mike has since added a note that Sarah has not seen.
    @Sendable static func sharedRecord(_ world: FaultWorld) throws {
        try world.create()
        try world.join()
        try world.sarah.put(type: "item", id: "a", fields: ["name": "a", "qty": 1])
        try world.mike.sync()
        world.tick()
        try world.mike.put(type: "item", id: "a", fields: ["note": "Mike's"])
        world.tick()
    }
}
