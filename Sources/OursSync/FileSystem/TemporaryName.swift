/// Names of the engine's own temporary files: `.ours-<random>.tmp`, hidden, and ignored by
/// every reader of the folder (ours and, by the leading dot, most sync tools' defaults).
package enum TemporaryName {
    package static let prefix = ".ours-"
    package static let suffix = ".tmp"

    package static func make() -> String { prefix + RandomID.make(length: 12) + suffix }

    package static func matches(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}
