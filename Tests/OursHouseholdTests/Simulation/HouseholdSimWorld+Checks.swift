import Foundation
import OursTestSupport

@testable import OursHousehold
@testable import OursSync

/// The end of a household run: everything heals, then what people see is checked.
extension HouseholdSimWorld {
    /// Every folder copy and every replica's records, documents and outbox.
    func fingerprint() -> [[String: [UInt8]]] {
        devices.flatMap { device in
            [
                device.fileSystem.files(under: SimSyncTool.root),
                device.fileSystem.files(under: HouseholdSimDevice.home + "/replicas").filter {
                    $0.key.contains("/records/") || $0.key.hasSuffix("/zone.json") || $0.key.hasSuffix("/participants.json")
                        || $0.key.contains("/outbox/")
                },
            ]
        }
    }

    /// Every device syncs and the tool settles, until a round changes nothing.
    func heal() {
        step = -1
        var previous: [[String: [UInt8]]] = []
        for round in 0..<40 {
            for device in devices { device.clock.advance(by: 1000) }
            for device in devices where device.joined { _ = sync(device, quick: false) }
            tool.settle()
            let snapshot = fingerprint()
            if snapshot == previous {
                log.append("heal: converged after \(round + 1) rounds")
                return
            }
            previous = snapshot
        }
        failures.append("no convergence: files still changing after 40 rounds of sync")
    }

    /// The write-loop detector: a full and a quick pass on every active device over the healed,
    /// unchanged folder write nothing, and a pass of a device whose membership ended changes
    /// no file.
    func verifyQuiet() {
        let before = fingerprint()
        for device in devices where device.isActive {
            for quick in [false, true] {
                guard let zone = try? device.device.zone(householdID) else { continue }
                do {
                    let report = quick ? try zone.quickSync() : try zone.sync()
                    if report.recordsMerged + report.filesWritten + report.filesRestored + report.copiesRemoved > 0 {
                        failures.append(
                            "write loop: \(device.name)'s \(quick ? "quick" : "full") pass over the healed folder merged "
                                + "\(report.recordsMerged), wrote \(report.filesWritten), restored \(report.filesRestored)")
                    }
                } catch {
                    failures.append("unexpected: \(device.name)'s pass over the healed folder failed: \(error.message)")
                }
            }
        }
        // A device whose membership ended still syncs to deliver what waits in its outbox;
        // after healing nothing does, so its pass changes nothing either.
        for device in devices where device.joined && !device.isActive { _ = sync(device, quick: false) }
        if fingerprint() != before { failures.append("write loop: a pass over the healed folder changed files") }
    }

    /// What a person sees on one device, in a form two devices can be compared by.
    struct View: Equatable {
        var lists: [String] = []
        var items: [String] = []
        var recipes: [String] = []
        var meals: [String] = []
        var chores: [String] = []
        var tasks: [String] = []
        var projects: [String] = []
        var members: [String] = []
        /// Live items on no list anyone can see.
        var orphans: [String] = []

        var everything: [String] { lists + items + recipes + meals + chores + tasks + projects + members }
    }

    /// Each entry is canonical JSON (`JSONWriter`, keys sorted): describing a dictionary lists
    /// its keys in an order that differs from one dictionary to the next, so two devices
    /// showing the same thing would compare unequal. Chores are shown at one instant for every
    /// device (`now`): whether one is due must not depend on which device's clock is read.
    ///
    /// `own` are the records holding this device's own ignored changes (`ownIgnored`): a
    /// deleted list, project or recipe those alone keep in view here is one no other device
    /// shows, so it is left out, and a list or project they help keep names only the others
    /// (seeds 410313, 410514, 10000). A project's `keptBy` is compared as a set.
    func view(_ device: HouseholdSimDevice, now: Int64, own: Set<String> = []) throws(OursError) -> View {
        func text(_ value: JSONValue) -> String { JSONWriter.compactString(value) }
        let household = try device.household(householdID)
        var view = View()
        let members = try household.members()
        let lists = try household.lists(includeArchived: true)
        let onLists = try household.items(on: lists)
        view.lists = lists.compactMap { list -> String? in
            guard !list.keptBy.isEmpty, !own.isEmpty else { return text(list.json) }
            var shown = list
            shown.keptBy = (onLists[list.id] ?? []).filter { !own.contains($0.id) }.map(\.name)
            return shown.keptBy.isEmpty ? nil : text(shown.json)
        }.sorted()
        var visible: Set<String> = []
        for (listID, items) in onLists {
            for item in items {
                visible.insert(item.id)
                view.items.append("\(listID): \(text(item.json))")
            }
        }
        view.items.sort()
        // A record that is no item (`GroceryItem.init` says which) is not one on no list.
        view.orphans = try household.zone.list(type: RecordTypes.item).filter { GroceryItem($0) != nil }.map(\.key.id)
            .filter { !visible.contains($0) }.sorted()
        var days: [CalendarDay] = []
        for day in HouseholdSimWorld.days { days.append(try CalendarDay.parse(day, today: household.today)) }
        let meals = try household.meals(on: days)
        view.meals = meals.map { text($0.json) }.sorted()
        // A deleted recipe a planned meal keeps in view: not when only own ignored meals do.
        let planned = Set(meals.filter { !own.contains($0.id) }.compactMap(\.recipeID))
        for recipe in try household.recipes() {
            if !own.isEmpty, !planned.contains(recipe.id),
                try household.zone.state(of: RecordKey(unchecked: RecordTypes.recipe, id: recipe.id))?.isDeleted == true
            {
                continue
            }
            view.recipes.append(text(recipe.json))
        }
        view.recipes.sort()
        view.chores = try household.chores().map { text($0.json(members: members, now: now)) }.sorted()
        let tasks = try household.tasks(includeDone: true, includeArchived: true)
        view.tasks = tasks.map { text($0.json(members: members)) }.sorted()
        // A deleted project tasks keep in view: named by the tasks that are not own ignored ones.
        view.projects = try household.projects(includeArchived: true).compactMap { project -> String? in
            guard !project.keptBy.isEmpty else { return text(project.json) }
            var shown = project
            shown.keptBy =
                own.isEmpty
                ? project.keptBy.sorted()
                : tasks.filter { $0.projectID == project.id && !own.contains($0.id) }.map(\.name).sorted()
            return shown.keptBy.isEmpty ? nil : text(shown.json)
        }.sorted()
        view.members = members.map { "\(text($0.json)) \($0.active)" }.sorted()
        return view
    }

