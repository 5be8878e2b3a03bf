/// Reads the share code files the manifest rules need (a join names its code), and remembers
/// in the replica what each said, so that a code file a person deletes after it was used — or
/// one that cannot be read for a moment — does not turn members this device admitted into
/// strangers. A code this device never read and cannot find now: the join naming it waits.
///
/// What a code file says that the rules use (household, permission, creation time) never
/// changes, so remembering it changes no verdict: every device that read the file agrees.
final class ShareCodeLookup {
    static let fileName = "share-codes.json"

    let context: SyncContext
    let layout: ZoneLayout
    private var remembered: [String: ShareCode] = [:]
    private var changed = false
    /// The first code file that could not be read (not missing: unreadable) and was not
    /// remembered: verdicts that needed it are not to be trusted in this run.
    private(set) var unreadable: (path: String, error: FileSystemError)?

    init(context: SyncContext, layout: ZoneLayout) {
        self.context = context
        self.layout = layout
        let path = joinPath(context.replica.directory, Self.fileName)
        guard let bytes = try? context.replica.readIfPresent(path), let reader = try? JSONObjectReader(bytes, path: path) else {
            return
        }
        for (code, value) in reader.object["codes"]?.objectValue ?? [:] {
            if let shareCode = try? ShareCode.decode(JSONWriter.compact(value), path: path) { remembered[code] = shareCode }
        }
    }

    func callAsFunction(_ code: String) -> ShareCode? {
        // What the rules read of a code never changes: once read, never read again.
        if let known = remembered[code] { return known }
        let fileSystem = context.fileSystem
        let path = layout.codeFile(code)
        do {
            // Never through a link: a code that is a link is not read, as if absent.
            try fileSystem.requireNoLinks(path, under: layout.root, creating: false)
            let bytes = try fileSystem.read(path, limit: 64 * 1024)
            guard let shareCode = try? ShareCode.decode(bytes, path: path) else { return nil }
            remembered[code] = shareCode
            changed = true
            return shareCode
        } catch {
            if unreadable == nil, Self.mayBeMomentary(error.reason) { unreadable = ("codes/" + code + ".json", error) }
            return nil
        }
    }

    /// A failure that may hide a code file that is there (not: missing, a link, not a file).
    private static func mayBeMomentary(_ reason: FileSystemError.Reason) -> Bool {
        switch reason {
        case .permissionDenied, .io, .noSpace, .other: true
        default: false
        }
    }

    /// Keeps what was learnt (a courtesy: forgetting it only makes a verdict wait).
    func save() {
        guard changed else { return }
        var codes: [String: JSONValue] = [:]
        for (code, shareCode) in remembered {
            codes[code] = (try? JSONParser.parse(shareCode.encode())) ?? .null
        }
        try? context.replica.write(
            stateFileBytes(["format": 1, "codes": .object(codes)]), to: joinPath(context.replica.directory, Self.fileName))
        changed = false
    }
}
