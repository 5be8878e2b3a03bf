/// A person's device taken off their list (a lost or sold phone): from the removal's stamp,
/// every device ignores its writes, as a removed member's.
///
/// A removal is a mark in the person's `devices` list, `"removed:<device>@<stamp>"`, in place
/// of the device's id, stamped with the write that made it. Every later write of the list
/// carries every mark any value of the field holds (`devicesValue`), so the mark outlives the
/// history a file keeps, and every device holding it reads the same removal stamp whatever
/// order it learnt the writes in. A mark counts only in an admitted write of its person's own
/// list, for a device that person owns, and never stamped after the write that carries it.
/// Older versions read a mark as no device at all: for them the device is simply no longer
/// listed (docs/FORMAT.md).
extension ParticipantManifest {
    static let removalPrefix = "removed:"

    /// The mark that removes `device` at `stamp`.
    static func removalMark(_ device: DeviceID, at stamp: Stamp) -> String {
        removalPrefix + device.rawValue + "@" + stamp.description
    }

    /// The removal marks a value of `devices` holds that its write may carry.
    static func removalMarks(in entry: FieldEntry) -> [(device: DeviceID, stamp: Stamp)] {
        (entry.value?.arrayValue ?? []).compactMap { item in
            guard let text = item.stringValue, text.hasPrefix(removalPrefix),
                let at = text.firstIndex(of: "@"),
                let device = DeviceID(String(text[text.index(text.startIndex, offsetBy: removalPrefix.count)..<at])),
                let stamp = Stamp(String(text[text.index(after: at)...])), stamp <= entry.stamp
            else { return nil }
            return (device, stamp)
        }
    }

    /// The devices of one participant that the marks of their `devices` history remove, each
    /// at its earliest mark. Only devices this participant owns (`owners`) count.
    static func deviceRemovals(
        _ history: [FieldEntry], participant: String, owners: [DeviceID: String]
    ) -> [DeviceID: Stamp] {
        var removed: [DeviceID: Stamp] = [:]
        for entry in history {
            for mark in removalMarks(in: entry) where owners[mark.device] == participant {
                removed[mark.device] = min(removed[mark.device] ?? mark.stamp, mark.stamp)
            }
        }
        return removed
    }

    /// Whether `device` is on `participantID`'s list and not taken off it: a device whose
    /// writes, and listings of other devices, every device admits.
    package func lists(_ device: DeviceID, as participantID: String) -> Bool {
        deviceOwners[device] == participantID && removedDevices[device] == nil
    }

    /// A participant's devices that are not removed: those their list names, then any other
    /// they own (listed by a value in conflict with the winner, say).
    public func activeDevices(of participantID: String) -> [DeviceID] {
        guard let participant = participants[participantID] else { return [] }
        var result: [DeviceID] = []
        for device in participant.devices where deviceOwners[device] == participantID && !result.contains(device) {
            result.append(device)
        }
        for (device, owner) in deviceOwners.sorted(by: { $0.key < $1.key }) where owner == participantID {
            if !result.contains(device) { result.append(device) }
        }
        return result.filter { removedDevices[$0] == nil }
    }

    /// The value a device writes to list `participantID`'s devices: every device and every
    /// removal mark that any current value of the field holds (the winner and the values in
    /// conflict with it), so a write never drops a device another one linked at the same time,
    /// nor a removal; with `adding` listed and `removing` replaced by marks stamped `stamp`.
    static func devicesValue(
        of participantID: String, in state: RecordState, adding: [DeviceID] = [], removing: Set<DeviceID> = [],
        at stamp: Stamp? = nil
    ) -> JSONValue {
        var devices: [DeviceID] = []
        var marks: [DeviceID: Stamp] = [:]
        for entry in state.fields[participantID + ".devices"]?.entries ?? [] {
            for device in deviceList(entry.value) where !devices.contains(device) { devices.append(device) }
            for mark in removalMarks(in: entry) { marks[mark.device] = min(marks[mark.device] ?? mark.stamp, mark.stamp) }
        }
        for device in adding where !devices.contains(device) { devices.append(device) }
        if let stamp {
            for device in removing where marks[device] == nil { marks[device] = stamp }
        }
        let listed = devices.filter { marks[$0] == nil }.map { JSONValue.string($0.rawValue) }
        let marked = marks.sorted { $0.key < $1.key }.map { JSONValue.string(removalMark($0.key, at: $0.value)) }
        return .array(listed + marked)
    }
}
