/// Who this device is: its id in stamps, and the person using it.
public struct DeviceIdentity: Sendable, Equatable {
    /// The id this device stamps its writes with.
    public var deviceID: DeviceID
    /// This person's participant id in every household the device belongs to.
    public var participantID: String
    /// The person's name, as the other members see it.
    public var name: String
    /// The person's email address; `nil` when none was given.
    public var email: String?
    /// When the device was set up, as `UTCTime.iso8601(millis:)` writes it (UTC); empty when
    /// `device.json` does not say.
    public var createdAt: String
    /// What this device is called among its person's devices (`ours device rename`).
    public var deviceName: String?

    /// An identity without a `deviceName`.
    public init(deviceID: DeviceID, participantID: String, name: String, email: String?, createdAt: String) {
        self.deviceID = deviceID
        self.participantID = participantID
        self.name = name
        self.email = email
        self.createdAt = createdAt
    }

    var document: [String: JSONValue] {
        [
            "deviceId": .string(deviceID.rawValue), "participantId": .string(participantID), "name": .string(name),
            "email": email.map { .string($0) } ?? .null, "createdAt": .string(createdAt), "format": 1,
            "deviceName": deviceName.map { .string($0) } ?? .null,
        ]
    }

    init(reading reader: JSONObjectReader) throws(OursError) {
        try reader.checkFormat(1)
        let idText = try reader.string("deviceId")
        guard let deviceID = DeviceID(idText) else {
            throw .failed("\(reader.path) is damaged: \"deviceId\" is \"\(idText)\"", hint: "Restore it from a backup.")
        }
        self.init(
            deviceID: deviceID, participantID: try reader.string("participantId"), name: try reader.string("name"),
            email: reader.optionalString("email"), createdAt: reader.optionalString("createdAt") ?? "")
        deviceName = reader.optionalString("deviceName")
    }
}
