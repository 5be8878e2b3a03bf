/// The attachments this device keeps of a household, beside its replica:
/// `replicas/<household>/attachments/<2 hex>/<sha256>.<ext>`, each written only once its bytes
/// were checked against its name. And the references the replica's records hold
/// (`attachments/refs.log`): a line per record whose references were written, so which
/// attachments are needed is known without reading every record.
extension Replica {
    var attachmentsDirectory: String { joinPath(directory, "attachments") }
    var attachmentRefsFile: String { joinPath(attachmentsDirectory, "refs.log") }

    /// Where this device keeps an attachment (whether or not it holds it).
    package func path(of attachment: AttachmentRef) -> String {
        joinPath(attachmentsDirectory, attachment.relativePath)
    }

    /// Whether this device holds an attachment: its file there, of its size. Files here are
    /// written only after their bytes were checked (`AttachmentFile.copy`), and renamed into
    /// place whole.
    package func holds(_ attachment: AttachmentRef) -> Bool {
        guard let stat = (try? fileSystem.stat(path(of: attachment))) ?? nil else { return false }
        return stat.kind == .file && stat.size == attachment.size
    }

    /// Notes the references of records just saved or removed (`summariesDidChange` calls it):
    /// a line for each record that holds any, and for each that held some and now holds none.
    /// Without the log (an earlier version's replica) nothing is noted until it is rebuilt.
    func attachmentRefsDidChange(_ keys: [RecordKey], states: (RecordKey) -> RecordState?) {
        var lines: [UInt8] = []
        var known: Set<RecordKey>?
        for key in keys {
            let refs = states(key).map(AttachmentRef.references(in:)) ?? []
            if refs.isEmpty {
                // A record that never had any leaves no line; one that had some says it has none.
                if known == nil { known = Set(loadAttachmentRefs()?.keys ?? [:].keys) }
                guard known?.contains(key) == true else { continue }
            }
            lines += AttachmentRefsLog.line(key, refs)
        }
        appendAttachmentRefs(lines)
    }

    /// Appends lines made by `AttachmentRefsLog.line` (a first sync's records saved as read).
    package func appendAttachmentRefs(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        do throws(FileSystemError) {
            if try fileSystem.stat(attachmentsDirectory) == nil { try fileSystem.createDirectory(attachmentsDirectory) }
            if try fileSystem.stat(attachmentRefsFile) == nil {
                try fileSystem.writeAtomically(attachmentRefsFile, lines, durability: .deferred)
            } else {
                try fileSystem.append(attachmentRefsFile, lines)
            }
        } catch {
            try? fileSystem.remove(attachmentRefsFile)  // rebuilt from the records when next needed
        }
    }

    /// The references each record holds, from the log; `nil` when there is no log (or it is
    /// damaged): then `rebuildAttachmentRefs` reads every record.
    package func loadAttachmentRefs() -> [RecordKey: Set<AttachmentRef>]? {
        guard let bytes = try? fileSystem.read(attachmentRefsFile, limit: 256 * 1024 * 1024) else { return nil }
        return AttachmentRefsLog.fold(bytes)
    }

    /// Reads every record and writes the log anew: for a replica an earlier version kept, a
    /// damaged log, or one grown long with lines it no longer needs.
    package func rebuildAttachmentRefs() throws(OursError) -> [RecordKey: Set<AttachmentRef>] {
        var refs: [RecordKey: Set<AttachmentRef>] = [:]
        try forEachKey { (key: RecordKey) throws(OursError) in
            guard let state = try load(key) else { return }
            let found = AttachmentRef.references(in: state)
            if !found.isEmpty { refs[key] = found }
        }
        let lines = refs.keys.sorted { ($0.type, $0.id) < ($1.type, $1.id) }.flatMap { AttachmentRefsLog.line($0, refs[$0]!) }
        try io { () throws(FileSystemError) in
            if try fileSystem.stat(attachmentsDirectory) == nil { try fileSystem.createDirectory(attachmentsDirectory) }
            try fileSystem.writeAtomically(attachmentRefsFile, lines, durability: .deferred)
        }
        return refs
    }

    /// The references each record holds: from the log, or read from every record when there is none.
    package func attachmentRefs() throws(OursError) -> [RecordKey: Set<AttachmentRef>] {
        if let refs = loadAttachmentRefs() { return refs }
        return try rebuildAttachmentRefs()
    }

    /// Every attachment a record of the replica holds a reference to.
    package func neededAttachments() throws(OursError) -> Set<AttachmentRef> {
        let refs = try attachmentRefs()
        return refs.values.reduce(into: Set<AttachmentRef>()) { $0.formUnion($1) }
    }
}

/// `attachments/refs.log`: one line per record whose references changed, the last line of a
/// record standing: `<type>/<id>\t<reference as compact JSON>\t…`, a line with no reference for
/// a record that holds none any more.
enum AttachmentRefsLog {
    static func line(_ key: RecordKey, _ refs: Set<AttachmentRef>) -> [UInt8] {
        var line = Array((key.type + "/" + key.id).utf8)
        for ref in refs.sorted() {
            line.append(0x09)
            line += JSONWriter.compact(ref.json)
        }
        line.append(0x0A)
        return line
    }

    static func fold(_ bytes: [UInt8]) -> [RecordKey: Set<AttachmentRef>]? {
        var result: [RecordKey: Set<AttachmentRef>] = [:]
        for line in bytes.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            let name = String(decoding: fields[0], as: UTF8.self)
            guard let slash = name.firstIndex(of: "/"),
                let key = try? RecordKey(type: String(name[..<slash]), id: String(name[name.index(after: slash)...]))
            else { return nil }
            var refs: Set<AttachmentRef> = []
            for field in fields.dropFirst() {
                guard let value = try? JSONParser.parse(Array(field)), let ref = AttachmentRef(value) else { return nil }
                refs.insert(ref)
            }
            result[key] = refs.isEmpty ? nil : refs
        }
        return result
    }
}
