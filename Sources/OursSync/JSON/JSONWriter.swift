/// Writes JSON in the folder's canonical form: keys sorted by UTF-8 bytes, two-space indent,
/// `"key": value`, LF line ends. The same value gives the same bytes on every device.
public enum JSONWriter {
    /// The pretty, canonical form, without a trailing newline.
    public static func pretty(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: 0, pretty: true)
        return out
    }

    /// The compact form: no spaces, keys sorted. Used for digests and one-line output.
    public static func compact(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, indent: 0, pretty: false)
        return out
    }

    /// `pretty(_:)` as text.
    public static func prettyString(_ value: JSONValue) -> String {
        String(decoding: pretty(value), as: UTF8.self)
    }

    /// `compact(_:)` as text.
    public static func compactString(_ value: JSONValue) -> String {
        String(decoding: compact(value), as: UTF8.self)
    }

    static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1, pretty)
                write(item, into: &out, indent: indent + 1, pretty: pretty)
            }
            newline(&out, indent, pretty)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: JSONValue.keyOrder).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1, pretty)
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                write(members[key]!, into: &out, indent: indent + 1, pretty: pretty)
            }
            newline(&out, indent, pretty)
            out.append(UInt8(ascii: "}"))
        }
    }

    static func newline(_ out: inout [UInt8], _ indent: Int, _ pretty: Bool) {
        guard pretty else { return }
        out.append(0x0A)
        for _ in 0..<indent { out.append(0x20); out.append(0x20) }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        for byte in s.utf8 {
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}
