/// Something a person should know about the household's folder: a file that does not parse,
/// a change that was ignored, a clock that is wrong. Reported, never acted on destructively.
public struct Problem: Sendable, Hashable {
    /// What sort of problem it is; the raw value is its name in JSON.
    public enum Kind: String, Sendable {
        /// A file that is not valid JSON or not a readable record; left untouched until fixed.
        case brokenFile
        /// A file written by a newer version of Ours; left untouched.
        case newerFormat
        /// A file this device could not read (permissions, I/O).
        case unreadableFile
        /// Changes by a device the participant manifest does not (yet) list; the file waits.
        case unknownWriter
        /// Changes by someone not allowed to make them; ignored and overwritten.
        case ignoredChange
        /// A stamp far ahead of this device's clock: a device with a wrong clock.
        case farFutureStamp
        /// This device's own clock state runs far ahead of its wall clock.
        case clockAhead
        /// A file that went missing and was written again from the replica.
        case restoredFile
        /// A symbolic link inside the household's folder; never followed.
        case symlink
        /// A file that could not be written.
        case writeFailed
        /// A file this device and something else kept writing back and forth; this device
        /// stopped writing it until either side changes (see `WriteLoopGuard`).
        case writeLoop
        /// A `zone.json` or `participants.json` of another household in this household's
        /// folder; left as it is, never overwritten.
        case foreignDocument
        /// A record that would be larger than the size limit (`RecordFile.maximumSize`) even
        /// with its history shed, or that an earlier version let grow past it: it alone is left
        /// as it is, until a change makes it smaller or `ours doctor --fix` repairs it.
        case recordTooLarge
        /// A file in this device's state directory that could not be read back — larger than
        /// its reader takes, or damaged. What it held was this device's bookkeeping: the device
        /// starts it afresh (or waits, for the clock), and `ours doctor --fix` mends it.
        case unreadableStateFile
        /// An attachment a record names that this device cannot read yet: still arriving in the
        /// folder, only a cloud drive's placeholder here, or not in the folder (yet).
        case attachmentNotHere
    }

    /// What sort of problem it is.
    public var kind: Kind
    /// The file, relative to the shared folder's root when in it.
    public var path: String?
    /// What is wrong, in one sentence for people.
    public var message: String
    /// The 1-based line in `path` where the problem is, as for a file that does not parse;
    /// `nil` when it has no place in a file.
    public var line: Int?
    /// The 1-based column on `line`, counted in bytes; `nil` when there is none.
    public var column: Int?
    /// The file operation that failed, for a file that could not be read or written: the
    /// system's `errno` and the full path. Detail of the problem, not part of what it is: two
    /// problems that differ only here are equal, as `sync-state.json` (which keeps no cause)
    /// compares what a pass found with what the last one stored.
    public var cause: FileSystemError?

    /// The problem's file relative to its household's folder (`records/item/3f/milk.json`), when
    /// it lies under the household's `records/`; `directoryName` is the household's folder name.
    func recordsPath(inHousehold directoryName: String) -> String? {
        guard let path, path.hasPrefix(directoryName + "/records/") else { return nil }
        return String(path.dropFirst(directoryName.count + 1))
    }

    /// A problem of `kind` with `path` (relative to the shared folder's root when in it) and `message`.
    public init(
        _ kind: Kind, path: String?, _ message: String, line: Int? = nil, column: Int? = nil, cause: FileSystemError? = nil
    ) {
        self.kind = kind
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.cause = cause
    }

    /// Equal when kind, path, message, line and column are; `cause` is not compared.
    public static func == (a: Problem, b: Problem) -> Bool {
        (a.kind, a.path, a.message, a.line, a.column) == (b.kind, b.path, b.message, b.line, b.column)
    }

    /// Hashes what `==` compares, so `cause` is left out.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(message)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// One line for people: `path:line:column: message`.
    public var text: String {
        var prefix = ""
        if let path {
            prefix = path
            if let line { prefix += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            prefix += ": "
        }
        return prefix + message
    }

    /// The problem as JSON: `kind`, `message`, and `path`, `line` and `column` when known.
    /// `cause` is not written.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["kind": .string(kind.rawValue), "message": .string(message)]
        if let path { object["path"] = .string(path) }
        if let line { object["line"] = JSONValue(line) }
        if let column { object["column"] = JSONValue(column) }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue.flatMap(Kind.init), let message = json["message"]?.stringValue else {
            return nil
        }
        self.init(kind, path: json["path"]?.stringValue, message, line: json["line"]?.intValue, column: json["column"]?.intValue)
    }
}
