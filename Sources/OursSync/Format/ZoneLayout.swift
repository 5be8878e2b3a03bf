/// Where everything of one household lives under the shared folder's root.
///
/// ```
/// <root>/codes/<CODE>.json
/// <root>/<zone>/zone.json
/// <root>/<zone>/participants.json
/// <root>/<zone>/records/<type>/<shard>/<id>.json
/// ```
/// Records are sharded into 256 folders per type by a digest of the id, so no folder grows
/// past a few hundred files and a changed folder's time narrows where to look.
public struct ZoneLayout: Sendable, Hashable {
    public let root: String
    public let directoryName: String

    public init(root: String, directoryName: String) {
        self.root = root
        self.directoryName = directoryName
    }

    public var zone: String { joinPath(root, directoryName) }
    public var zoneFile: String { joinPath(zone, "zone.json") }
    public var participantsFile: String { joinPath(zone, "participants.json") }
    public var records: String { joinPath(zone, "records") }
    public var codes: String { joinPath(root, "codes") }

    public func codeFile(_ code: String) -> String { joinPath(codes, code + ".json") }

    /// The canonical place of a record's file, relative to `records/`.
    public static func relativePath(of key: RecordKey) -> String {
        key.type + "/" + shard(of: key.id) + "/" + key.id + ".json"
    }

    public func path(of key: RecordKey) -> String { joinPath(records, ZoneLayout.relativePath(of: key)) }

    public static func shard(of id: String) -> String { Digest.hex(id.utf8, length: 2) }

    /// Whether `directory/name` (relative to the household's folder) is the record's canonical
    /// place, `records/<type>/<shard>/<id>.json`. Builds no string: it runs for every file of
    /// every pass.
    static func isCanonical(directory: String, name: String, of key: RecordKey) -> Bool {
        let id = key.id.utf8
        let file = name.utf8
        guard file.count == id.count + 5, file.starts(with: id), file.suffix(5).elementsEqual(".json".utf8) else { return false }
        let type = key.type.utf8
        let folder = directory.utf8
        guard folder.count == 8 + type.count + 3, folder.starts(with: "records/".utf8), folder.dropFirst(8).starts(with: type)
        else { return false }
        let tail = folder.suffix(3)
        return tail.first == UInt8(ascii: "/") && tail.dropFirst().elementsEqual(shard(of: key.id).utf8)
    }

    /// A folder name for a new household: a readable slug of its name and a random suffix, so
    /// two households called "Home" never collide.
    public static func directoryName(forHouseholdNamed name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
            if slug.count >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "household" }
        return slug + "-" + RandomID.make(length: 6)
    }
}
