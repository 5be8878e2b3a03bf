import OursSync

extension Commands {
    func initDevice(name: String, email: String?) throws(OursError) {
        let identity = try device.initialize(name: name, email: email)
        if context.json {
            context.printJSON([
                "deviceId": .string(identity.deviceID.rawValue), "participantId": .string(identity.participantID),
                "name": .string(identity.name), "email": identity.email.map { .string($0) } ?? .null,
                "home": .string(device.home),
            ])
        } else {
            context.say(
                "This device is set up for \(context.bold(identity.name)) (device \(identity.deviceID), state in \(device.home))."
            )
            if try device.memberships().isEmpty {
                context.say("Next: `ours household create NAME --folder PATH`, or `ours join CODE --folder PATH`.")
            }
        }
    }

    func householdCreate(name: String, folder: String) throws(OursError) {
        let privateCount = try device.replica(Zone.privateID).keys().count
        let household = try device.createZone(name: name, folder: Device.absolutePathForCommandLine(folder))
        if context.json {
            context.printJSON(Commands.householdJSON(household))
            return
        }
        let membership = household.membership!
        context.say("Created \(context.bold(membership.name)) in \(membership.layout.zone).")
        if privateCount > 0 { context.say("Moved \(privateCount) record(s) you had on this device into it.") }
        context.say("Invite someone with `ours invite` (or `ours invite --read-only`).")
    }

    func householdShow() throws(OursError) {
        let household = try context.zone()
        let manifest = try household.manifest()
        let records = try household.replica.keys().count
        let lastSync = try household.replica.loadSyncState().lastSyncMillis
        if context.json {
            var object = Commands.householdJSON(household).objectValue ?? [:]
            object["members"] = JSONValue(manifest.participants.values.filter { $0.status == .active }.count)
            object["records"] = JSONValue(records)
            object["lastSyncAt"] = lastSync.map { .string(UTCTime.iso8601(millis: $0)) } ?? .null
            context.printJSON(.object(object))
            return
        }
        guard let membership = household.membership else {
            context.say("No household yet: \(records) private record(s) on this device.")
            context.say(
                "Create one with `ours household create NAME --folder PATH`, or join one with `ours join CODE --folder PATH`.")
            return
        }
        let active = manifest.sorted.filter { $0.status == .active }.map(\.name)
        context.say(context.bold(membership.name) + context.dim("  (\(membership.id))"))
        context.say("  folder      \(membership.layout.zone)")
        context.say("  you         \(membership.role.rawValue), \(membership.permission.rawValue), \(membership.status.rawValue)")
        context.say("  members     \(active.joined(separator: ", "))")
        context.say("  records     \(records)")
        context.say("  last sync   \(lastSync.map { UTCTime.iso8601(millis: $0) } ?? "never")")
    }

    func householdList() throws(OursError) {
        let memberships = try device.memberships()
        let current = try device.membership(matching: nil)?.id
        if context.json {
            context.printJSON(
                .array(
                    memberships.map { membership in
                        var object = Commands.householdJSON(Zone(device: device, membership: membership)).objectValue ?? [:]
                        object["current"] = .bool(membership.id == current)
                        return .object(object)
                    }))
            return
        }
        if memberships.isEmpty {
            context.say("This device belongs to no household yet.")
            return
        }
        let rows = memberships.map { m in
            [(m.id == current ? "* " : "  ") + m.name, m.role.rawValue, m.permission.rawValue, m.status.rawValue, m.layout.zone]
        }
        context.console.out(Table.render(["  NAME", "ROLE", "PERMISSION", "STATUS", "FOLDER"], rows))
    }

    func householdUse(_ name: String) throws(OursError) {
        let household = try device.use(name)
        if context.json {
            context.printJSON(Commands.householdJSON(household))
        } else {
            context.say("Now using \(context.bold(household.name)).")
        }
    }

