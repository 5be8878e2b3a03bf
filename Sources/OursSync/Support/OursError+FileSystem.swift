/// The file system's failures as the engine reports them: with the kind of exit they call for
/// and, where there is one, what to do next.
extension OursError {
    /// Wraps a file-system failure, keeping it as `cause`.
    public static func io(_ error: FileSystemError) -> OursError {
        var wrapped: OursError
        switch error.reason {
        case .noSpace:
            wrapped = .failed(error.description, hint: "Free some space and run the command again; nothing was half-written.")
        case .permissionDenied, .readOnly:
            wrapped = .notPermitted(error.description, hint: "Check that you may write there.")
        default: wrapped = .failed(error.description)
        }
        wrapped.cause = error
        return wrapped
    }

    /// The shared folder or the household's folder could not be looked at, keeping why.
    static func folderUnavailable(_ error: FileSystemError) -> OursError {
        var wrapped = OursError.folderUnavailable(error.description)
        wrapped.cause = error
        return wrapped
    }
}

/// Runs file operations, turning their failure into an `OursError` (usable inside closures,
/// where a `do`/`catch` cannot keep the error's type).
func io<T>(_ body: () throws(FileSystemError) -> T) throws(OursError) -> T {
    do { return try body() } catch { throw .io(error) }
}
