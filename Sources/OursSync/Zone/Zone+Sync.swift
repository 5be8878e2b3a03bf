extension Zone {
    /// One full sync pass: every file in the household's folder is read and compared.
    /// - Throws: `.folderUnavailable` when the shared folder or the household's folder is missing.
    /// - Parameter progress: called now and then during a long pass (a first sync of a big household).
    @discardableResult
    public func sync(progress: SyncProgressHandler? = nil) throws(OursError) -> SyncReport {
        try SyncPass(context: context, mode: .sweep, progress: progress).run().report
    }

    /// A quick pass that lists only folders whose stat changed; `sync()` is the thorough one.
    @discardableResult
    public func quickSync() throws(OursError) -> SyncReport {
        try SyncPass(context: context, mode: .quick).run().report
    }
}
