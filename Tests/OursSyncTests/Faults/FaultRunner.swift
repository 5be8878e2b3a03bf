@testable import OursSync

/// What one scenario's fault loops found.
struct FaultFigures {
    /// Operations run with a fault armed, and those in which it fired.
    var runs = 0
    var faultPoints = 0
    /// How the operation took a fault: it threw (naming file and reason), reported it as a
    /// problem and went on, or absorbed it (a write-through left for the next sync, say).
    var thrown = 0
    var reported = 0
    var absorbed = 0
    /// Runs where the operation failed before changing any file.
    var untouched = 0
    /// The most calls one run of the operation made (every call / changes only).
    var calls: [String: Int] = [:]
    var violations: [String] = []

    func summary(_ name: String) -> String {
        let counted = calls.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "faults in \(name): \(faultPoints) fault points in \(runs) runs (the operation makes \(counted)); "
            + "thrown \(thrown) (\(untouched) before changing a file), reported \(reported), absorbed \(absorbed); "
            + "violations \(violations.count)"
    }
}

/// Fails the Nth call for N = 1, 2, … until the operation runs without reaching N, for each
/// kind of fault, once and persistently; checks the disk after each, then lets the person
/// carry on without the fault and checks that everything converges with nothing lost.
enum FaultRunner {
    /// ENOSPC fails changes (a full disk still reads); EACCES and EIO any call.
    static let plans: [(FaultKind, FaultCounting)] = [
        (.fail(.noSpace), .mutatingCalls), (.fail(.permissionDenied), .everyCall), (.fail(.io), .everyCall),
        (.failAfterSuccess, .mutatingCalls), (.tornWrite, .mutatingCalls),
    ]

    static func exercise(_ scenario: FaultScenario) throws -> FaultFigures {
        let template = FaultWorld()
        try scenario.setUp(template)
        let withOperation = try reference(scenario, template, skipping: false)
        let withoutOperation = try reference(scenario, template, skipping: true)
        var figures = FaultFigures()
        for (kind, counting) in plans {
            for persistent in [false, true] {
                var failAt = 1
                while true {
                    let plan = FaultyFileSystem.Plan(failAt: failAt, kind: kind, persistent: persistent, counting: counting)
                    let label = "\(scenario.name): call \(failAt)\(persistent ? " and every later one" : "") \(kind)"
                    guard try run(scenario, template, plan, label, withOperation, withoutOperation, &figures) else { break }
                    failAt += 1
                }
            }
        }
        return figures
    }

    /// One run with the fault at `plan.failAt`; whether it fired.
    static func run(
        _ scenario: FaultScenario, _ template: FaultWorld, _ plan: FaultyFileSystem.Plan, _ label: String,
        _ withOperation: [String: [String: JSONValue]],
        _ withoutOperation: [String: [String: JSONValue]], _ figures: inout FaultFigures
    ) throws -> Bool {
        let world = FaultWorld(copying: template)
        let disk = scenario.device == .sarah ? world.sarahDisk : world.mikeDisk
        let before = world.files()
        disk.arm(plan)
        let result: Result<SyncReport?, OursError>
        do throws(OursError) { result = .success(try scenario.operation(world)) } catch { result = .failure(error) }
        let (hits, calls) = disk.disarm()
        figures.runs += 1
        let counting = plan.counting == .everyCall ? "calls" : "changes"
        figures.calls[counting] = max(figures.calls[counting] ?? 0, calls)
        guard let first = hits.first else {
            if case .failure(let error) = result { figures.violations.append("\(label): failed without a fault: \(error)") }
            return false
        }
        figures.faultPoints += 1
        let where_ = "\(label), first hit: \(first.operation) \(first.path)"
        var problems: [String] = []
        switch result {
        case .failure(let error):
            figures.thrown += 1
            if !FaultChecks.explains(error, hits) { problems.append("unclear error (\(error.kind)): \(error.message)") }
        case .success(let report):
            let named = report?.problems.contains { problem in hits.contains { problem.message.contains($0.path) } } ?? false
            if named { figures.reported += 1 } else { figures.absorbed += 1 }
        }
        var checks = FaultChecks(world: world, before: before)
        checks.checkFiles()
        checks.checkOutbox(scenario.device == .sarah ? world.sarah : world.mike)
        checks.checkNoHouseholdWithoutMember(removalsWork: !plan.persistent)
        // An operation that failed without changing a file leaves the world it started from,
        // whose next syncs the reference without the operation already ran.
        if case .failure = result, world.files() == before {
            figures.untouched += 1
            figures.violations += (problems + checks.violations).map { where_ + ": " + $0 }
            return true
        }
        do {
            try scenario.next(world)
            let left = try converge(world)
            if !left.isEmpty { problems.append("the next syncs reported \(left.map(\.message))") }
            checks.checkConverged()
            let final = world.recordValues()["folder"] ?? [:]
            for id in Set(final.keys).union(withOperation.keys).sorted() where final[id] != withOperation[id] {
                if case .success = result {
                    problems.append(
                        "acknowledged but not there: \(id) holds \(describe(final[id])), not \(describe(withOperation[id]))")
                } else if final[id] != withoutOperation[id] {
                    problems.append("\(id) holds \(describe(final[id])), neither old nor new")
                }
            }
        } catch {
            problems.append("the next sync failed: \(error)")
        }
        figures.violations += (problems + checks.violations).map { where_ + ": " + $0 }
        return true
    }

    /// The record values in the folder after the scenario runs without faults (or without its
    /// operation at all), and everything converged.
    static func reference(
        _ scenario: FaultScenario, _ template: FaultWorld, skipping: Bool
    ) throws -> [String: [String: JSONValue]] {
        let world = FaultWorld(copying: template)
        if !skipping { _ = try scenario.operation(world) }
        try scenario.next(world)
        let problems = try converge(world)
        precondition(problems.isEmpty, "\(scenario.name): \(problems)")
        return world.recordValues()["folder"] ?? [:]
    }

    static func describe(_ values: [String: JSONValue]?) -> String {
        guard let values else { return "nothing" }
        return "{"
            + values.sorted { $0.key < $1.key }.map { "\($0.key): \(JSONWriter.compactString($0.value))" }
            .joined(separator: ", ") + "}"
    }

    /// After the next sync of the device that failed: Mike syncs, then Sarah (to take Mike's
    /// writes); what they reported.
    static func converge(_ world: FaultWorld) throws -> [Problem] {
        var problems: [Problem] = []
        for household in [world.mike, world.sarah] {
            guard let household else { continue }
            problems += try household.sync().problems
        }
        return problems
    }
}
