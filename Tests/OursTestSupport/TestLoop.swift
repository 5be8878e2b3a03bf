import Foundation
import Testing

extension Tag {
    /// Suites that take minutes (crash, fault, simulator seeds, real Syncthing, live-sync timing).
    /// The quick loop skips them; CI and a plain `swift test` run them.
    @Tag public static var slow: Self
}

/// Which loop is running: the whole suite, or the quick one a developer runs while working.
public enum TestLoop {
    /// True when `OURS_QUICK_TESTS=1` is set and `CI` is not `true`: CI always runs everything.
    public static var isQuick: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["OURS_QUICK_TESTS"] == "1" && environment["CI"] != "true"
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips a slow suite in the quick loop, saying so in the test output.
    public static var fullLoopOnly: Self {
        .enabled(if: !TestLoop.isQuick, "a slow suite: the quick loop (OURS_QUICK_TESTS=1) skips it")
    }
}
