/// Names of the engine's own temporary files: `.ours-<random>.tmp`, hidden, and ignored by
/// every reader of the folder (ours and, by the leading dot, most sync tools' defaults).
public enum TemporaryName {
    public static let prefix = ".ours-"
    public static let suffix = ".tmp"

    public static func make() -> String { prefix + RandomID.make(length: 12) + suffix }

    public static func matches(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}
