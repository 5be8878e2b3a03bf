/// One write's position in time: hybrid logical clock milliseconds, a counter for events in
/// the same millisecond, and the writing device.
///
/// Written as `2026-11-22T10:15:00.123Z-0000-k3j9x2qf`: fixed width, so plain string order is
/// stamp order, and it reads as a UTC date.
public struct Stamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970 by the writer's hybrid logical clock: its wall clock, or later
    /// when it had seen a later stamp.
    public var millis: Int64
    /// Orders writes within one millisecond.
    public var counter: UInt16
    /// The device that wrote (a hand edit has an id of its own, see `DeviceID.isHandEdit`).
    public var device: DeviceID

    /// A stamp with these parts; a device makes its own with `Device.stamp()`.
    public init(millis: Int64, counter: UInt16 = 0, device: DeviceID) {
        self.millis = millis
        self.counter = counter
        self.device = device
    }

    /// By time, then counter, then device id (by bytes): every device orders stamps the same way,
    /// and no two writes tie.
    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        if lhs.millis != rhs.millis { return lhs.millis < rhs.millis }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.device.rawValue.utf8.lexicographicallyPrecedes(rhs.device.rawValue.utf8)
    }

    /// The length of the written form.
    static let textLength = UTCTime.iso8601Length + 1 + 4 + 1 + DeviceID.length

    // Written and parsed byte by byte, without intermediate strings: every field of every
    // record file carries stamps, so a first sync of a big household formats and parses
    // hundreds of thousands of them.
    /// The written form, `2026-11-22T10:15:00.123Z-0000-k3j9x2qf`.
    public var description: String {
        let device = device.rawValue.utf8
        return String(unsafeUninitializedCapacity: Stamp.textLength) { buffer in
            UTCTime.writeISO8601(millis: millis, into: buffer)
            let hex = Array("0123456789abcdef".utf8)
            var at = UTCTime.iso8601Length
            buffer[at] = UInt8(ascii: "-")
            for shift in stride(from: 12, through: 0, by: -4) {
                at += 1
                buffer[at] = hex[Int((counter >> UInt16(shift)) & 0xF)]
            }
            at += 1
            buffer[at] = UInt8(ascii: "-")
            for byte in device {
                at += 1
                if at < buffer.count { buffer[at] = byte }
            }
            return min(at + 1, buffer.count)
        }
    }

    /// Parses the written form; `nil` when the text is not a stamp.
    public init?(_ text: String) {
        var text = text
        let parsed = text.withUTF8 { utf8 -> (Int64, UInt16, String)? in
            guard utf8.count == Stamp.textLength,
                utf8[24] == UInt8(ascii: "-"), utf8[29] == UInt8(ascii: "-"),
                let millis = UTCTime.parseISO8601(UnsafeBufferPointer(rebasing: utf8[0..<24]))
            else { return nil }
            var counter: UInt16 = 0
            for byte in utf8[25..<29] {
                switch byte {
                case 0x30...0x39: counter = counter << 4 | UInt16(byte - 0x30)
                case 0x61...0x66: counter = counter << 4 | UInt16(byte - 0x61 + 10)
                default: return nil
                }
            }
            return (millis, counter, String(decoding: UnsafeBufferPointer(rebasing: utf8[30...]), as: UTF8.self))
        }
        guard let (millis, counter, deviceText) = parsed, let device = DeviceID(deviceText) else { return nil }
        self.init(millis: millis, counter: counter, device: device)
    }
}

/// A device's identifier inside stamps: eight characters of `RandomID.alphabet` for devices,
/// or `_` and seven such characters for edits a person made by hand in a file.
public struct DeviceID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Every id has eight characters.
    public static let length = 8
    /// The id's text.
    public let rawValue: String

    /// An id from its text; `nil` when the text is not one.
    public init?(_ rawValue: String) {
        let bytes = rawValue.utf8
        guard bytes.count == DeviceID.length else { return nil }
        let body = bytes.first == UInt8(ascii: "_") ? bytes.dropFirst() : bytes[...]
        guard body.allSatisfy(DeviceID.isAlphabetByte) else { return nil }
        self.rawValue = rawValue
    }

    /// Whether a byte is one of `RandomID.alphabet` (Crockford's base 32, lowercase): a byte
    /// test, not a search of the alphabet, because reading a manifest parses thousands of ids.
    static func isAlphabetByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "o"), UInt8(ascii: "u"): false
        case UInt8(ascii: "a")...UInt8(ascii: "z"): true
        default: false
        }
    }

    package static func random() -> DeviceID { DeviceID(RandomID.make(length: length))! }

    /// The pseudo-device for a hand edit, derived from what was edited so that every device
    /// that reads the same edited file makes the same entry.
    package static func handEdit<Bytes: Sequence>(digestOf bytes: Bytes) -> DeviceID where Bytes.Element == UInt8 {
        var value = Digest.of(bytes)
        var chars: [Character] = ["_"]
        for _ in 0..<(length - 1) {
            chars.append(RandomID.alphabet[Int(value % 32)])
            value /= 32
        }
        return DeviceID(String(chars))!
    }

    /// Whether this id stands for a person's hand edit rather than a device.
    public var isHandEdit: Bool { rawValue.hasPrefix("_") }

    /// The id's text.
    public var description: String { rawValue }

    /// By bytes, the same on every platform.
    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
