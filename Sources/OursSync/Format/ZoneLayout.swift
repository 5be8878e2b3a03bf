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
///
/// `Zone.layout` gives an app these paths (to show where a household is, or to coordinate
/// access to its files on Apple platforms); the files themselves are written only by the
/// library (docs/FORMAT.md).
public struct ZoneLayout: Sendable, Hashable {
    /// The shared folder, as this device mounts it.
    public let root: String
    /// The household's folder name in the shared folder (a slug of its name and a random suffix).
    public let directoryName: String

    package init(root: String, directoryName: String) {
        self.root = root
        self.directoryName = directoryName
    }

    /// The household's folder.
    public var zone: String { joinPath(root, directoryName) }
    /// The household's `zone.json`: its id, name, owner and rules.
    public var zoneFile: String { joinPath(zone, "zone.json") }
    /// The household's participant manifest.
    public var participantsFile: String { joinPath(zone, "participants.json") }
    /// The folder of the household's record files.
    public var records: String { joinPath(zone, "records") }
    /// The share codes' folder, beside the households (one for the whole shared folder).
    public var codes: String { joinPath(root, "codes") }

    package func codeFile(_ code: String) -> String { joinPath(codes, code + ".json") }

    /// The canonical place of a record's file, relative to `records/`.
    public static func relativePath(of key: RecordKey) -> String {
        key.type + "/" + shard(of: key.id) + "/" + key.id + ".json"
    }

    /// The full path of a record's file.
    public func path(of key: RecordKey) -> String { joinPath(records, ZoneLayout.relativePath(of: key)) }

    package static func shard(of id: String) -> String { Digest.hex(id.utf8, length: 2) }

    /// The start of the name a new household's folder is built under before it is published
    /// (see `Device.createZone`); readers ignore it, as every name starting with a dot.
    package static let stagingPrefix = ".ours-new-"

    /// A folder name for a new household: a readable slug of its name and a random suffix, so
    /// two households called "Home" never collide.
    package static func directoryName(forHouseholdNamed name: String) -> String {
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

/// One folder of a household, relative to its folder (`records/item/3f`), read once so that
/// asking whether each of its files is a record's canonical place,
/// `records/<type>/<shard>/<id>.json`, builds no string: it runs for every file of every pass.
package struct FolderShard {
    package let relative: String
    /// The record type and shard the folder holds, when it is a shard folder at all.
    private let type: Substring?
    private let shard: UInt8?

    package init(_ relative: String) {
        self.relative = relative
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "records", parts[2].utf8.count == 2,
            let high = FolderShard.lowercaseHexDigit(parts[2].utf8.first!),
            let low = FolderShard.lowercaseHexDigit(parts[2].utf8.last!)
        else {
            type = nil
            shard = nil
            return
        }
        type = parts[1]
        shard = high << 4 | low
    }

    /// The record type whose shard this folder is, when it is one.
    package var recordType: Substring? { type }

    /// The key of the record a file of this folder holds when it is the record's canonical
    /// file (the caller knows it is): the folder's type and the name without `.json`.
    package func canonicalKey(named name: String) -> RecordKey? {
        guard let type, name.utf8.count > 5 else { return nil }
        return RecordKey(unchecked: String(type), id: String(name.utf8.dropLast(5))!)
    }

    package func isCanonical(name: String, of key: RecordKey) -> Bool {
        guard let type, let shard, type == key.type else { return false }
        var name = name
        var id = key.id
        let named = name.withUTF8 { file in
            id.withUTF8 { id in
                file.count == id.count + 5 && file.prefix(id.count).elementsEqual(id)
                    && file.suffix(5).elementsEqual(".json".utf8)
            }
        }
        return named && UInt8(truncatingIfNeeded: Digest.of(key.id.utf8) >> 56) == shard
    }

    private static func lowercaseHexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
