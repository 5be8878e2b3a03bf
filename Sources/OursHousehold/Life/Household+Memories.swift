import OursSync

extension Household {
    /// What `editMemory` changes; `nil` and `.keep` leave a field as it is.
    public struct MemoryEdits: Sendable, Equatable {
        /// A new title.
        public var title: String?
        /// What someone wrote about it.
        public var note: Edit<String>
        /// The day it happened: `yyyy-MM-dd`, `today`, `yesterday` or a weekday (the latest one).
        public var date: Edit<String>
        /// Who it is for: a member's name, `me`, a participant id, or anyone else's name.
        public var recipient: Edit<String>
        /// Its pictures: `.set` replaces them with these files (paths), each kept as an
        /// attachment; `.clear` takes them all off (the files stay in the folder).
        public var photos: Edit<[String]>

        /// Edits with these values; the defaults change nothing.
        public init(
            title: String? = nil, note: Edit<String> = .keep, date: Edit<String> = .keep, recipient: Edit<String> = .keep,
            photos: Edit<[String]> = .keep
        ) {
            self.photos = photos
            self.title = title
            self.note = note
            self.date = date
            self.recipient = recipient
        }
    }

    /// The memories, the latest first (by the day each happened, else the day it was added).
    /// - Parameter person: only those for this person: a member (by name, `me`, or id) or
    ///   anyone named in a memory's `for` (any case and accents; no beginnings, since a name
    ///   that is no member's is a name of its own). `nil` for every memory.
    /// - Throws: `.notFound` for a person who is neither a member nor named by any memory;
    ///   `.usage` for an empty name, or one several members have.
    public func memories(for person: String? = nil) throws(OursError) -> [Memory] {
        let all = Memory.newestFirst(try all(RecordTypes.memory).compactMap(Memory.init), timeZone: timeZone)
        guard let person else { return all }
        let members = try members()
        let wanted = try recipient(person, members: members)
        let mine = all.filter { memory in
            guard let name = memory.recipientName(among: members) else { return false }
            return memory.recipient == wanted.value || NameKey.matches(name, wanted.name ?? wanted.value)
        }
        if mine.isEmpty, wanted.name == nil {
            // Sorted first, so which spelling of one name is shown does not depend on the memories' order.
            let names = NameKey.sortedByName(all.compactMap { $0.recipientName(among: members) }, name: { $0 }, id: { $0 })
            var seen = Set<String>()
            let named = names.filter { seen.insert(NameKey.normalize($0)).inserted }
            throw .notFound(
                "no memory is for \"\(NameKey.display(person))\"",
                hint: named.isEmpty
                    ? "No memory is for anyone yet: `ours memory add TITLE --for NAME`."
                    : "Memories are for: \(named.joined(separator: ", ")).")
        }
        return mine
    }

    /// The memory a title or id means (any case; a unique beginning will do). Memories of one
    /// title are told apart by id; each is shown with its day and who it is for.
    /// - Throws: `.notFound` for an unknown title, `.usage` when several memories match.
    public func memory(named text: String) throws(OursError) -> Memory {
        try Household.memoryResolver(members: members()).resolve(text, in: memories())
    }

    /// Adds a memory, always a new one: memories may share a title ("Birthday", every year).
    /// - Parameters:
    ///   - title: what it is called.
    ///   - note: what someone wrote about it.
    ///   - date: the day it happened: `yyyy-MM-dd`, `today`, `yesterday` or a weekday.
    ///   - person: who it is for: a member (by name, `me` or id; stored as their participant
    ///     id), or anyone else's name, stored as typed.
    ///   - photos: files to keep with it (paths): each becomes an attachment, read and hashed as
    ///     it is copied, before the memory is written.
    /// - Throws: `.usage` for an empty title, a date that is no day or an empty person;
    ///   `.notPermitted` for a read-only member; `.notFound`/`.usage` for a photo that cannot be
    ///   read or passes the attachment size limit (nothing is written then).
    public func addMemory(
        _ title: String, note: String? = nil, date: String? = nil, for person: String? = nil, photos: [String] = []
    ) throws(OursError) -> Memory {
        let title = try Household.memoryTitle(title)
        let pictures = try addPhotos(photos)
        let day = try date.map { (text: String) throws(OursError) -> CalendarDay in try Memory.day(parsing: text, today: today) }
        let recipient = try person.map { (text: String) throws(OursError) -> (value: String, name: String?) in
            try self.recipient(text, members: members())
        }
        let note = note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        return try zone.write { () throws(OursError) -> Memory in
            let memory = Memory(
                id: RecordKey.newID(), title: title, note: note, date: day, recipient: recipient?.value,
                recipientName: recipient?.name, addedAt: UTCTime.iso8601(millis: nowMillis), addedBy: try me(),
                photos: pictures)
            var fields: [String: JSONValue?] = ["name": .string(title)]
            for (field, value) in [
                ("note", note), ("date", day?.description), ("for", memory.recipient), ("forName", memory.recipientName),
                ("addedAt", memory.addedAt), ("addedBy", memory.addedBy),
            ] {
                if let value { fields[field] = .string(value) }
            }
            if let photos = AttachmentRef.photosValue(pictures) { fields["photos"] = photos }
            try write(RecordTypes.memory, memory.id, fields)
            return memory
        }
    }

