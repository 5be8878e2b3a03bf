import OursSync

extension CommandContext {
    /// A record as people call it: `list "Groceries"`, `meal plan "Friday dinner"`; the type
    /// and id when it has no name (`widget w1`).
    func label(_ key: RecordKey, in zone: Zone) -> String {
        let type = key.type.replacingOccurrences(of: "-", with: " ")
        guard let name = (try? zone.get(key))??.name, !name.isEmpty else { return "\(type) \(key.id)" }
        return "\(type) \"\(name)\""
    }

    /// Who wrote a value and when: `Mike, yesterday 18:02`; the device id when no member
    /// lists that device.
    func author(_ stamp: Stamp, manifest: ParticipantManifest?) -> String {
        let person = manifest?.sorted.first { $0.devices.contains(stamp.device) }?.name ?? "device \(stamp.device.rawValue)"
        return "\(person), \(time.phrase(stamp.millis))"
    }
}
