import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a device tells the others about itself: its name and when it last synced, in
/// `<household>/devices/<device>.json`, written only by that device. Shown by `ours devices`;
/// no rule reads it (anyone who can write the folder can write it).
package struct DeviceNote: Sendable, Equatable {
    package var device: DeviceID
    package var name: String?
    package var lastSeen: String?

    /// How often a device refreshes its note's `lastSeen`.
    static let refreshMillis: Int64 = 60 * 60 * 1000

    static func path(_ device: DeviceID, in layout: ZoneLayout) -> String {
        joinPath(layout.zone, "devices", device.rawValue + ".json")
    }

    var encoded: [UInt8] {
        let object: [String: JSONValue] = [
            "format": 1, "device": .string(device.rawValue), "name": name.map { .string($0) } ?? .null,
            "lastSeen": lastSeen.map { .string($0) } ?? .null,
        ]
        return JSONWriter.pretty(.object(object)) + [0x0A]
    }

    /// A device's note in the household's folder; `nil` when there is none or it is damaged.
    static func load(_ device: DeviceID, in layout: ZoneLayout, fileSystem: any FileSystem) -> DeviceNote? {
        guard let object = read(path(device, in: layout), in: layout, fileSystem: fileSystem),
            object["device"]?.stringValue == device.rawValue
        else { return nil }
        return DeviceNote(device: device, name: object["name"]?.stringValue, lastSeen: object["lastSeen"]?.stringValue)
    }

    /// The JSON object of a file in `devices/`; `nil` when it is missing, a link, too large or
    /// not a JSON object.
    static func read(_ path: String, in layout: ZoneLayout, fileSystem: any FileSystem) -> [String: JSONValue]? {
        guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: false)) != nil,
            let bytes = try? fileSystem.read(path, limit: 64 * 1024)
        else { return nil }
        return try? JSONParser.parse(bytes).objectValue
    }

    /// The default name of a new device: its person's and the computer's, "Sarah's vm", so two
    /// people's laptops of one name are told apart in `ours devices`.
    package static func defaultName(person: String) -> String {
        person.isEmpty ? hostName : person + "'s " + hostName
    }

    /// The computer's name (`gethostname`, never a network lookup, which
    /// `ProcessInfo.hostName` may make).
    package static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "device" : name
    }
}

extension SyncContext {
    /// Writes this device's note: its name now, and `lastSeen` when older than an hour. Without
    /// `force`, only a note already there is kept up to date: a person with one device, who
    /// never linked another nor named this one, leaves no note in the folder.
    func refreshDeviceNote(force: Bool = false) {
        guard let layout, membership?.status == .active, let identity = try? device.requireIdentity() else { return }
        let now = device.clock.nowMillis()
        let existing = DeviceNote.load(identity.deviceID, in: layout, fileSystem: fileSystem)
        if existing == nil, !force { return }
        let name = identity.deviceName ?? existing?.name ?? DeviceNote.defaultName(person: identity.name)
        if !force, let existing, existing.name == name,
            let seen = existing.lastSeen.flatMap(UTCTime.parseISO8601), now - seen < DeviceNote.refreshMillis
        {
            return
        }
        let note = DeviceNote(device: identity.deviceID, name: name, lastSeen: UTCTime.iso8601(millis: now))
        let path = DeviceNote.path(identity.deviceID, in: layout)
        try? io { () throws(FileSystemError) in
            let directory = parentPath(path)
            try fileSystem.requireNoLinks(path, under: layout.zone, creating: true)
            if try fileSystem.stat(directory) == nil { try fileSystem.createDirectory(directory) }
            try fileSystem.writeAtomically(path, note.encoded, durability: .deferred)
        }
    }
}

extension SyncContext {
    /// Removes the copies of device notes a sync tool left in `devices/` (a note written on one
    /// copy of the folder while an older one came back on another): any JSON file there that
    /// holds a note under a name other than its device's. A note holds nothing to merge, and
    /// its device writes it again within the hour, so no device has to keep the copy; any
    /// device may remove it, and one that no longer syncs does not leave its copies for good.
    /// Files that are no note (broken, another tool's) are left alone, and a file named like a
    /// note (`<device id>.json`) is not even read: a pass over a tidy folder only lists it.
    /// - Returns: how many copies were removed.
    func removeDeviceNoteCopies() -> Int {
        guard let layout else { return 0 }
        let directory = joinPath(layout.zone, "devices")
        guard let entries = try? fileSystem.list(directory) else { return 0 }
        var removed = 0
        for entry in entries where entry.kind == .file && FolderNames.isRecordCandidate(entry.name) {
            if DeviceID(String(entry.name.dropLast(".json".count))) != nil { continue }
            let path = joinPath(directory, entry.name)
            guard DeviceNote.read(path, in: layout, fileSystem: fileSystem)?["device"]?.stringValue != nil else { continue }
            if (try? fileSystem.remove(path)) != nil { removed += 1 }
        }
        return removed
    }
}

extension Device {
    /// Renames this device among its person's devices, in every household it is active in.
    public func renameDevice(_ name: String) throws(OursError) -> DeviceIdentity {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .usage("the device name must not be empty") }
        let identity = try withLock { () throws(OursError) -> DeviceIdentity in
            var identity = try requireIdentity()
            identity.deviceName = trimmed
            try writeState(stateFileBytes(identity.document), to: identityFile)
            return identity
        }
        for membership in try memberships() where membership.status == .active {
            Zone(device: self, membership: membership).context.refreshDeviceNote(force: true)
        }
        return identity
    }
}
