/// What `zone.json` says about a household.
public struct ZoneInfo: Sendable, Equatable {
    /// The household's id, the same on every device.
    public var id: String
    /// The household's name, as people see it.
    public var name: String
    /// The owner's participant id.
    public var owner: String
    /// When the household was made, as `UTCTime.iso8601(millis:)` writes it (UTC); empty when
    /// the document does not say.
    public var createdAt: String
    /// The version of `zone.json`'s format; 1 when the document does not say.
    public var format: Int
    /// When the owner dissolved the household, as `UTCTime.iso8601(millis:)` writes it (UTC);
    /// `nil` while it is not dissolved.
    public var dissolvedAt: String?
    /// Whether members other than the owner may make read-write codes.
    public var membersMayInviteReadWrite = false

    /// A zone document's values; `membersMayInviteReadWrite` starts `false`.
    public init(id: String, name: String, owner: String, createdAt: String, format: Int = 1, dissolvedAt: String? = nil) {
        self.id = id
        self.name = name
        self.owner = owner
        self.createdAt = createdAt
        self.format = format
        self.dissolvedAt = dissolvedAt
    }

    /// Reads the fields of a zone document; `nil` when essential ones are missing.
    public init?(_ state: RecordState) {
        let values = state.values
        guard let id = values["id"]?.stringValue, let name = values["name"]?.stringValue,
            let owner = values["owner"]?.stringValue
        else { return nil }
        self.init(
            id: id, name: name, owner: owner, createdAt: values["createdAt"]?.stringValue ?? "",
            format: values["format"]?.intValue ?? 1, dissolvedAt: values["dissolvedAt"]?.stringValue)
        membersMayInviteReadWrite = values["membersMayInviteReadWrite"]?.boolValue ?? false
    }

    /// The fields to write for a new zone document.
    public var fields: [String: JSONValue?] {
        [
            "id": .string(id), "name": .string(name), "owner": .string(owner), "createdAt": .string(createdAt),
            "format": JSONValue(format), "dissolvedAt": dissolvedAt.map { .string($0) },
        ]
    }
}
