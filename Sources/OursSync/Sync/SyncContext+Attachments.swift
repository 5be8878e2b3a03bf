/// Attachments between this device and the household's folder: added once, checked on every
/// read, delivered when the folder is there, written again when it lost one, kept on this
/// device as it chooses (`AttachmentKeeping`).
extension SyncContext {
    /// Adds a file as an attachment: read once, hashed as it is copied into this device's
    /// keeping and (when the folder is there and writable) into the household's folder. The
    /// same bytes added twice, here or on another device, are one file.
    /// - Returns: the reference a record names it by.
    /// - Throws: `.usage` for a file too large or not a file, `.notFound` for none.
    func addAttachment(from source: String, name: String?, expected: AttachmentRef? = nil) throws(OursError) -> AttachmentRef {
        let stat: FileStat?
        do { stat = try fileSystem.stat(source) } catch { throw .io(error) }
        guard let stat else { throw .notFound("no file at \(source)") }
        guard stat.kind == .file else { throw .usage("\(source) is not a file") }
        guard stat.size <= AttachmentRef.maximumSize else { throw AttachmentSync.tooLarge(source, stat.size) }
        return try device.withLock { () throws(OursError) -> AttachmentRef in
            // Into this device's keeping first, under a name of its own; named by its hash once read.
            let staging = joinPath(replica.attachmentsDirectory, TemporaryName.make())
            let digest: AttachmentFile.Digest
            do throws(AttachmentFileError) {
                digest = try AttachmentFile.copy(source, to: [staging], expected: expected, fileSystem: fileSystem)
            } catch {
                throw AttachmentSync.failure(error, source: source)
            }
            let ref =
                expected
                ?? AttachmentRef(
                    sha256: digest.sha256, size: digest.size, type: AttachmentKind.sniff(digest.prefix).type,
                    name: name ?? lastComponent(source))
            try io { () throws(FileSystemError) in
                let kept = replica.path(of: ref)
                if try fileSystem.stat(parentPath(kept)) == nil { try fileSystem.createDirectory(parentPath(kept)) }
                try fileSystem.rename(staging, to: kept)
            }
            try replica.noteAdded(ref, at: device.clock.nowMillis())
            // To the folder now when it is there; otherwise the next sync delivers it.
            if let layout = try? requireFolder(), fileSystem.isWritableDirectory(layout.zone) {
                _ = try? deliver(ref, layout: layout)
            }
            return ref
        }
    }

    /// Copies an attachment this device holds into the folder, unless the folder's file is
    /// already whole. Never over a file of another size or content: a download in progress, a
    /// person's file.
    /// - Returns: whether it was written.
    @discardableResult
    func deliver(_ ref: AttachmentRef, layout: ZoneLayout) throws(OursError) -> Bool {
        let target = layout.path(of: ref)
        try io { () throws(FileSystemError) in try fileSystem.requireNoLinks(target, under: layout.zone, creating: true) }
        guard ((try? fileSystem.stat(target)) ?? nil) == nil, replica.holds(ref) else { return false }
        do throws(AttachmentFileError) {
            try AttachmentFile.copy(replica.path(of: ref), to: [target], expected: ref, fileSystem: fileSystem)
        } catch { throw AttachmentSync.failure(error, source: replica.path(of: ref)) }
        return true
    }

    /// How an attachment stands for this device, and where to read it when it can.
    func attachmentStatus(_ ref: AttachmentRef) -> AttachmentStatus {
        let kept = replica.path(of: ref)
        if replica.holds(ref) { return .here(kept) }
        guard let layout = try? requireFolder() else { return .missing }
        let path = layout.path(of: ref)
        guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: false)) != nil else { return .damaged }
        var verified = AttachmentChecks(replica: replica)
        let (health, _) = AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem) { verified.isWhole(ref, $0) }
        switch health {
        case .whole: return .here(path)
        case .arriving(let have): return .arriving(have: have)
        case .damaged: return .damaged
        case .missing: return .missing
        case .notDownloaded: return .notDownloaded
        }
    }
}

/// How an attachment stands for this device.
public enum AttachmentStatus: Sendable, Equatable {
    /// Readable at this path, its bytes checked: this device's copy, or the folder's file.
    case here(String)
    /// In the folder, still being written (a sync tool's download): `have` of its bytes so far.
    case arriving(have: Int64)
    /// A cloud drive keeps only a placeholder for it on this device (iCloud Drive, Nextcloud):
    /// it is in the folder, not downloaded here.
    case notDownloaded
    /// The folder's file is not its bytes, and this device holds no copy.
    case damaged
    /// Neither in the folder nor on this device (yet): the device that added it has not
    /// delivered it, or the sync tool has not brought it.
    case missing

    /// Whether it can be read now.
    public var isHere: Bool {
        if case .here = self { return true }
        return false
    }
}

/// Errors of attachments, in words that name the file.
enum AttachmentSync {
    static func tooLarge(_ source: String, _ size: Int64) -> OursError {
        .usage(
            "\(source) is \(RecordState.describe(size: Int(size))), more than an attachment may be "
                + "(\(RecordState.describe(size: Int(AttachmentRef.maximumSize))))",
            hint: "Make it smaller (a photo exported at a lower size, a shorter recording).")
    }

    static func failure(_ error: AttachmentFileError, source: String) -> OursError {
        switch error {
        case .tooLarge(let size): tooLarge(source, size)
        case .notTheExpectedBytes(let size):
            .failed("\(source) changed while it was read (\(size) bytes, not what its name says); nothing was written")
        case .file(let error): .io(error)
        }
    }
}
