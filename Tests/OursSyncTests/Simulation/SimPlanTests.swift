import Testing

@testable import OursSync

/// Regression seeds replay the plans their generator made when they failed: a generator, once
/// released, must make the same plans for ever (see `SimPlan.Generator`).
@Suite("Simulation: plan generators are frozen", .tags(.simulation))
struct SimPlanTests {
    /// The fingerprint of each generator's plans for seeds 1...200, recorded when it was added.
    static let fingerprints: [SimPlan.Generator: String] = [
        .v1: "3b73847be8263359", .v2: "2142eb79360e262b", .v3: "4a5f06b62afb3900", .v4: "f26e7679d69d01a9",
    ]

    @Test(arguments: SimPlan.Generator.allCases)
    func aGeneratorMakesTheSamePlansItAlwaysMade(_ generator: SimPlan.Generator) {
        #expect(
            SimPlan.fingerprint(generator, seeds: 1...200) == SimPlanTests.fingerprints[generator],
            "the \(generator.rawValue) generator changed: add a new generator instead, so regression seeds keep replaying")
    }

    @Test func aPlanKeepsItsGeneratorWhenShrunk() {
        let plan = SimPlan.make(seed: 7, generator: .v1)
        #expect(plan.limited(toDevices: 2).generator == .v1)
        #expect(plan == SimPlan.make(seed: 7, generator: .v1), "the same seed and generator, the same plan")
    }
}
