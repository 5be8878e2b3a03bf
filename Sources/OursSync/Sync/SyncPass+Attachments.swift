/// After the records, a pass looks at the attachments they name: an attachment the folder lacks
/// and this device holds is written to it (absence is never deletion, and an attachment added
/// while the folder was away goes out now); one the folder holds whole is taken into this
/// device's keeping when it keeps everything; one still arriving, only a cloud drive's
/// placeholder here, damaged or missing is reported, never shown or spread as good.
///
/// It costs nothing to a household without attachments (no references' log: one `stat`), and
/// a quick pass looks only when it changed records or something was outstanding at the last
/// look: an idle watcher reads nothing more.
extension SyncPass {
    /// The attachments that were not whole in the folder (or not kept here) at the last look.
    static let outstandingFile = "outstanding.log"

    func syncAttachments(_ pass: inout PassState) {
        let replica = context.replica
        let outstandingPath = joinPath(replica.attachmentsDirectory, SyncPass.outstandingFile)
        let hasLog = ((try? context.fileSystem.stat(replica.attachmentRefsFile)) ?? nil) != nil
        if mode == .quick {
            let busy = pass.report.recordsMerged > 0 || pass.report.filesWritten > 0
            guard hasLog, busy || ((try? context.fileSystem.stat(outstandingPath)) ?? nil) != nil else { return }
        } else if !hasLog, (try? context.fileSystem.stat(pass.layout.attachments)) ?? nil == nil,
            (try? context.fileSystem.stat(replica.attachmentsDirectory)) ?? nil == nil
        {
            return  // no attachment anywhere: a replica of an earlier version is read through only once there is one
        }
        guard let needed = try? replica.neededAttachments() else { return }
        let keepsEverything = (try? context.device.attachmentKeeping()) ?? .everything == .everything
        var checks = AttachmentChecks(replica: replica)
        var outstanding: [AttachmentRef] = []
        for ref in needed.sorted() {
            if !look(at: ref, keepsEverything: keepsEverything, checks: &checks, into: &pass) { outstanding.append(ref) }
        }
        checks.save()
        let lines = outstanding.flatMap { Array(($0.sha256 + "\n").utf8) }
        if lines.isEmpty {
            try? context.fileSystem.remove(outstandingPath)
        } else {
            try? context.fileSystem.writeAtomically(outstandingPath, lines, durability: .deferred)
        }
    }

    /// Delivers, takes in or reports one attachment. Returns whether it is settled: whole in
    /// the folder, and kept here when this device keeps everything.
    private func look(
        at ref: AttachmentRef, keepsEverything: Bool, checks: inout AttachmentChecks, into pass: inout PassState
    ) -> Bool {
        let layout = pass.layout
        let fileSystem = context.fileSystem
        let path = layout.path(of: ref)
        let shown = layout.directoryName + "/attachments/" + ref.relativePath
        guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: true)) != nil else {
            pass.report.problems.append(Problem(.symlink, path: shown, "a link stands where an attachment goes; not followed"))
            return false
        }
        let holds = context.replica.holds(ref)
        let (health, stat) = AttachmentFile.health(of: ref, at: path, fileSystem: fileSystem) { checks.isWhole(ref, $0) }
        switch health {
        case .whole:
            if let stat { checks.noteWhole(ref, stat) }
            if keepsEverything, !holds { return take(ref, from: path, shown: shown, into: &pass) }
            return true
        case .missing where holds && pass.canWriteFolder:
            checks.forget(ref)
            do throws(OursError) { try context.deliver(ref, layout: layout) } catch {
                pass.report.problems.append(
                    Problem(.writeFailed, path: shown, "the attachment could not be written: \(error.message)"))
                return false
            }
            pass.report.filesWritten += 1
            return true
        default:
            checks.forget(ref)
            pass.report.problems.append(AttachmentSync.problem(health, ref, shown: shown, heldHere: holds))
            return false
        }
    }

    /// Takes a whole folder file into this device's keeping (checked again as it is copied).
    private func take(_ ref: AttachmentRef, from path: String, shown: String, into pass: inout PassState) -> Bool {
        do throws(AttachmentFileError) {
            try AttachmentFile.copy(path, to: [context.replica.path(of: ref)], expected: ref, fileSystem: context.fileSystem)
            return true
        } catch {
            pass.report.problems.append(AttachmentSync.problem(.damaged, ref, shown: shown, heldHere: false))
            return false
        }
    }
}

extension AttachmentSync {
    /// What to report of an attachment that is not whole in the folder.
    static func problem(_ health: AttachmentFile.Health, _ ref: AttachmentRef, shown: String, heldHere: Bool) -> Problem {
        let what = ref.name.map { "\"\($0)\" (\(ref.shortID))" } ?? ref.shortID
        let here = heldHere ? "; this device has it" : ""
        switch health {
        case .arriving(let have):
            return Problem(
                .attachmentNotHere, path: shown, "attachment \(what) is still arriving (\(have) of \(ref.size) bytes)\(here)")
        case .notDownloaded:
            return Problem(
                .attachmentNotHere, path: shown,
                "attachment \(what) is not downloaded on this device (a cloud drive's placeholder)\(here)")
        case .damaged:
            return Problem(.brokenFile, path: shown, "attachment \(what) in the folder is not its bytes; left as it is\(here)")
        case .missing, .whole:
            return Problem(
                .attachmentNotHere, path: shown,
                "attachment \(what) is not in the folder yet\(heldHere ? "; this device will write it when it can" : ", nor on this device")"
            )
        }
    }
}
