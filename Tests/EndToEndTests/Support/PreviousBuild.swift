import Foundation
import Testing

/// `ours` as the previous version built it (`Scripts/build-previous.sh`), so households made
/// by it can be tested with this build, and devices on both can sync side by side.
enum PreviousBuild {
    /// `OURS_PREVIOUS_BINARY`, or `.build-previous/bin/ours` in the package.
    static let url: URL? = {
        let environment = ProcessInfo.processInfo.environment
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path =
            environment["OURS_PREVIOUS_BINARY"] ?? package.appendingPathComponent(".build-previous/bin/ours").path
        return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }()

    /// CI must run these tests; elsewhere they skip, saying how to enable them.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    static let missing = "the previous version's build is missing: run Scripts/build-previous.sh"
}

extension Trait where Self == ConditionTrait {
    /// A suite that runs this build beside the previous one: enabled when that build is there
    /// (always under CI, where a missing one fails), skipped elsewhere saying how to make it.
    static var needsPreviousBuild: Self {
        .enabled(if: PreviousBuild.url != nil || PreviousBuild.required, Comment(rawValue: PreviousBuild.missing))
    }
}
