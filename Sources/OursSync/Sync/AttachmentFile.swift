/// Reading and writing attachment files a chunk at a time: a photo of 100 MB is never held
/// whole, and every read checks the bytes against the SHA-256 they are named by.
enum AttachmentFile {
    /// How much of a file is in memory at once.
    static let chunkSize = 1 << 20

    /// What a file holds, read through once.
    struct Digest: Equatable {
        var sha256: String
        var size: Int64
        /// Its first bytes, to tell what it is (`AttachmentKind.sniff`).
        var prefix: [UInt8]
    }

    /// How a file that should hold an attachment stands.
    enum Health: Equatable, Sendable {
        /// It holds exactly the attachment's bytes.
        case whole
        /// Shorter than the attachment: most likely still being written by a sync tool.
        case arriving(have: Int64)
        /// The right size or longer, with other bytes: damaged (or another file under its name).
        case damaged
        /// Not there.
        case missing
        /// A cloud drive's placeholder stands for it: the file is not downloaded on this device.
        case notDownloaded
    }

    /// Reads a file through once: its digest and size (and first bytes). Stops being of use past
    /// `limit` bytes: the result then says `size > limit`.
    static func digest(
        _ path: String, fileSystem: any FileSystem, limit: Int64 = AttachmentRef.maximumSize
    )
        throws(FileSystemError) -> Digest
    {
        var hasher = SHA256.Hasher()
        var prefix: [UInt8] = []
        var size: Int64 = 0
        try fileSystem.read(path, chunkSize: chunkSize) { chunk in
            size += Int64(chunk.count)
            guard size <= limit else { return }
            if prefix.count < AttachmentKind.prefixLength { prefix += chunk.prefix(AttachmentKind.prefixLength - prefix.count) }
            hasher.update(chunk)
        }
        return Digest(sha256: SHA256.hex(hasher.finish()), size: size, prefix: prefix)
    }

    /// Copies a file to each of `destinations` (made beside each under a temporary name, then
    /// renamed over it), hashing as it reads; nothing is left at a destination unless the bytes
    /// are `expected`'s (when given) and within the size limit.
    /// - Returns: what the bytes were.
    /// - Throws: `AttachmentFileError`: too large, not the expected bytes, or a file error.
    @discardableResult
    static func copy(
        _ source: String, to destinations: [String], expected: AttachmentRef?, fileSystem: any FileSystem
    ) throws(AttachmentFileError) -> Digest {
        let temporaries = destinations.map { joinPath(parentPath($0), TemporaryName.make()) }
        var hasher = SHA256.Hasher()
        var prefix: [UInt8] = []
        var size: Int64 = 0
        var failure: FileSystemError?
        let limit = expected?.size ?? AttachmentRef.maximumSize
        do throws(FileSystemError) {
            for directory in Set(destinations.map(parentPath)) where try fileSystem.stat(directory) == nil {
                try fileSystem.createDirectory(directory)
            }
            try fileSystem.read(source, chunkSize: chunkSize) { chunk in
                let first = size == 0
                size += Int64(chunk.count)
                guard failure == nil, size <= limit else { return }
                if prefix.count < AttachmentKind.prefixLength {
                    prefix += chunk.prefix(AttachmentKind.prefixLength - prefix.count)
                }
                hasher.update(chunk)
                do throws(FileSystemError) {
                    for temporary in temporaries {
                        if first {
                            try fileSystem.writeAtomically(temporary, chunk, durability: .deferred)
                        } else {
                            try fileSystem.append(temporary, chunk)
                        }
                    }
                } catch { failure = error }
            }
            if let failure { throw failure }
        } catch {
            discard(temporaries, fileSystem)
            throw .file(error)
        }
        let digest = Digest(sha256: SHA256.hex(hasher.finish()), size: size, prefix: prefix)
        if size > (expected?.size ?? AttachmentRef.maximumSize) {
            discard(temporaries, fileSystem)
            throw .tooLarge(size)
        }
        if let expected, digest.sha256 != expected.sha256 || size != expected.size {
            discard(temporaries, fileSystem)
            throw .notTheExpectedBytes(size: size)
        }
        do throws(FileSystemError) {
            // An empty file reads as no chunk at all: its copies are made empty.
            if size == 0 { for temporary in temporaries { try fileSystem.writeAtomically(temporary, [], durability: .deferred) } }
            for directory in Set(destinations.map(parentPath)) { try fileSystem.flush(directory) }
            for (temporary, destination) in zip(temporaries, destinations) { try fileSystem.rename(temporary, to: destination) }
        } catch {
            discard(temporaries, fileSystem)
            throw .file(error)
        }
        return digest
    }

    private static func discard(_ paths: [String], _ fileSystem: any FileSystem) {
        for path in paths { try? fileSystem.remove(path) }
    }

    /// How the file at `path` stands for `attachment`. A file of the right size is read through
    /// and its hash checked; `verified` answers for one already checked (its stat unchanged).
    static func health(
        of attachment: AttachmentRef, at path: String, fileSystem: any FileSystem,
        verified: (FileStat) -> Bool = { _ in false }
    ) -> (Health, FileStat?) {
        guard let stat = (try? fileSystem.stat(path)) ?? nil, stat.kind == .file else {
            return (isPlaceholder(path, fileSystem) ? .notDownloaded : .missing, nil)
        }
        if stat.size < attachment.size { return (.arriving(have: stat.size), stat) }
        if stat.size > attachment.size { return (.damaged, stat) }
        if verified(stat) { return (.whole, stat) }
        guard let digest = try? digest(path, fileSystem: fileSystem, limit: attachment.size) else { return (.missing, stat) }
        return (digest.sha256 == attachment.sha256 && digest.size == attachment.size ? .whole : .damaged, stat)
    }

    /// Whether a cloud drive keeps only a placeholder for the file here: iCloud Drive's
    /// `.<name>.icloud`, Nextcloud's and ownCloud's `<name>.nextcloud` / `<name>.owncloud`.
    static func isPlaceholder(_ path: String, _ fileSystem: any FileSystem) -> Bool {
        let directory = parentPath(path)
        let name = lastComponent(path)
        for candidate in ["." + name + ".icloud", name + ".nextcloud", name + ".owncloud"] {
            if ((try? fileSystem.stat(joinPath(directory, candidate))) ?? nil) != nil { return true }
        }
        return false
    }
}

/// Why an attachment could not be copied.
enum AttachmentFileError: Error {
    case tooLarge(Int64)
    case notTheExpectedBytes(size: Int64)
    case file(FileSystemError)
}
