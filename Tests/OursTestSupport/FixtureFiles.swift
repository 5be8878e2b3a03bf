import Foundation

/// The repository's `Fixtures/` folder, found from this source file's place in the package.
public enum FixtureFiles {
    /// `Fixtures/` as an absolute path.
    public static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OursTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("Fixtures").path

    /// The absolute path of a file or folder under `Fixtures/`.
    public static func path(_ relative: String) -> String {
        (root as NSString).appendingPathComponent(relative)
    }

    /// The bytes of a file under `Fixtures/`.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}
