/// The household's recovery code: shown once to the owner, never stored readable. `zone.json`
/// holds `recovery`, `{"participant", "salt", "iterations", "check"}`: `check` is the SHA-256 of
/// the code's PBKDF2-HMAC-SHA256 (`salt`, `iterations`), so guessing the code from the folder
/// costs the slow derivation per guess. Recovering publishes the derivation (`recoveryProof`)
/// in the same write that replaces `recovery` with a new code's: every device checks the proof
/// with one fast hash, and a spent code is worth nothing (see `DocumentFold.recovers`).
public enum Recovery {
    static let iterations = 4_096
    static let groups = 4
    static let groupLength = 5

    /// Twenty characters of the share code alphabet (about 99 bits), in groups of five.
    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ShareCode.alphabet
        let groups = (0..<groups).map { _ in
            String((0..<groupLength).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        return groups.joined(separator: "-")
    }

    /// What a person typed, without case, spaces or dashes.
    public static func normalize(_ typed: String) throws(OursError) -> String {
        let cleaned = typed.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" }
        guard cleaned.count == groups * groupLength, cleaned.allSatisfy({ ShareCode.alphabet.contains($0) }) else {
            throw .usage("\"\(typed)\" is not a recovery code (20 characters, shown when the household was made)")
        }
        return cleaned
    }

    /// The `recovery` value for a code issued to `participant`.
    static func record(code: String, participant: String) -> JSONValue {
        let salt = RandomID.make(length: 16)
        let proof = proof(code: code, salt: salt, iterations: iterations)
        return [
            "participant": .string(participant), "salt": .string(salt), "iterations": JSONValue(iterations),
            "check": .string(check(proof: proof)),
        ]
    }

    /// The slow derivation of a code (normalized or as typed) with a record's salt.
    static func proof(code: String, salt: String, iterations: Int) -> String {
        let normalized = code.uppercased().filter { $0 != " " && $0 != "-" }
        return SHA256.hex(SHA256.pbkdf2(password: Array(normalized.utf8), salt: Array(salt.utf8), iterations: iterations))
    }

    /// What `recovery.check` holds for a proof.
    static func check(proof: String) -> String { SHA256.hex(SHA256.hash(Array(proof.utf8))) }

    /// The proof of `code` for a `recovery` value, when the code is the one it was made for.
    static func proof(of code: String, for record: JSONValue) -> String? {
        guard let salt = record["salt"]?.stringValue, let check = record["check"]?.stringValue,
            let iterations = record["iterations"]?.intValue, (1...10_000_000).contains(iterations)
        else { return nil }
        let proof = proof(code: code, salt: salt, iterations: iterations)
        return Recovery.check(proof: proof) == check ? proof : nil
    }
}

extension DocumentFold {
    /// Whether a write is the owner recovering the household with the recovery code: it names
    /// the proof of the code `zone.json` holds (as admitted before it), issued to whoever owns
    /// the household now, and replaces that code. Such a write counts as the owner's.
    func recovers(_ write: Write) -> Bool {
        let zoneWrites = write.candidates.filter { $0.document == .zone }
        guard let proof = zoneWrites.first(where: { $0.name == "recoveryProof" })?.entry.value?.stringValue,
            let replacement = zoneWrites.first(where: { $0.name == "recovery" })?.entry.value,
            let current = zone?.fields["recovery"]?.winner.value, let check = current["check"]?.stringValue,
            let participant = current["participant"]?.stringValue, replacement["check"]?.stringValue != check,
            owners.contains(participant)
        else { return false }
        return Recovery.check(proof: proof) == check
    }
}