    func invite(readOnly: Bool, expires: DurationText?, uses: Int?) throws(OursError) {
        let household = try context.zone()
        let code = try household.invite(readOnly: readOnly, expiresInMillis: expires?.milliseconds, maxUses: uses)
        if context.json {
            context.printJSON([
                "code": .string(code.code), "permission": .string(code.permission.rawValue),
                "expiresAt": code.expiresAt.map { .string($0) } ?? .null, "maxUses": code.maxUses.map { JSONValue($0) } ?? .null,
                "household": ["id": .string(household.id), "name": .string(household.name)],
            ])
            return
        }
        let kind = code.permission == .readOnly ? "read-only" : "read-write"
        let spaced = String(code.code.prefix(3)) + "-" + String(code.code.suffix(3))
        context.say(context.bold(spaced))
        context.say(
            "A \(kind) code for \(household.name): \(code.maxUses.map { "\($0) use\($0 == 1 ? "" : "s")" } ?? "unlimited uses"), "
                + "expires \(code.expiresAt ?? "never").")
        context.say("On the other device: ours join \(code.code) --folder <where that device mounts the shared folder>")
    }

    func codes() throws(OursError) {
        let household = try context.zone()
        let now = device.clock.nowMillis()
        let codes = try household.codes()
        if context.json {
            context.printJSON(
                .array(
                    codes.map { code in
                        [
                            "code": .string(code.code), "permission": .string(code.permission.rawValue),
                            "status": .string(code.status(nowMillis: now).rawValue), "uses": JSONValue(code.uses),
                            "maxUses": code.maxUses.map { JSONValue($0) } ?? .null,
                            "expiresAt": code.expiresAt.map { .string($0) } ?? .null,
                            "createdAt": .string(code.createdAt),
                        ]
                    }))
            return
        }
        if codes.isEmpty {
            context.say("No share codes for \(household.name). Make one with `ours invite`.")
            return
        }
        let rows = codes.map { code in
            [
                code.code, code.permission.rawValue, code.status(nowMillis: now).rawValue,
                "\(code.uses)/\(code.maxUses.map(String.init) ?? "∞")", code.expiresAt ?? "never",
            ]
        }
        context.console.out(Table.render(["CODE", "PERMISSION", "STATUS", "USES", "EXPIRES"], rows))
    }

    func join(code: String, folder: String, name: String?) throws(OursError) {
        let context = self.context
        let result = try device.join(code: code, folder: Device.absolutePathForCommandLine(folder), name: name) { step in
            context.progress(step.text)
        }
        context.endProgress()
        let household = result.zone
        let records: Int
        if let counted = result.records { records = counted } else { records = try household.recordCount() }
        if context.json {
            var object = Commands.householdJSON(household).objectValue ?? [:]
            object["alreadyMember"] = .bool(result.alreadyMember)
            object["records"] = JSONValue(records)
            context.printJSON(.object(object))
            return
        }
        if result.alreadyMember {
            context.say("You are already a member of \(context.bold(household.name)); nothing changed.")
            return
        }
        let permission = household.membership?.permission == .readOnly ? "a read-only" : "a read-write"
        context.say("Joined \(context.bold(household.name)) as \(permission) member: \(records) record(s).")
    }

    func members() throws(OursError) {
        let household = try context.zone()
        try household.refreshDocuments()
        let manifest = try household.manifest()
        if context.json {
            context.printJSON(
                .array(
                    manifest.sorted.map { p in
                        [
                            "id": .string(p.id), "name": .string(p.name), "email": p.email.map { .string($0) } ?? .null,
                            "role": .string(p.role.rawValue), "permission": .string(p.permission.rawValue),
                            "status": .string(p.status.rawValue), "devices": .array(p.devices.map { .string($0.rawValue) }),
                            "joinedAt": p.joinedAt.map { .string($0) } ?? .null,
                            "lastSeen": p.lastSeen.map { .string($0) } ?? .null,
                        ]
                    }))
            return
        }
        let rows = manifest.sorted.map { p in
            [
                p.name, p.role.rawValue, p.permission.rawValue, p.status.rawValue,
                p.devices.map(\.rawValue).joined(separator: ","),
                p.lastSeen ?? p.joinedAt ?? "",
            ]
        }
        context.console.out(Table.render(["NAME", "ROLE", "PERMISSION", "STATUS", "DEVICES", "LAST SEEN"], rows))
    }
}

extension Zone {
    /// How many records the household holds (every type, deleted ones excluded).
    func recordCount() throws(OursError) -> Int {
        var count = 0
        for type in try replica.types() { count += try list(type: type).count }
        return count
    }
}
