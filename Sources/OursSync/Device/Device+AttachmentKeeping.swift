/// Which attachments this device keeps a copy of (`attachments.json` in its state directory).
public enum AttachmentKeeping: String, Sendable, CaseIterable {
    /// Every attachment a record of its households names: what it shows never depends on the
    /// folder, and any attachment the folder loses it writes again. The default.
    case everything
    /// Only the attachments it added; the others are read from the folder. For a device short
    /// of space; an attachment the folder then loses can come back only from another device.
    case own
}

extension Device {
    var attachmentKeepingFile: String { joinPath(home, "attachments.json") }

    /// Which attachments this device keeps; `.everything` when it was never set.
    public func attachmentKeeping() throws(OursError) -> AttachmentKeeping {
        guard let bytes = try readIfPresent(attachmentKeepingFile) else { return .everything }
        let reader = try JSONObjectReader(bytes, path: attachmentKeepingFile)
        try reader.checkFormat(1)
        return reader.optionalString("keep").flatMap(AttachmentKeeping.init(rawValue:)) ?? .everything
    }

    /// Sets which attachments this device keeps; the next sync takes in or lets go of copies.
    public func setAttachmentKeeping(_ keeping: AttachmentKeeping) throws(OursError) {
        try withLock { () throws(OursError) in
            try writeState(stateFileBytes(["format": 1, "keep": .string(keeping.rawValue)]), to: attachmentKeepingFile)
        }
    }
}