    /// Every active device shows the same household; nothing only an ignored writer wrote is
    /// visible; no live item sits on a list nobody can see.
    ///
    /// One difference is by design: a device keeps its own changes that every other device
    /// ignores (a read-only member who made their own device state say read-write and wrote;
    /// `SyncPass.dropUnsendable` stops sending them and reports them). So when one of the two
    /// devices compared holds such changes, the records they touched (`ownIgnored`) are left
    /// out of that comparison, and that device may show its own ghosts. Everything else must
    /// be equal, and every other device must show none of them.
    func verify() {
        var views: [(device: HouseholdSimDevice, view: View, own: Set<String>)] = []
        let now = devices.map { $0.clock.nowMillis() }.max() ?? HouseholdSimWorld.epoch
        for device in devices where device.isActive {
            do {
                let own = try ownIgnored(device)
                views.append((device, try view(device, now: now, own: own), own))
            } catch {
                failures.append("unexpected: reading \(device.name)'s household failed: \(error.message)")
            }
        }
        guard let reference = views.first else { return }
        for other in views.dropFirst() { compare(reference, other, leavingOut: reference.own.union(other.own)) }
        for (device, view, own) in views {
            if !own.isEmpty { count("ownIgnoredKept") }
            if !view.orphans.isEmpty {
                failures.append("hidden: \(device.name) holds items on no visible list: \(view.orphans.joined(separator: ", "))")
            }
            for (ghost, writer) in ghostNames.sorted(by: { $0.key < $1.key }) where writer != device.name {
                let needle = ghost.lowercased()
                if view.everything.contains(where: { $0.lowercased().contains(needle) }) {
                    failures.append("ghost: \(device.name) shows \(ghost), which only an ignored writer (\(writer)) wrote")
                }
            }
        }
    }

    /// Two devices' views, without the entries of the records in `leavingOut`.
    func compare(
        _ first: (device: HouseholdSimDevice, view: View, own: Set<String>),
        _ second: (device: HouseholdSimDevice, view: View, own: Set<String>), leavingOut ids: Set<String>
    ) {
        let needles = ids.map { "\"id\":\"\($0)\"" }
        func kept(_ entries: [String]) -> [String] { entries.filter { entry in !needles.contains { entry.contains($0) } } }
        let fields: [(String, KeyPath<View, [String]>)] = [
            ("lists", \.lists), ("items", \.items), ("recipes", \.recipes), ("meals", \.meals), ("chores", \.chores),
            ("tasks", \.tasks), ("projects", \.projects), ("members", \.members), ("orphans", \.orphans),
        ]
        for (name, path) in fields {
            let mine = kept(first.view[keyPath: path])
            let theirs = kept(second.view[keyPath: path])
            guard mine != theirs else { continue }
            failures.append(
                "divergence: \(second.device.name) shows other \(name) than \(first.device.name): only \(second.device.name): "
                    + "\(theirs.filter { !mine.contains($0) }.prefix(3)); only \(first.device.name): "
                    + "\(mine.filter { !theirs.contains($0) }.prefix(3))")
        }
    }

    /// The ids of the records whose copy on `device` holds a change of its own that the
    /// household's manifest rejects.
    func ownIgnored(_ device: HouseholdSimDevice) throws(OursError) -> Set<String> {
        let zone = try device.device.zone(householdID)
        let manifest = try zone.manifest()
        let me = device.identity.deviceID
        var ids: Set<String> = []
        for key in try zone.replica.keys() {
            guard let state = try zone.replica.loadIfReadable(key) else { continue }
            let rejected = state.allStamps.contains { stamp in
                guard stamp.device == me, case .reject = Admission.recordVerdict(stamp, manifest: manifest) else { return false }
                return true
            }
            if rejected { ids.insert(key.id) }
        }
        return ids
    }
}
