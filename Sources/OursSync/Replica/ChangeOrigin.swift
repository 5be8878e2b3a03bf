/// Where a change to this device's copy of a household came from.
public enum ChangeOrigin: String, Sendable {
    /// Merged from the shared folder: another device's edit, a hand edit, a conflict copy.
    case folder
    /// Made on this device, by this process or another one using the same state directory
    /// (a one-shot `ours` command while `ours watch` runs).
    case local
}
