/// Random identifiers from the system's secure random source.
package enum RandomID {
    /// Lowercase letters and digits without look-alikes (Crockford's base 32): safe in file
    /// names on every file system and never different only by case.
    package static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    package static func make(length: Int) -> String {
        // Five bits a character from each 64-bit draw: one system call for up to twelve
        // characters instead of one each (temporary file names are made for every write).
        var generator = SystemRandomNumberGenerator()
        var bits: UInt64 = 0
        var available = 0
        var characters: [Character] = []
        characters.reserveCapacity(length)
        for _ in 0..<length {
            if available < 5 {
                bits = generator.next()
                available = 64
            }
            characters.append(alphabet[Int(bits & 31)])
            bits >>= 5
            available -= 5
        }
        return String(characters)
    }
}