    /// Changes a memory's title, note, day, who it is for or its photos.
    /// - Parameter name: the memory's title (a unique beginning will do) or id.
    /// - Returns: the memory as it is now, and `.updated` or `.unchanged`.
    /// - Throws: `.notFound`/`.usage` as `memory(named:)`; `.usage` for a bad title, day or
    ///   person; `.notPermitted` for a read-only member; `.notFound`/`.usage` for a photo that
    ///   cannot be read or passes the attachment size limit (nothing is written).
    public func editMemory(_ name: String, _ edits: MemoryEdits) throws(OursError) -> (memory: Memory, outcome: Outcome) {
        let members = try members()
        var fields: [String: JSONValue?] = [:]
        if let title = edits.title { fields["name"] = .string(try Household.memoryTitle(title)) }
        switch edits.note {
        case .keep: break
        case .clear: fields.updateValue(nil, forKey: "note")
        case .set(let note): fields["note"] = .string(note)
        }
        switch edits.date {
        case .keep: break
        case .clear: fields.updateValue(nil, forKey: "date")
        case .set(let text): fields["date"] = .string(try Memory.day(parsing: text, today: today).description)
        }
        switch edits.recipient {
        case .keep: break
        case .clear:
            fields.updateValue(nil, forKey: "for")
            fields.updateValue(nil, forKey: "forName")
        case .set(let text):
            let recipient = try recipient(text, members: members)
            fields["for"] = .string(recipient.value)
            fields["forName"] = recipient.name.map { .string($0) }
        }
        fields.merge(
            try photoFields(edits.photos) { () throws(OursError) in
                _ = try Household.memoryResolver(members: members).resolve(name, in: memories())
            }
        ) { $1 }
        return try zone.write { () throws(OursError) -> (memory: Memory, outcome: Outcome) in
            let memory = try Household.memoryResolver(members: members).resolve(name, in: memories())
            let existing = try snapshot(RecordTypes.memory, memory.id)?.values ?? [:]
            let changes = fields.filter { existing[$0.key] != $0.value }
            guard !changes.isEmpty else { return (memory, .unchanged) }
            try write(RecordTypes.memory, memory.id, changes)
            return (try live(RecordTypes.memory, memory.id).flatMap(Memory.init) ?? memory, .updated)
        }
    }

    /// Deletes a memory (a tombstone that keeps its values: `restore(.memory, _:)` brings it back).
    /// - Parameter name: the memory's title (a unique beginning will do) or id.
    /// - Returns: the memory as it was.
    /// - Throws: as `memory(named:)`; `.notPermitted` for a read-only member.
    @discardableResult
    public func removeMemory(_ name: String) throws(OursError) -> Memory {
        try zone.write { () throws(OursError) -> Memory in
            let memory = try memory(named: name)
            try zone.remove(key(RecordTypes.memory, memory.id))
            return memory
        }
    }

    /// A title people typed, tidied; refuses an empty one.
    static func memoryTitle(_ text: String) throws(OursError) -> String {
        let title = NameKey.display(text)
        guard !title.isEmpty else { throw .usage("the memory needs a title") }
        return title
    }

    /// What a memory's `for` and `forName` fields hold for the person someone typed: the
    /// participant id and name of the member it names exactly (`me`, an id, or an active
    /// member's whole name in any case), else the name as typed, tidied, and no `forName`.
    /// - Throws: `.usage` for an empty name, or one several members have.
    func recipient(_ text: String, members: [Member]) throws(OursError) -> (value: String, name: String?) {
        let typed = NameKey.display(text)
        guard !typed.isEmpty else { throw .usage("--for is empty: give the name of whom the memory is for") }
        let me = try me()
        if typed.lowercased() == "me" { return (me, members.first { $0.id == me }?.name) }
        if let member = members.first(where: { $0.id == typed.lowercased() }) { return (member.id, member.name) }
        let active = members.filter(\.active)
        guard let member = try Household.memberResolver(active).resolveExactly(typed, in: active) else { return (typed, nil) }
        return (member.id, member.name)
    }
}
