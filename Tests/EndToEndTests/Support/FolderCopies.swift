import Foundation

/// Each device's own copy of the shared folder, and a two-way sync tool between them that keeps
/// both versions of a file changed on both sides (the newer at its name, the other as a
/// Syncthing-style conflict copy beside it), as Syncthing, Dropbox or Unison do. Devices that
/// have not synced act on what their own copy shows: two phones in two pockets.
final class FolderCopies {
    let world: World
    private(set) var paths: [String: String] = [:]
    /// What the tool last agreed with each pair of copies, by path relative to the copy.
    private var bases: [String: [String: Data]] = [:]
    private var conflictCount = 0

    init(_ world: World) { self.world = world }

    /// The copy of the shared folder a device uses (made on first use).
    func path(of device: SimulatedDevice) -> String {
        if let path = paths[device.name] { return path }
        let path = world.root + "/copy-" + device.name.lowercased()
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        paths[device.name] = path
        return path
    }

    /// Brings every copy to the same files: each pair in turn, twice, so a change travels
    /// through the others.
    func settle() {
        let names = paths.keys.sorted()
        for _ in 0..<2 {
            for (index, first) in names.enumerated() {
                for second in names.dropFirst(index + 1) { exchange(first, second) }
            }
        }
    }

    /// Carries one device's copy to another's, both ways.
    func exchange(_ first: SimulatedDevice, _ second: SimulatedDevice) {
        _ = path(of: first)
        _ = path(of: second)
        exchange(first.name, second.name)
    }

    private func exchange(_ first: String, _ second: String) {
        let (a, b) = (paths[first]!, paths[second]!)
        let key = first + "|" + second
        let base = bases[key] ?? [:]
        let filesA = Self.files(under: a)
        let filesB = Self.files(under: b)
        for path in Set(filesA.keys).union(filesB.keys).union(base.keys).sorted() {
            let (inA, inB, before) = (filesA[path], filesB[path], base[path])
            if inA == inB { continue }
            if inA == before {
                put(inB, at: path, in: a)
            } else if inB == before {
                put(inA, at: path, in: b)
            } else if let inA, let inB {
                // Changed on both sides: the newer keeps the name, the other becomes a copy.
                let aIsNewer = Self.modified(a + "/" + path) >= Self.modified(b + "/" + path)
                let (winner, loser) = aIsNewer ? (inA, inB) : (inB, inA)
                let copy = conflictName(path)
                for root in [a, b] {
                    put(winner, at: path, in: root)
                    put(loser, at: copy, in: root)
                }
            } else {
                // Deleted on one side, changed on the other: the change is kept.
                put(inA ?? inB, at: path, in: inA == nil ? a : b)
            }
        }
        bases[key] = Self.files(under: a)
    }

    private func conflictName(_ path: String) -> String {
        conflictCount += 1
        let name = (path as NSString).lastPathComponent
        let directory = (path as NSString).deletingLastPathComponent
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        let copy = "\(stem).sync-conflict-20261128-1200\(String(format: "%02d", conflictCount % 60))-TOOLXYZ.json"
        return directory.isEmpty ? copy : directory + "/" + copy
    }

    private func put(_ data: Data?, at path: String, in root: String) {
        let full = root + "/" + path
        guard let data else {
            try? FileManager.default.removeItem(atPath: full)
            return
        }
        let directory = (full as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try! data.write(to: URL(fileURLWithPath: full), options: .atomic)
    }

    /// Every regular file under a copy, by relative path; the engine's own temporary files are
    /// not carried.
    static func files(under root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let relative = walker.nextObject() as? String {
            guard walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
                !(relative as NSString).lastPathComponent.hasPrefix(".ours")
            else { continue }
            result[relative] = FileManager.default.contents(atPath: root + "/" + relative)
        }
        return result
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
