import Dispatch
import Foundation
import OursHousehold
import OursSync
import Testing

/// `perform` runs the household's blocking calls on the library's own queue, off the caller's
/// executor and off Swift's cooperative pool, and hands back their results and typed errors.
@Suite("Library: async calls off the caller's executor")
struct AsyncCallTests {
    let world = SharedFolderWorld()

    /// More blocked calls than Swift's cooperative pool has threads: had they run on the pool,
    /// the task that releases them would find no thread, and every wait would time out. The
    /// wait is long (300 s) because in a whole test run the other suites' synchronous tests
    /// hold the pool's few threads too, and the releasing task may wait its turn for minutes.
    @Test func blockedCallsLeaveSwiftsThreadsFree() async throws {
        let (life, _) = try world.privateLife()
        _ = try await life.perform { life throws(OursError) in try life.add(["Milk", "Eggs"]) }
        let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let gate = DispatchSemaphore(value: 0)
        let outcomes = try await withThrowingTaskGroup(of: [String]?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await life.perform { life throws(OursError) -> [String]? in
                        guard gate.wait(timeout: .now() + 300) == .success else { return nil }
                        return try life.items(on: life.list(named: nil)).map(\.name)
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(50))  // on the pool, after the calls began
                for _ in 0..<count { gate.signal() }
                return []
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.isEmpty, "calls that ran on the pool starved the task that releases them")
        #expect(outcomes.filter { $0 == ["Eggs", "Milk"] }.count == count)
    }

    @Test func resultsAndTypedErrorsComeBack() async throws {
        let (life, _) = try world.privateLife()
        let added = try await life.perform { life throws(OursError) in try life.add(["Milk"]).items[0].item }
        let checked = try await life.perform { life throws(OursError) in try life.check(itemID: added.id) }
        #expect(checked.outcome == .updated)
        do {
            _ = try await life.perform { life throws(OursError) in try life.check("bread") }
            Issue.record("checking an unknown item succeeded")
        } catch {
            #expect(error.kind == .notFound)
        }
    }

    @Test func aZoneSyncsOffTheCallersExecutor() async throws {
        let (sarah, mike) = try world.couple()
        _ = try await sarah.perform { zone throws(OursError) in try zone.put(type: "item", fields: ["name": "Milk"]) }
        let report = try await mike.perform { zone throws(OursError) in try zone.sync() }
        #expect(report.changes.map(\.kind) == [.inserted])
        #expect(try mike.list(type: "item").map(\.name) == ["Milk"])
    }
}
