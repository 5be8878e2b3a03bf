/// Attachments: files a record names — photos, PDFs, voice notes — kept beside the household's
/// records under names made from their content (see `AttachmentRef`).
extension Zone {
    /// Adds a file as an attachment: read once, copied into this device's keeping and into the
    /// household's folder (when it is there; the next sync delivers it otherwise). Put the
    /// reference's `json` in a record field to attach it.
    /// - Throws: `.usage` for a file too large (`AttachmentRef.maximumSize`) or not a file,
    ///   `.notFound` when there is none, `.notPermitted` for a member who may not change records.
    public func addAttachment(from path: String, name: String? = nil) throws(OursError) -> AttachmentRef {
        try requireWritable("add attachments")
        return try context.addAttachment(from: Device.absolutePath(path), name: name)
    }

    /// Adds a file that must be the attachment `expected` names (an export's copy of it, say):
    /// checked against its hash as it is read, and added under that reference.
    /// - Throws: as `addAttachment(from:name:)`, and `.failed` when the file's bytes are not
    ///   the attachment's (nothing is added).
    public func addAttachment(from path: String, expected: AttachmentRef) throws(OursError) -> AttachmentRef {
        try requireWritable("add attachments")
        return try context.addAttachment(from: Device.absolutePath(path), name: expected.name, expected: expected)
    }

    /// How an attachment stands on this device, and where to read it when it can be read.
    public func attachmentStatus(_ ref: AttachmentRef) -> AttachmentStatus {
        context.attachmentStatus(ref)
    }

    /// Copies an attachment to `destination` (replaced whole), checking its bytes as it goes:
    /// nothing is written unless they are the attachment's.
    /// - Throws: `.notFound` (with how it stands) when it cannot be read here.
    public func saveAttachment(_ ref: AttachmentRef, to destination: String) throws(OursError) {
        let status = attachmentStatus(ref)
        guard case .here(let path) = status else {
            throw .notFound("attachment \(ref.shortID) cannot be read here: \(status.words)", hint: status.hint)
        }
        do throws(AttachmentFileError) {
            try AttachmentFile.copy(path, to: [Device.absolutePath(destination)], expected: ref, fileSystem: fileSystem)
        } catch { throw AttachmentSync.failure(error, source: path) }
    }

    /// One attachment the household's records name, how it stands here, and the records.
    public struct AttachmentListing: Sendable {
        public var attachment: AttachmentRef
        public var status: AttachmentStatus
        public var records: [RecordKey]
    }

    /// Every attachment the records of this household (or private data) name, by hash.
    public func attachments() throws(OursError) -> [AttachmentListing] {
        let refs = try device.withLock { () throws(OursError) in try replica.attachmentRefs() }
        var records: [AttachmentRef: [RecordKey]] = [:]
        for (key, held) in refs { for ref in held { records[ref, default: []].append(key) } }
        return records.keys.sorted().map { ref in
            AttachmentListing(attachment: ref, status: attachmentStatus(ref), records: records[ref]!.sorted())
        }
    }

    /// The attachment whose hash begins with `prefix` (at least 4 hex digits), among those the
    /// records name.
    /// - Throws: `.notFound`, or `.usage` listing the candidates when several match.
    public func attachment(matching prefix: String) throws(OursError) -> AttachmentRef {
        let typed = prefix.lowercased()
        guard typed.count >= 4, typed.allSatisfy(\.isHexDigit) else {
            throw .usage("\"\(prefix)\" is not an attachment id (its first hex digits, as `ours attachment list` shows)")
        }
        let matches = Set(try attachments().map(\.attachment).filter { $0.sha256.hasPrefix(typed) })
        guard let first = matches.first else {
            throw .notFound("no attachment \(prefix) in \(name)", hint: "`ours attachment list` shows them.")
        }
        guard matches.count == 1 else {
            let list = matches.sorted().map(\.shortID).joined(separator: ", ")
            throw .usage("\"\(prefix)\" matches several attachments: \(list)", hint: "Give more of its id.")
        }
        return first
    }
}

extension AttachmentStatus {
    /// How it stands, in words.
    public var words: String {
        switch self {
        case .here: "here"
        case .arriving(let have): "still arriving (\(have) bytes so far)"
        case .notDownloaded: "not downloaded on this device (a cloud drive's placeholder)"
        case .damaged: "damaged in the folder"
        case .missing: "not in the folder yet"
        }
    }

    var hint: String {
        switch self {
        case .here: ""
        case .arriving, .missing: "Wait for the sync tool, then run `ours sync`."
        case .notDownloaded: "Have the cloud drive keep the folder downloaded on this device (README, \"Sync tools\")."
        case .damaged: "Run `ours doctor`: a device that holds it writes it again."
        }
    }
}
