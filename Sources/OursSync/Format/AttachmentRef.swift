/// A file a record names — a photo, a PDF, a voice note — kept beside the household's records
/// under a name derived from its content, and written once: `attachments/<2 hex>/<sha256>.<ext>`
/// in the household's folder (docs/FORMAT.md, "Attachments").
///
/// In a record, a reference is a JSON object with the content's SHA-256, its size and media
/// type, and the name it had, in any field: `{"attachment": "<64 hex>", "size": 4821337,
/// "type": "image/jpeg", "name": "IMG_2041.jpg"}` (a recipe's `photos` is an array of them).
/// The engine finds references in every value a record holds, so any record type can have them.
public struct AttachmentRef: Sendable, Hashable, Comparable {
    /// The SHA-256 of the file's bytes, 64 lowercase hex digits: its identity and its name.
    public var sha256: String
    /// The file's size in bytes.
    public var size: Int64
    /// Its media type, as its first bytes show it (`image/jpeg`, `application/pdf`, …;
    /// `application/octet-stream` when they show nothing known).
    public var type: String
    /// The name the file had where it was added, for people; not part of its identity.
    public var name: String?

    /// The largest file an attachment may be: 256 MiB.
    public static let maximumSize: Int64 = 256 * 1024 * 1024

    package init(sha256: String, size: Int64, type: String, name: String?) {
        self.sha256 = sha256
        self.size = size
        self.type = type
        self.name = name
    }

    /// A reference as a record holds it; `nil` for any other value (or one with a malformed hash
    /// or size).
    public init?(_ value: JSONValue) {
        guard case .object(let object) = value, let hash = object["attachment"]?.stringValue,
            AttachmentRef.isDigest(hash), let size = object["size"]?.numberText.flatMap(Int64.init), size >= 0,
            size <= AttachmentRef.maximumSize
        else { return nil }
        self.init(
            sha256: hash, size: size, type: object["type"]?.stringValue ?? AttachmentKind.unknown.type,
            name: object["name"]?.stringValue)
    }

    /// The reference as a record holds it.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "attachment": .string(sha256), "size": .number(String(size)), "type": .string(type),
        ]
        if let name { object["name"] = .string(name) }
        return .object(object)
    }

    /// The file's name in the folder: its hash and the extension its content gives.
    public var fileName: String { sha256 + "." + AttachmentKind(type: type).fileExtension }

    /// Where it lives under an `attachments/` folder: `<first two hex digits>/<fileName>`.
    public var relativePath: String { String(sha256.prefix(2)) + "/" + fileName }

    /// A short id for people: the first 12 hex digits (`ours attachment show 3f9a21c4b07e`).
    public var shortID: String { String(sha256.prefix(12)) }

    public static func < (a: AttachmentRef, b: AttachmentRef) -> Bool { a.sha256 < b.sha256 }

    /// One file, whatever name or type a reference gives it: the hash is its identity.
    public static func == (a: AttachmentRef, b: AttachmentRef) -> Bool { a.sha256 == b.sha256 }

    public func hash(into hasher: inout Hasher) { hasher.combine(sha256) }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

extension AttachmentRef {
    /// Every reference anywhere in a value (a record's fields as an object, say).
    public static func references(in value: JSONValue) -> Set<AttachmentRef> {
        var found: Set<AttachmentRef> = []
        references(in: value, into: &found)
        return found
    }

    /// Every reference anywhere in a value.
    static func references(in value: JSONValue, into found: inout Set<AttachmentRef>) {
        switch value {
        case .object(let object):
            if let ref = AttachmentRef(value) {
                found.insert(ref)
                return
            }
            for item in object.values { references(in: item, into: &found) }
        case .array(let items):
            for item in items { references(in: item, into: &found) }
        default:
            return
        }
    }

    /// Every reference a record state holds: in its values and conflicts, its deleted values,
    /// and what its writes replaced (which comes back when a write is ignored): all that a
    /// restore, a conflict restored or an ignored writer may bring back.
    package static func references(in state: RecordState) -> Set<AttachmentRef> {
        var found: Set<AttachmentRef> = []
        for register in state.fields.values {
            for entry in register.entries {
                if let value = entry.value { references(in: value, into: &found) }
                for earlier in entry.replaced { if let value = earlier.value { references(in: value, into: &found) } }
            }
        }
        return found
    }
}

extension ZoneLayout {
    /// The household's attachments: `attachments/<2 hex>/<sha256>.<ext>` (see `AttachmentRef`).
    public var attachments: String { joinPath(zone, "attachments") }

    /// Where an attachment's file is in the household's folder.
    public func path(of attachment: AttachmentRef) -> String { joinPath(attachments, attachment.relativePath) }
}

/// As a record holds it: `{"attachment", "size", "type", "name"?}`.
extension AttachmentRef: Codable {
    private enum CodingKeys: String, CodingKey { case attachment, size, type, name }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hash = try container.decode(String.self, forKey: .attachment)
        let size = try container.decode(Int64.self, forKey: .size)
        guard AttachmentRef.isDigest(hash), (0...AttachmentRef.maximumSize).contains(size) else {
            throw DecodingError.dataCorruptedError(
                forKey: .attachment, in: container, debugDescription: "not an attachment reference: \(hash), \(size) bytes")
        }
        let type = try container.decodeIfPresent(String.self, forKey: .type) ?? AttachmentKind.unknown.type
        self.init(sha256: hash, size: size, type: type, name: try container.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sha256, forKey: .attachment)
        try container.encode(size, forKey: .size)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(name, forKey: .name)
    }
}
