/// Random identifiers from the system's secure random source.
public enum RandomID {
    /// Lowercase letters and digits without look-alikes (Crockford's base 32): safe in file
    /// names on every file system and never different only by case.
    public static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    public static func make(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
}
