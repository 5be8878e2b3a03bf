import Foundation
import OursHousehold
import OursTestSupport

@testable import OursSync

/// The steps of the household simulation: people using the app, the app syncing, the sync
/// tool moving files, the owner removing a member, a read-only member making their own device
/// state say read-write.
extension HouseholdSimWorld {
    func perform(_ kind: Step, _ device: HouseholdSimDevice, _ param: UInt64) {
        var random = SplitMix64(seed: param)
        for each in devices { each.clock.advance(by: random.int64(0...1500)) }
        let list = random.pick(HouseholdSimWorld.lists)
        let item = random.pick(HouseholdSimWorld.items)
        let recipe = random.pick(HouseholdSimWorld.recipes)
        let day = random.pick(HouseholdSimWorld.days)
        let slot = random.pick(PlannedMeal.Slot.allCases)
        let project = random.pick(HouseholdSimWorld.projects)
        // An ignored writer's additions carry names no one else uses, so they can be told apart.
        let ignored = device.isIgnoredWriter
        let added = ignored ? "late \(step)" : item
        let note: String
        switch kind {
        case .add:
            note = act(device, "add \(added) to \(list ?? "the default list")", ghost: added) { household throws(OursError) in
                _ = try household.add([added], to: list)
            }
        case .check: note = act(device, "check \(item)") { household throws(OursError) in _ = try household.check(item) }
        case .uncheck: note = act(device, "uncheck \(item)") { household throws(OursError) in _ = try household.uncheck(item) }
        case .removeItem:
            note = act(device, "remove \(item)") { household throws(OursError) in _ = try household.remove(item) }
        case .deleteList:
            note = act(device, "list delete \(list ?? "Groceries")") { household throws(OursError) in
                _ = try household.deleteList(list ?? "Groceries", confirmed: true)
            }
        case .addRecipe:
            let name = ignored ? "Late \(step)" : recipe
            note = act(device, "recipe add \(name)", ghost: name) { household throws(OursError) in
                _ = try household.addRecipe(named: name, ingredients: ["2 eggs", "1 cup milk"], sameTitle: .replace)
            }
        case .deleteRecipe:
            note = act(device, "recipe delete \(recipe)") { household throws(OursError) in
                _ = try household.deleteRecipe(recipe, confirmed: true)
            }
        case .plan:
            let name = ignored ? "Late \(step)" : recipe
            note = act(device, "plan \(day) \(slot.rawValue) \(name)", ghost: name) { household throws(OursError) in
                _ = try household.plan(day, slot, name, replace: true)
            }
        case .removeMeal:
            note = act(device, "meal remove \(day) \(slot.rawValue)") { household throws(OursError) in
                _ = try household.removeMeal(day, slot)
            }
        case .addChore:
            let name = ignored ? "late \(step)" : "vacuum"
            note = act(device, "chore add \(name)", ghost: name) { household throws(OursError) in
                _ = try household.addChore(named: name, every: Interval("1w")!)
            }
        case .choreDone:
            note = act(device, "chore done vacuum") { household throws(OursError) in _ = try household.choreDone("vacuum") }
        case .addTask:
            let title = ignored ? "late \(step)" : "fix \(item)"
            note = act(device, "task add \(title) to \(project)", ghost: title) { household throws(OursError) in
                _ = try household.addTask(title, project: project)
            }
        case .taskDone:
            note = act(device, "task done fix \(item)") { household throws(OursError) in
                _ = try household.taskDone("fix \(item)", project: project)
            }
        case .deleteProject:
            note = act(device, "project delete \(project)") { household throws(OursError) in
                _ = try household.deleteProject(project, confirmed: true)
            }
        case .sync, .quickSync: note = sync(device, quick: kind == .quickSync)
        case .deliver:
            tool.step(&random)
            note = "queue \(tool.queue.count)"
        case .removeMember: note = removeMember(&random)
        case .tamper: note = tamper(device)
        case .join: note = lateJoin(&random)
        case .leave: note = leave(device)
        }
        if note.hasSuffix(": ok") { count(ignored ? "ignoredWrites" : "done." + kind.rawValue) }
        if note.contains("refused (") { count("refused." + kind.rawValue) }
        log.append("\(step): \(kind.rawValue) \(device.name) → \(note)")
    }

