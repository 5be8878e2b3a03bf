import Testing

@testable import OursSync

/// The simulator's checks must be able to fail: each test damages a converged world the way a
/// bug would, and expects the check to say so.
@Suite("Simulation: the checker catches damage", .tags(.simulation))
struct SimCheckerTests {
    /// Every file on a device: its folder copy and its state directory.
    static func allFiles(_ device: SimDevice) -> [String: [UInt8]] {
        device.fileSystem.files(under: SimSyncTool.root).merging(device.fileSystem.files(under: SimDevice.home)) { a, _ in a }
    }

    /// Rewrites every copy of a record (folder copies and replicas, on every device).
    static func rewriteEverywhere(_ world: SimWorld, _ key: RecordKey, _ change: (RecordState) -> RecordState) {
        for device in world.devices {
            for (path, bytes) in allFiles(device) where path.hasSuffix("/" + key.id + ".json") {
                guard let state = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state,
                    state.key == key
                else { continue }
                try? device.fileSystem.writeInPlace(path, RecordFile.encode(change(state)))
            }
        }
    }

    /// The state of a record in the owner's folder copy.
    static func folderState(_ world: SimWorld, _ key: RecordKey) -> RecordState? {
        let path = SimSyncTool.root + "/" + world.zone + "/records/" + ZoneLayout.relativePath(of: key)
        guard let bytes = try? world.owner.fileSystem.read(path, limit: Int.max) else { return nil }
        return try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
    }

    @Test func aWriteDroppedEverywhereIsALoss() {
        var dropped: SimLedger.Write?
        let outcome = Simulator.run(SimPlan.make(seed: 3, generator: .v1)) { world in
            dropped = world.ledger.writes.first { write in
                write.writer != nil
                    && (SimCheckerTests.folderState(world, write.key).map { $0.allStamps.contains(write.stamp) } ?? false)
            }
            guard let dropped else { return }
            SimCheckerTests.rewriteEverywhere(world, dropped.key) { $0.filtered { $0 != dropped.stamp } }
        }
        #expect(dropped != nil)
        #expect(outcome.category == "loss", "\(outcome.failures)")
    }

    @Test func aRecordGoneEverywhereIsALoss() {
        let outcome = Simulator.run(SimPlan.make(seed: 3, generator: .v1)) { world in
            guard let key = world.ledger.writes.first(where: { $0.writer != nil })?.key else { return }
            for device in world.devices {
                for path in SimCheckerTests.allFiles(device).keys where path.hasSuffix("/" + key.id + ".json") {
                    try? device.fileSystem.remove(path)
                }
            }
        }
        #expect(outcome.category == "loss", "\(outcome.failures)")
    }

    @Test func oneFolderCopyThatDiffersIsADivergence() {
        let outcome = Simulator.run(SimPlan.make(seed: 3, generator: .v1)) { world in
            guard let write = world.ledger.writes.first(where: { $0.writer != nil }) else { return }
            let device = world.devices[1]
            let path = SimSyncTool.root + "/" + world.zone + "/records/" + ZoneLayout.relativePath(of: write.key)
            guard let bytes = try? device.fileSystem.read(path, limit: Int.max),
                let state = try? RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
            else { return }
            var changed = state
            changed.write(["extra": "only here"], at: Stamp(millis: SimWorld.epoch, device: DeviceID("zzzzzzzz")!))
            try? device.fileSystem.writeInPlace(path, RecordFile.encode(changed))
        }
        #expect(outcome.category == "divergence", "\(outcome.failures)")
    }

    @Test func aConflictCopyLeftBehindIsReported() {
        let outcome = Simulator.run(SimPlan.make(seed: 3, generator: .v1)) { world in
            guard let write = world.ledger.writes.first(where: { $0.writer != nil }) else { return }
            let relative = "records/" + ZoneLayout.relativePath(of: write.key)
            let copy = SimSyncTool.root + "/" + world.zone + "/" + relative.dropLast(5) + " 2.json"
            for device in world.devices {
                guard
                    let bytes = try? device.fileSystem.read(SimSyncTool.root + "/" + world.zone + "/" + relative, limit: Int.max)
                else { continue }
                try? device.fileSystem.writeInPlace(copy, bytes)
            }
        }
        #expect(outcome.category == "unclean folder", "\(outcome.failures)")
    }

    @Test func aRemovedMembersLaterWriteKeptIsReported() throws {
        // Seed 87 removes Mike and then has him write (stamped after the removal) before he knows.
        var planted = false
        let outcome = Simulator.run(SimPlan.make(seed: 87, generator: .v1)) { world in
            guard let manifest = try? world.owner.zone(world.householdID).manifest() else { return }
            guard
                let write = world.ledger.writes.first(where: { write in
                    guard let writer = write.writer,
                        let end = manifest.participants[world.devices[writer].identity.participantID]?.statusStamp
                    else { return false }
                    return world.devices[writer].removed && write.stamp > end
                }), let writer = write.writer,
                let theirs = (try? world.devices[writer].device.replica(world.householdID).load(write.key)) ?? nil
            else { return }
            planted = true
            SimCheckerTests.rewriteEverywhere(world, write.key) { $0.merging(theirs) }
        }
        try #require(planted)
        #expect(outcome.failures.contains { $0.hasPrefix("ignored write kept") }, "\(outcome.failures)")
    }

    @Test func aWriteOfADeviceNoListNamesKeptIsReported() throws {
        var planted = false
        let outcome = Simulator.run(SimPlan.make(seed: 3, generator: .v1)) { world in
            guard let write = world.ledger.writes.first(where: { $0.writer != nil }), let writer = write.writer else { return }
            let stranger = Stamp(millis: SimWorld.epoch, device: DeviceID("zzzzzzzz")!)
            SimCheckerTests.rewriteEverywhere(world, write.key) { state in
                var changed = state
                changed.write(["extra": "from an unlisted device"], at: stranger)
                return changed
            }
            world.ledger.writes.append(
                SimLedger.Write(
                    key: write.key, fields: ["extra"], deletion: false, stamp: stranger, writer: writer, step: write.step,
                    what: "a write by a device no list names"))
            planted = true
        }
        try #require(planted)
        #expect(outcome.failures.contains { $0.contains("made by a device no list names") }, "\(outcome.failures)")
    }

    @Test func aPassThatStillWritesAfterHealingIsReported() throws {
        // A record file changed behind every device's back after healing: the next pass merges it.
        var planted = false
        let outcome = Simulator.run(
            SimPlan.make(seed: 3, generator: .v1),
            beforeQuiet: { world in
                guard let (path, bytes, _) = world.canonicalRecordFiles(world.devices[0]).first,
                    case .object(var top)? = try? JSONParser.parse(bytes)
                else { return }
                top["note"] = .string("changed after healing")
                for device in world.devices { try? device.fileSystem.writeInPlace(path, JSONWriter.pretty(.object(top))) }
                planted = true
            })
        try #require(planted)
        #expect(outcome.failures.contains { $0.hasPrefix("write loop") }, "\(outcome.failures)")
    }
}
