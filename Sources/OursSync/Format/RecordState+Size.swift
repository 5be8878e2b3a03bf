/// How a record stays within the one size limit (`RecordFile.maximumSize`): a record's
/// history — the values its writes replaced, kept under `replaces` so that an ignored write
/// can bring them back — is shed before the record would grow past it.
///
/// Shedding turns the value of an entry in a `replaces` list into a removal (`"removed":
/// true`), oldest first, and never touches what a person sees or can bring back: a field's
/// winner, its conflicts, deletions. It is a function of the state alone — the same state
/// sheds the same way, to the same bytes, on every device — and it changes nothing once a
/// record fits, so it never makes two devices write a file back and forth. A removal is
/// what older versions already read and write, byte for byte: a shed record is an ordinary
/// record to them.
extension RecordState {
    /// The record's encoded size.
    public var encodedSize: Int { RecordFile.encode(self).count }

    /// The state with as much history shed as it takes to encode within `limit` bytes (all
    /// of it, when even that is not enough), and its bytes. Shed, in this order:
    /// 1. values a write's own device had written before it, other than the latest of them,
    ///    oldest first: needed only if that device's membership ended between two of its own
    ///    writes of the field, the corner `ownWritesCarried` already gives up on;
    /// 2. the latest of them;
    /// 3. values other devices had written that a write replaced, oldest first.
    public func shedding(toFit limit: Int = RecordFile.maximumSize) -> (state: RecordState, bytes: [UInt8]) {
        var bytes = RecordFile.encode(self)
        guard bytes.count > limit else { return (self, bytes) }
        var state = self
        var candidates = sheddable()[...]
        while bytes.count > limit, !candidates.isEmpty {
            // Each value's compact text is a lower bound of what shedding it saves, so one
            // round usually suffices; the bytes are measured again after each round.
            var excess = bytes.count - limit
            var round: [Sheddable] = []
            while excess > 0, let next = candidates.popFirst() {
                round.append(next)
                excess -= next.size
            }
            state.shed(round)
            bytes = RecordFile.encode(state)
        }
        return (state, bytes)
    }

    /// One value in a `replaces` list, and where it is.
    struct Sheddable {
        var order: Int
        var field: String
        /// The entry whose `replaces` list holds it.
        var holder: FieldEntry
        var replaced: FieldEntry
        var size: Int
    }

    /// Every value in a `replaces` list, in the order they are shed.
    func sheddable() -> [Sheddable] {
        var result: [Sheddable] = []
        for field in fields.keys.sorted(by: JSONValue.keyOrder) {
            for holder in fields[field]!.entries {
                let own = holder.replaced.filter { $0.stamp.device == holder.stamp.device && $0.value != nil }
                let latestOwn = own.map(\.stamp).max()
                for replaced in holder.replaced {
                    guard let value = replaced.value else { continue }
                    let order = replaced.stamp.device != holder.stamp.device ? 2 : replaced.stamp == latestOwn ? 1 : 0
                    let size = JSONWriter.compact(value).count
                    result.append(Sheddable(order: order, field: field, holder: holder, replaced: replaced, size: size))
                }
            }
        }
        // Stable, and total: the same state gives the same order on every device.
        return result.enumerated().sorted { a, b in
            (a.element.order, a.element.replaced.stamp, a.offset) < (b.element.order, b.element.replaced.stamp, b.offset)
        }.map(\.element)
    }

    /// Turns the values of `chosen` into removals.
    mutating func shed(_ chosen: [Sheddable]) {
        for field in Set(chosen.map(\.field)) {
            let inField = chosen.filter { $0.field == field }
            let entries = fields[field]!.entries.map { holder -> FieldEntry in
                let mine = inField.filter { $0.holder.isSameWrite(as: holder) }.map(\.replaced)
                guard !mine.isEmpty else { return holder }
                var entry = holder
                entry.replaced = FieldEntry.canonical(
                    holder.replaced.map { mine.contains($0) ? FieldEntry(value: nil, stamp: $0.stamp, seen: $0.seen) : $0 })
                return entry
            }
            setRegister(FieldRegister(entries), field: field)
        }
    }

    /// How much larger than `limit` a size is, for messages: `5.0 MiB (5,242,880 bytes)`.
    public static func describe(size: Int) -> String {
        let tenths = (size * 10 + 524_288) / 1_048_576
        var digits = String(size)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "\(tenths / 10).\(tenths % 10) MiB (\(digits + grouped) bytes)"
    }
}
