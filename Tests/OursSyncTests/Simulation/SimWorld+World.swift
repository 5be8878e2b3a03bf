@testable import OursSync

/// The world around the devices: folders that go away and come back, clocks that jump.
extension SimWorld {
    static let parkedFolder = "/.unmounted-shared"

    /// The folder disappears from this device (an unmounted drive, a stopped sync tool, a
    /// `rm -r` that the tool does not propagate because it stops on a missing folder marker).
    func unmount(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "already unmounted" }
        let fileSystem = device.fileSystem
        if random.chance(0.5) {
            do { try fileSystem.rename(SimSyncTool.root, to: SimWorld.parkedFolder) } catch { return "rename failed: \(error)" }
            device.unmounted = .renamed
        } else {
            let files = fileSystem.files(under: SimSyncTool.root).sorted { $0.key < $1.key }.map { path, bytes in
                (path: path, bytes: bytes, modifiedNanos: modifiedNanos(device, path))
            }
            fileSystem.removeTree(SimSyncTool.root)
            device.unmounted = .removed(files)
        }
        tool.paused.insert(device.index)
        count("unmounts")
        return device.unmounted.map { if case .renamed = $0 { "renamed away" } else { "removed" } } ?? ""
    }

    func remount(_ device: SimDevice) -> String {
        guard let unmounted = device.unmounted else { return "not unmounted" }
        let fileSystem = device.fileSystem
        switch unmounted {
        case .renamed:
            try? fileSystem.rename(SimWorld.parkedFolder, to: SimSyncTool.root)
        case .removed(let files):
            try? fileSystem.createDirectory(SimSyncTool.root)
            for file in files {
                try? fileSystem.createDirectory(parentPath(file.path))
                try? fileSystem.writeInPlace(file.path, file.bytes, modifiedNanos: file.modifiedNanos)
            }
        }
        device.unmounted = nil
        tool.paused.remove(device.index)
        return "back"
    }

    func clockJump(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        let delta = random.chance(0.6) ? -random.int64(60_000...10_800_000) : random.int64(60_000...7_200_000)
        device.clock.advance(by: delta)
        count("clockJumps")
        return "clock \(delta > 0 ? "+" : "")\(delta / 1000) s"
    }

    /// One device's clock runs a day ahead for a while.
    func dayAhead(_ device: SimDevice) -> String {
        guard !devices.contains(where: \.dayAhead) else { return "another device is ahead already" }
        device.clock.advance(by: SimWorld.day)
        device.dayAhead = true
        count("clockJumps")
        return "clock a day ahead"
    }

    func clockFix(_ device: SimDevice) -> String {
        guard device.dayAhead else { return "clock not ahead" }
        device.clock.advance(by: -SimWorld.day)
        device.dayAhead = false
        return "clock back to normal"
    }
}

/// A household's life: invitations, joining, leaving, removal.
extension SimWorld {
    /// Active devices of people other than the owner.
    var activeMembers: [SimDevice] {
        devices.filter { $0.index != ownerIndex && $0.isActive && $0.identity.participantID != owner.identity.participantID }
    }

    @discardableResult
    func invite(_ target: SimDevice, readOnly: Bool) -> String {
        attempt("invite \(target.name)", on: owner, allowed: [.folderUnavailable, .notPermitted]) {
            () throws(OursError) -> String in
            let code = try owner.zone(householdID).invite(readOnly: readOnly)
            target.pendingCode = code.code
            return "code \(code.code) for \(target.name)\(readOnly ? " (read-only)" : "")"
        }
    }

    func inviteSomeone(_ random: inout SplitMix64) -> String {
        let candidates = devices.filter { !$0.joined && $0.pendingCode == nil }
        guard !candidates.isEmpty else { return "nobody to invite" }
        return invite(random.pick(candidates), readOnly: random.chance(0.25))
    }

    @discardableResult
    func join(_ device: SimDevice) -> String {
        guard !device.joined, let code = device.pendingCode else { return "no code" }
        // A code file the sync tool has half-written reads as damaged (`.failed`): the person tries again later.
        let allowed: Set<OursError.Kind> = [.notFound, .folderUnavailable, .notPermitted]
        let note = attempt(
            "join", on: device, allowed: allowed, alsoAllowed: { $0.message.contains("share code file is damaged") }
        ) {
            () throws(OursError) -> String in
            do throws(OursError) {
                let result = try device.device.join(code: code, folder: SimSyncTool.root)
                device.readOnly = result.zone.membership?.permission == .readOnly
                return "joined\(device.readOnly ? " read-only" : "")"
            } catch {
                if error.kind == .notPermitted { device.pendingCode = nil }
                throw error
            }
        }
        if let membership = try? device.device.memberships().first(where: { $0.id == householdID }) {
            if !device.joined, step >= 0 { count("joins") }
            device.joined = true
            device.pendingCode = nil
            device.readOnly = membership.permission == .readOnly
        }
        return note
    }

    func leave(_ device: SimDevice) -> String {
        guard device.isActive, device.index != ownerIndex else { return "not an active member" }
        guard activeMembers.count >= 2 else { return "the last member stays" }
        let note = attempt(
            "leave", on: device, allowed: [.folderUnavailable, .notPermitted], alsoAllowed: SimWorld.isBrokenDocument
        ) {
            () throws(OursError) -> String in
            try device.zone(householdID).leave()
            return "left"
        }
        if membershipStatus(device) == .left, !device.left {
            device.left = true
            count("leaves")
        }
        return note
    }

    func removeMember(_ random: inout SplitMix64) -> String {
        let candidates = activeMembers
        guard candidates.count >= 2 else { return "the last member stays" }
        let target = random.pick(candidates)
        let allowed: Set<OursError.Kind> = [.folderUnavailable, .notPermitted, .notFound]
        return attempt("remove \(target.name)", on: owner, allowed: allowed, alsoAllowed: SimWorld.isBrokenDocument) {
            () throws(OursError) -> String in
            try owner.zone(householdID).removeMember(target.identity.participantID)
            target.removed = true
            count("removals")
            return "removed \(target.name)"
        }
    }

    /// A membership change refused because someone broke participants.json or zone.json (it is
    /// never overwritten while broken): the person tries again once it is fixed.
    static func isBrokenDocument(_ error: OursError) -> Bool {
        error.kind == .failed && error.message.contains("left as it is until fixed")
    }

    func membershipStatus(_ device: SimDevice) -> Membership.Status? {
        ((try? device.device.memberships()) ?? []).first { $0.id == householdID }?.status
    }
}
