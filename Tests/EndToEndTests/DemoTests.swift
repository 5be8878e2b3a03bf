import Foundation
import Testing

/// `ours demo`, the first command a newcomer runs, with the built binary: every step it shows
/// works, and it leaves nothing behind.
@Suite("End to end: the demo")
struct DemoTests {
    @Test func theDemoRunsEveryStepAndRemovesItsFolders() throws {
        let world = World()
        let newcomer = SimulatedDevice(name: "Newcomer", home: world.root + "/home", binary: OursBinary.url)
        let result = try newcomer.run("demo")

        #expect(result.exitCode == 0, "\(result.stderr)")
        let out = result.stdout
        for shown in [
            "Joined", "conflict", "Added the memory First steps (2 Jun 2019, for Lily), with 1 photo.",
            "Photo first-steps.png (", "): here", "Done in",
        ] {
            #expect(out.contains(shown), "\(shown) in:\n\(out)")
        }
        let folder = try #require(out.range(of: #"/[^ ]*/ours-demo-[a-z0-9]+"#, options: .regularExpression))
        #expect(!FileManager.default.fileExists(atPath: String(out[folder])), "the demo's folders are removed")
    }
}
