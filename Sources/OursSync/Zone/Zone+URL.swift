import Foundation

// Places as URLs, for apps that hold file URLs (a document picker's, a security-scoped
// bookmark's): each call takes the URL's path and does what its path-taking twin does.

extension Device {
    /// A device whose state directory is at `home`, a file URL.
    public convenience init(home: URL, fileSystem: any FileSystem = LocalFileSystem(), clock: any WallClock = SystemWallClock()) {
        self.init(home: home.path, fileSystem: fileSystem, clock: clock)
    }

    /// `createZone(name:folder:)` with the shared folder as a file URL.
    public func createZone(name: String, folder: URL) throws(OursError) -> Zone {
        try createZone(name: name, folder: folder.path)
    }

    /// `join(code:folder:name:progress:)` with the shared folder as a file URL.
    public func join(
        code: String, folder: URL, name: String? = nil, progress: SyncProgressHandler? = nil
    ) throws(OursError) -> JoinResult {
        try join(code: code, folder: folder.path, name: name, progress: progress)
    }
}

extension Zone {
    /// The household's folder inside the shared folder; `nil` for private data.
    public var folderURL: URL? { layout.map { URL(fileURLWithPath: $0.zone, isDirectory: true) } }
}