    func sync(_ device: HouseholdSimDevice, quick: Bool) -> String {
        guard device.joined else { return "not a member" }
        do {
            let zone = try device.device.zone(householdID)
            let report = quick ? try zone.quickSync() : try zone.sync()
            if let event = report.lifecycle { return "learnt: \(event.rawValue)" }
            return "merged \(report.recordsMerged), wrote \(report.filesWritten)"
        } catch {
            if error.kind == .notPermitted || error.kind == .folderUnavailable { return "refused: \(error.message.prefix(60))" }
            failures.append("unexpected: step \(step) \(device.name) sync: \(error.kind.rawValue): \(error.message)")
            return "FAILED"
        }
    }

    /// The owner removes a member (never the last other one); the member's device learns later.
    func removeMember(_ random: inout SplitMix64) -> String {
        let candidates = devices.dropFirst().filter(\.isActive)
        guard candidates.count >= 2 else { return "the last member stays" }
        let target = random.pick(Array(candidates))
        do {
            let zone = try devices[0].device.zone(householdID)
            _ = try zone.removeMember(target.identity.participantID)
            target.removed = true
            // Its clock past the removal's stamp: what it writes from now on is stamped after
            // the removal, so every device must ignore it (a slower clock would make it
            // concurrent, and kept). The stamp, not the owner's clock: the owner's stamps run
            // ahead of its clock once it has merged a faster device's (seed 3056).
            let removal = try zone.manifest().participants[target.identity.participantID]?.inactiveSpans.last?.from.millis
            let ahead = max(devices[0].clock.nowMillis(), removal ?? 0) + 1000 - target.clock.nowMillis()
            if ahead > 0 { target.clock.advance(by: ahead) }
            count("removals")
            return "removed \(target.name)"
        } catch {
            return "refused: \(error.message.prefix(60))"
        }
    }

    /// The device kept out at setup joins now, by a code the owner makes (one in three read-only).
    func lateJoin(_ random: inout SplitMix64) -> String {
        guard let device = devices.first(where: { !$0.joined }) else { return "nobody waiting to join" }
        let readOnly = random.chance(0.33)
        do {
            let code = try devices[0].device.zone(householdID).invite(readOnly: readOnly)
            tool.settle()
            _ = try device.device.join(code: code.code, folder: SimSyncTool.root)
            device.joined = true
            device.readOnly = readOnly
            count("joins")
            return "\(device.name) joined\(readOnly ? " read-only" : "")"
        } catch {
            return refusal(error, "\(device.name) joining")
        }
    }

    /// A member (never the owner, never the last other one) leaves the household.
    func leave(_ device: HouseholdSimDevice) -> String {
        guard device.isActive, device.index != 0 else { return "not a member who may leave" }
        guard devices.filter(\.isActive).count >= 3 else { return "the last member stays" }
        do {
            try device.device.zone(householdID).leave()
            device.left = true
            count("departures")
            return "left"
        } catch {
            return refusal(error, "leaving")
        }
    }

    /// A refusal a person may see (`notFound`, `usage`, `failed`, `notPermitted`); the folder
    /// unavailable, which the simulated tool never makes it, fails the run.
    func refusal(_ error: OursError, _ what: String) -> String {
        switch error.kind {
        case .notFound, .usage, .failed, .notPermitted:
            count("refusals")
            return "refused (\(error.kind.rawValue)) \(error.message.prefix(80))"
        case .folderUnavailable:
            failures.append("unexpected: step \(step) \(what): \(error.kind.rawValue): \(error.message)")
            return "FAILED"
        }
    }

    /// A read-only member edits their device's state to say read-write.
    func tamper(_ device: HouseholdSimDevice) -> String {
        guard device.isActive, device.readOnly, !device.tampered,
            var membership = try? device.device.memberships().first(where: { $0.id == householdID })
        else { return "not an active read-only member" }
        membership.permission = .readWrite
        do { try device.device.upsert(membership, makeCurrent: false) } catch { return "could not edit: \(error)" }
        device.tampered = true
        count("tampered")
        return "edited its own state to read-write"
    }
}
