/// Never replace a folder file whose current bytes this device has not read.
///
/// A quick pass reuses the index for a folder whose stat did not change, and trusts a file
/// whose listing shows the inode the index knows: reading stays cheap. But a program that
/// writes a file in place (an editor, `>` in a shell, `ed`) moves neither, so the index may
/// describe bytes that are gone. Before write-back replaces a file the scan did not read, it
/// reads it: bytes the index knows are replaced as planned; anything else goes through the
/// same merge as a file the scan decoded (a hand edit stamped from the file, as on every
/// device), and what is written holds it.
extension SyncPass {
    /// The state to write over a file this pass has not read: `state` itself when the file
    /// holds what the index says (or is gone), `state` merged with the file's when it changed;
    /// `nil` to leave the file alone this pass (it could not be read, does not parse, holds
    /// another record, or waits for an unknown writer).
    func verified(
        _ state: RecordState, of key: RecordKey, at relative: String, into pass: inout PassState
    ) throws(OursError) -> RecordState? {
        guard let (stat, bytes) = readForVerifying(relative, into: &pass) else { return nil }
        guard let stat, let bytes else { return state }  // gone: written as planned
        let digest = Digest.of(bytes)
        if pass.scan.index.entry(at: relative)?.digest == digest { return state }
        pass.report.filesRead += 1
        let file: DecodedRecordFile
        do {
            file = try RecordFile.decode(
                bytes, fallbackType: key.type,
                fallbackID: FolderNames.handMadeID(fileName: lastComponent(relative), relativePath: relative),
                modifiedMillis: stat.modifiedMillis)
        } catch {
            noteBroken(relative, stat: stat, digest: digest, error: error, into: &pass)
            return nil
        }
        pass.scan.changed = true
        guard file.state.key == key else {
            // Another record's content at this one's path: the next pass that lists the folder
            // reads it as that record's copy.
            pass.scan.index.setEntry(nil, at: relative)
            return nil
        }
        guard let merged = fold(FolderScanner.DecodedFile(relativePath: relative, file: file), into: state, &pass) else {
            return nil
        }
        pass.scan.index.setEntry(FolderIndex.Entry(stat: stat, digest: digest, content: .record(key)), at: relative)
        guard merged != state, !merged.isEmpty else { return merged }
        guard let (fitting, encoded) = fit(merged, of: key, before: state, at: relative, into: &pass) else { return nil }
        try context.replica.save(encoded, of: key, durability: .immediate)
        pass.digests[key] = Digest.of(encoded)
        pass.report.recordsMerged += 1
        if let change = RecordChange.between(state, fitting, manifest: pass.manifest) {
            pass.report.changes.append(change)
            context.noteChanges([change], origin: .folder)
        }
        return fitting
    }

    /// A file's stat and bytes, both `nil` when it is gone; `nil` when it could not be read
    /// (reported) or is not a plain file.
    private func readForVerifying(
        _ relative: String, into pass: inout PassState
    ) -> (stat: FileStat?, bytes: [UInt8]?)? {
        let path = joinPath(pass.layout.zone, relative)
        let fileSystem = context.fileSystem
        var found: FileStat?
        do {
            found = try fileSystem.stat(path)
            guard let stat = found else { return (nil, nil) }
            guard stat.kind == .file else { return nil }
            return (stat, try fileSystem.read(path, limit: RecordFile.maximumSize))
        } catch {
            if error.reason == .notFound { return (nil, nil) }
            if case .tooLarge = error.reason {
                pass.scan.broken.insert(relative)
                let size = Int(found?.size ?? Int64(RecordFile.maximumSize + 1))
                pass.report.problems.append(
                    Problem(.brokenFile, path: pass.shown(relative), RecordFileError.tooLarge(size).description))
            } else {
                pass.report.problems.append(Problem(.unreadableFile, path: pass.shown(relative), error.description, cause: error))
            }
            return nil
        }
    }

    /// A file that does not parse, met just before it would have been replaced: reported and
    /// left alone as the scanner does, unless a sync tool may still be writing it.
    private func noteBroken(
        _ relative: String, stat: FileStat, digest: UInt64, error: RecordFileError, into pass: inout PassState
    ) {
        pass.scan.broken.insert(relative)
        if settling?(relative, stat) ?? false { return }  // still being written; read again next time
        pass.scan.index.setEntry(FolderIndex.Entry(stat: stat, digest: digest, content: .broken), at: relative)
        pass.scan.changed = true
        let kind: Problem.Kind = if case .newerFormat = error { .newerFormat } else { .brokenFile }
        let position = error.position
        pass.report.problems.append(
            Problem(
                kind, path: pass.shown(relative), error.description + "; left as it is until fixed",
                line: position?.line, column: position?.column))
    }
}
