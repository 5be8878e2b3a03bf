import Foundation

/// A fresh directory under the system's temporary folder, removed when the test ends.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Makes the directory; `label` starts its name, so a leftover one says which test made it.
    public init(_ label: String = "ours") {
        let base = FileManager.default.temporaryDirectory.path
        path = (base as NSString).appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A directory inside this one, made if missing.
    public func sub(_ name: String) -> String {
        let result = (path as NSString).appendingPathComponent(name)
        try! FileManager.default.createDirectory(atPath: result, withIntermediateDirectories: true)
        return result
    }
}
