/// The folder index as the replica saves it: one line per folder (`d`) and per file (`f`),
/// tab-separated (docs/FORMAT.md). Names with tabs or newlines are not indexed (they are simply
/// read again on every pass).
///
/// At 100,000 records the file is some 15 MB, so it is written in chunks and read without a
/// string per field: neither a copy of it nor a field's string stays in memory beside the index.
extension FolderIndex {
    static let header = "ours-folder-index 2"

    /// How many bytes are handed to `emit` at a time.
    static let chunkSize = 1 << 18

    /// The index's lines, a chunk of about `chunkSize` bytes at a time.
    package func encode<E: Error>(_ emit: ([UInt8]) throws(E) -> Void) throws(E) {
        var out: [UInt8] = Array((FolderIndex.header + "\n").utf8)
        out.reserveCapacity(FolderIndex.chunkSize + 4096)
        for path in directories.keys.sorted() {
            let directory = directories[path]!
            let changed = directory.listedTooSoon ? 0 : directory.changedNanos
            out.append(contentsOf: "d\t\(path)\t\(directory.modifiedNanos)\t\(changed)\t\(directory.inode)\n".utf8)
            let type = FolderShard(path).recordType
            for name in directory.files.keys.sorted() {
                let entry = directory.files[name]!
                out.append(UInt8(ascii: "f"))
                out.appendField(name.utf8)
                out.appendField(entry.size)
                out.appendField(entry.modifiedNanos)
                out.appendField(entry.changedNanos)
                out.appendField(entry.inode, radix: 10)
                out.appendField(entry.digest, radix: 16)
                // A canonical file's key is written out too (the folder's type, the name without
                // `.json`), as builds before `.canonical` read it; no key is made to write it.
                if entry.content == .canonical, let type {  // only ever in a type's shard folder
                    out.appendField(type.utf8)
                    out.appendField(name.utf8.dropLast(5))
                } else if case .record(let key) = entry.content {
                    out.appendField(key.type.utf8)
                    out.appendField(key.id.utf8)
                } else {
                    out.appendField("!".utf8)
                }
                out.append(0x0A)
                if out.count >= FolderIndex.chunkSize {
                    try emit(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        if !out.isEmpty { try emit(out) }
    }

    /// The whole index as one array (tests, small indexes).
    package func encode() -> [UInt8] {
        var all: [UInt8] = []
        encode { (chunk: [UInt8]) in all += chunk }
        return all
    }

    /// Reads an index; a damaged, older or unknown one reads as empty (it is only a cache).
    package static func decode(_ bytes: [UInt8]) -> FolderIndex {
        var decoder = Decoder()
        decoder.feed(bytes)
        return decoder.finish()
    }

    /// Reads an index a chunk at a time, as `FileSystem.read(_:chunkSize:_:)` hands it over.
    package struct Decoder {
        private var index = FolderIndex()
        private var current: (path: String, shard: FolderShard)?
        private var sawHeader = false
        private var failed = false
        /// The start of a line whose end is in the next chunk.
        private var carry: [UInt8] = []
        /// Whether any byte was fed, and whether the first line named another version's index.
        private var fed = false
        private var otherVersion = false
        /// Longer than any line an index holds (a path of a few KiB and a few numbers).
        static let longestLine = 1 << 20

        /// Whether what was fed was not an index: after `finish()`, which then returned an
        /// empty one. An empty file is not damaged (nothing was indexed yet), nor is another
        /// version's index (read again from the folder, as after an upgrade).
        package var isDamaged: Bool { !otherVersion && (failed || (fed && !sawHeader)) }

        package init() {}

        package mutating func feed(_ chunk: [UInt8]) {
            guard !failed else { return }
            fed = fed || !chunk.isEmpty
            guard let lastNewline = chunk.lastIndex(of: 0x0A) else {
                carry += chunk
                // No line of an index is this long: the file is not one, however big it is.
                failed = carry.count > Decoder.longestLine
                return
            }
            if carry.isEmpty {
                chunk.withUnsafeBufferPointer { take($0[...lastNewline]) }
            } else {
                carry += chunk[...lastNewline]
                carry.withUnsafeBufferPointer { take($0[...]) }
                carry.removeAll(keepingCapacity: true)
            }
            carry += chunk[(lastNewline + 1)...]
        }

        /// The index read; empty if any of it did not read.
        package mutating func finish() -> FolderIndex {
            if !carry.isEmpty {
                carry.append(0x0A)
                carry.withUnsafeBufferPointer { take($0[...]) }
            }
            return failed || !sawHeader ? FolderIndex() : index
        }

        /// Whole lines, each ending in a newline.
        private mutating func take(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            var lines = LineCursor(bytes: bytes)
            while !failed, let line = lines.next() {
                if !sawHeader {
                    sawHeader = line.elementsEqual(FolderIndex.header.utf8)
                    otherVersion = !sawHeader && line.starts(with: "ours-folder-index ".utf8)
                    failed = !sawHeader
                } else if !line.isEmpty {
                    failed = !take(line: line)
                }
            }
        }

        private mutating func take(line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            var fields = FieldCursor(line: line)
            switch fields.next().first {
            case UInt8(ascii: "d"):
                let path = fields.next().text
                guard let modified = fields.int64(), let changed = fields.int64(),
                    let inode = fields.uint64(), fields.atEnd
                else { return false }
                let stat = FileStat(kind: .directory, size: 0, modifiedNanos: modified, changedNanos: changed, inode: inode)
                index.directories[path] = Directory(stat: stat)
                current = (path, FolderShard(path))
                let (parent, name) = split(path)
                if !parent.isEmpty { index.directories[parent]?.subdirectories.insert(name) }
                return true
            case UInt8(ascii: "f"):
                guard let (path, shard) = current, let entry = FolderIndex.decodeFile(&fields, shard: shard) else {
                    return false
                }
                index.directories[path]?.files[entry.name] = entry.entry
                return true
            default:
                return false
            }
        }
    }

    /// The rest of an `f` line: name, size, times, inode, digest, then `type id` or `!`.
    fileprivate static func decodeFile(_ fields: inout FieldCursor, shard: FolderShard) -> (name: String, entry: Entry)? {
        let name = fields.next().text
        guard let size = fields.int64(), let modified = fields.int64(),
            let changed = fields.int64(), let inode = fields.uint64(), let digest = fields.uint64(radix: 16)
        else { return nil }
        let type = fields.next()
        let content: Entry.Content
        if type.elementsEqual([UInt8(ascii: "!")]), fields.atEnd {
            content = .broken
        } else {
            let id = fields.next()
            guard fields.atEnd, let key = try? RecordKey(type: type.text, id: id.text) else { return nil }
            content = .record(key)
        }
        let stat = FileStat(kind: .file, size: size, modifiedNanos: modified, changedNanos: changed, inode: inode)
        return (name, Entry(stat: stat, digest: digest, content: content).normalized(named: name, in: shard))
    }
}

/// The lines of a buffer, without copying them.
private struct LineCursor {
    let bytes: Slice<UnsafeBufferPointer<UInt8>>
    var at: Int

    init(bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        self.bytes = bytes
        at = bytes.startIndex
    }

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard at < bytes.endIndex else { return nil }
        let end = bytes[at...].firstIndex(of: 0x0A) ?? bytes.endIndex
        defer { at = end + 1 }
        return bytes[at..<end]
    }
}

/// The tab-separated fields of a line, without copying them.
private struct FieldCursor {
    let line: UnsafeBufferPointer<UInt8>.SubSequence
    var at: Int
    private var done = false

    init(line: UnsafeBufferPointer<UInt8>.SubSequence) {
        self.line = line
        at = line.startIndex
    }

    var atEnd: Bool { done }

    /// The next field (empty past the last one).
    mutating func next() -> UnsafeBufferPointer<UInt8>.SubSequence {
        guard !done else { return line[line.endIndex...] }
        let end = line[at...].firstIndex(of: 0x09) ?? line.endIndex
        let field = line[at..<end]
        if end == line.endIndex { done = true } else { at = end + 1 }
        return field
    }

    /// A signed decimal number.
    mutating func int64() -> Int64? {
        var field = next()
        let negative = field.first == UInt8(ascii: "-")
        if negative { field = field.dropFirst() }
        guard let magnitude = field.number(radix: 10) else { return nil }
        guard magnitude <= UInt64(Int64.max) + (negative ? 1 : 0) else { return nil }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }

    mutating func uint64(radix: UInt64 = 10) -> UInt64? { next().number(radix: radix) }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
    /// The bytes as a string (the index holds only names that were strings).
    fileprivate var text: String { String(decoding: self, as: UTF8.self) }

    /// An unsigned number in `radix` (10 or 16); `nil` when empty, not digits, or too big.
    fileprivate func number(radix: UInt64) -> UInt64? {
        guard !isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in self {
            guard let digit = hexValue(byte), digit < radix else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflowAdding) = times.addingReportingOverflow(digit)
            guard !overflow, !overflowAdding else { return nil }
            value = sum
        }
        return value
    }
}

extension [UInt8] {
    /// A tab, then the bytes.
    fileprivate mutating func appendField(_ bytes: some Collection<UInt8>) {
        append(0x09)
        append(contentsOf: bytes)
    }

    /// A tab, then a number's digits as `String(value)` writes them, without making the string.
    fileprivate mutating func appendField(_ value: Int64) {
        append(0x09)
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, radix: 10)
    }

    fileprivate mutating func appendField(_ value: UInt64, radix: UInt64) {
        append(0x09)
        appendDigits(value, radix: radix)
    }

    private mutating func appendDigits(_ value: UInt64, radix: UInt64) {
        let start = count
        var rest = value
        repeat {
            let digit = UInt8(rest % radix)
            append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            rest /= radix
        } while rest > 0
        self[start...].reverse()
    }
}

private func hexValue(_ byte: UInt8) -> UInt64? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}
