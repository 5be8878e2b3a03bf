/// `zone.json` and `participants.json`: small documents merged per field by stamp exactly like
/// records, so owners on two devices (or an offline member) never lose each other's changes.
///
/// `zone.json` is written like a record. `participants.json` nests entries by participant id
/// for people reading it; internally its fields are flattened to `<participant>.<field>`.
package enum StampedDocument {
    package static let zoneType = "zone"
    package static let manifestType = "participants"
    static let participantsKey = "participants"

    package static func encodeZone(_ state: RecordState) -> [UInt8] { RecordFile.encode(state) }

    package static func decodeZone(_ bytes: [UInt8], modifiedMillis: Int64) throws(RecordFileError) -> DecodedRecordFile {
        let decoded = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: modifiedMillis)
        guard decoded.state.key.type == zoneType else { throw .badMetadata("\"type\" is not \"\(zoneType)\"") }
        return decoded
    }

    package static func encodeManifest(_ state: RecordState) -> [UInt8] {
        guard case .object(var top) = RecordFile.document(state) else { return [] }
        var participants: [String: [String: JSONValue]] = [:]
        for (name, value) in top where name != RecordFile.metadataKey {
            top[name] = nil
            guard let dot = name.firstIndex(of: ".") else { continue }
            participants[String(name[..<dot]), default: [:]][String(name[name.index(after: dot)...])] = value
        }
        top[participantsKey] = .object(participants.mapValues { .object($0) })
        var bytes = JSONWriter.pretty(.object(top))
        bytes.append(0x0A)
        return bytes
    }

    package static func decodeManifest(_ bytes: [UInt8], modifiedMillis: Int64) throws(RecordFileError) -> DecodedRecordFile {
        guard bytes.count <= RecordFile.maximumSize else { throw .tooLarge(bytes.count) }
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .notJSON(error) }
        guard case .object(let top) = document else { throw .notAnObject(document.kindName) }
        var flat: [String: JSONValue] = [:]
        for (name, value) in top {
            switch name {
            case RecordFile.metadataKey: flat[name] = value
            case participantsKey:
                guard case .object(let entries) = value else { throw .badMetadata("\"participants\" is not an object") }
                for (participant, entry) in entries {
                    guard case .object(let fields) = entry else {
                        throw .badMetadata("the entry for \"\(participant)\" is not an object")
                    }
                    for (field, fieldValue) in fields { flat[participant + "." + field] = fieldValue }
                }
            default:
                throw .badMetadata("unexpected top-level key \"\(name)\"")
            }
        }
        let decoded = try RecordFile.decode(object: flat, fallbackType: nil, fallbackID: nil, modifiedMillis: modifiedMillis)
        guard decoded.state.key.type == manifestType else { throw .badMetadata("\"type\" is not \"\(manifestType)\"") }
        return decoded
    }
}
