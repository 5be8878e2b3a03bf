import Foundation
import OursSync
import Testing

/// One household with every hostile record file in its `records/` folder at once, synced by
/// two devices running the real binary, while they go on editing good records. Run once and
/// shared by every case of `HostileRecordFilesTests`.
struct RecordsOutcome: Sendable {
    var zoneName: String
    /// Every run of `ours`, in order.
    var runs: [MeasuredRun]
    /// The last full passes: Sarah's and Mike's `sync --json`, Mike's `doctor --json`.
    var sarahSync: MeasuredRun
    var mikeSync: MeasuredRun
    var mikeDoctor: MeasuredRun
    /// What each case's file was when placed and after every pass (by case name).
    var before: [String: Entry]
    var after: [String: Entry]
    /// Where each case was placed, relative to the household folder (as problems show it).
    var placed: [String: String]
    /// `record list item --json` of each device at the end.
    var sarahItems: [[String: String]]
    var mikeItems: [[String: String]]
    /// Canonical record files at the end (relative to `records/`) and their text.
    var canonical: [String: String]
    /// Every name under `records/` at the end.
    var names: [String]
    var outsideBefore: [String: String]
    var outsideAfter: [String: String]
    /// The record written through a shard folder that is a link out of the shared folder.
    var linkedShardRecord: String
}

enum RecordsScenario {
    /// Cases made at test time (links, pipes, non-UTF-8 names, 50 MB files, forbidden names).
    static let runtime: [HostileCase] = {
        func make(_ file: String, _ expectation: HostileExpectation) -> HostileCase {
            HostileCase(file: file, expectation: expectation, placement: .runtime)
        }
        let windowsNames = [
            "CON.json", "aux.json", "nul.json", "com1.json", "LPT9.json", "a<b>.json", "a:b.json",
            "a\"b.json", "a|b.json", "a?b.json", "a*b.json", "back\\slash.json",
        ]
        return [
            make("big-50mb.json", .reported("brokenFile", positioned: false)),
            make("over-limit-by-one-byte.json", .reported("brokenFile", positioned: false)),
            make("link-to-outside-file.json", .reported("symlink", positioned: false)),
            make("link-as-type-folder", .reported("symlink", positioned: false)),
            make("link-as-shard-folder", .reported("symlink", positioned: false)),
            make("fifo.json", .reported("unreadableFile", positioned: false)),
            make("not-utf8-name.json", .reported("unreadableFile", positioned: false)),
            make("not-utf8-folder", .reported("unreadableFile", positioned: false)),
            make("folder-named-like-a-record.json", .ignored),
            make("directory-at-a-record-path", .reported("writeFailed", positioned: false)),
            make("trailing-dot.json.", .ignored),
            make("trailing-space.json ", .ignored),
        ] + windowsNames.map { make($0, .adoptedPortably(name: "Windows " + $0)) }
    }()

    static let rawName: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".json".utf8)  // Latin-1 "café.json"
    static let rawFolder: [UInt8] = [0xFF, 0xFE, 0x2E, 0x2E]

    static func run() throws -> RecordsOutcome {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#)
        try sarah.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs", "qty": 6}"#)
        try sarah.ok("record", "put", "item", "butter", "--fields", #"{"name": "Butter"}"#)
        try mike.ok("sync")
        let outside = OutsideMarker(root: world.root)
        outside.addHousehold(copyOf: world.zone)

        var placed: [String: String] = [:]
        for hostile in HostileCorpus.records {
            let path = world.hostileRecordPath(hostile.file)
            world.write(path, hostile.bytes)
            placed[hostile.file] = relative(path, world)
        }
        for hostile in runtime where hostile.file != "link-as-shard-folder" {
            placed[hostile.file] = relative(place(hostile.file, world: world, outside: outside, spare: ""), world)
        }
        // Last, so nothing else lands in it: a shard folder that is a link out of the shared
        // folder, where the record `spare` will be written.
        let records = world.zone + "/records"
        let shards = Set((try? FileManager.default.contentsOfDirectory(atPath: records + "/item")) ?? [])
        let spare = (0...).lazy.map { "spare-\($0)" }.first { !shards.contains(ZoneLayout.shard(of: $0)) }!
        placed["link-as-shard-folder"] = relative(
            place("link-as-shard-folder", world: world, outside: outside, spare: spare), world)
        placed["not-utf8-name.json"] = relative(world.hostileRecordPath("not-utf8-name.json"), world)
            .replacingOccurrences(of: "not-utf8-name.json", with: "caf\u{FFFD}.json")
        placed["not-utf8-folder"] = "records/item/\u{FFFD}\u{FFFD}.."
        let before = entries(placed, world: world)
        outside.arm()
        let outsideBefore = outside.snapshot()

        var runs: [MeasuredRun] = []
        func run(_ device: SimulatedDevice, _ arguments: String...) throws -> MeasuredRun {
            let result = try device.measured(arguments: arguments)
            runs.append(result)
            return result
        }
        _ = try run(sarah, "sync", "--json")
        _ = try run(mike, "sync", "--json")
        _ = try run(sarah, "record", "put", "item", "eggs", "--fields", #"{"qty": 12}"#)
        _ = try run(mike, "record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        _ = try run(sarah, "record", "put", "item", spare, "--fields", #"{"name": "Through a link"}"#)
        _ = try run(sarah, "sync", "--json")
        _ = try run(mike, "sync", "--json")
        let sarahSync = try run(sarah, "sync", "--json")
        let mikeSync = try run(mike, "sync", "--json")
        let mikeDoctor = try run(mike, "doctor", "--json")
        let sarahItems = try run(sarah, "record", "list", "item", "--json")
        let mikeItems = try run(mike, "record", "list", "item", "--json")
        let outsideAfter = outside.snapshot()

        var canonical: [String: String] = [:]
        for name in world.files(under: records) {
            guard let key = try? RecordKey(type: "item", id: String(lastComponent(name).dropLast(5))),
                name == ZoneLayout.relativePath(of: key)
            else { continue }
            canonical[name] = world.text(records + "/" + name)
        }
        return RecordsOutcome(
            zoneName: world.zoneName, runs: runs, sarahSync: sarahSync, mikeSync: mikeSync, mikeDoctor: mikeDoctor,
            before: before, after: entries(placed, world: world), placed: placed, sarahItems: items(sarahItems),
            mikeItems: items(mikeItems), canonical: canonical,
            names: (FileManager.default.subpaths(atPath: records) ?? []).sorted(),
            outsideBefore: outsideBefore, outsideAfter: outsideAfter, linkedShardRecord: spare)
    }

    /// Puts one runtime case in place; returns its path.
    static func place(_ file: String, world: World, outside: OutsideMarker, spare: String) -> String {
        let path = world.hostileRecordPath(file)
        let records = world.zone + "/records"
        switch file {
        case "big-50mb.json": HostileMaker.bigRecord(path, size: 50 * 1024 * 1024)
        case "over-limit-by-one-byte.json": HostileMaker.bigRecord(path, size: RecordFile.maximumSize + 1)
        case "link-to-outside-file.json": HostileMaker.link(path, to: outside.path + "/secret.json")
        case "link-as-type-folder":
            HostileMaker.link(records + "/stolen", to: outside.path + "/dir")
            return records + "/stolen"
        case "link-as-shard-folder":
            let shard = records + "/item/" + ZoneLayout.shard(of: spare)
            HostileMaker.link(shard, to: outside.path + "/dir")
            return shard
        case "fifo.json": HostileMaker.fifo(path)
        case "not-utf8-name.json":
            HostileMaker.file(in: parentPath(path), rawName: rawName, contents: Array(#"{"name": "Café"}"#.utf8))
        case "not-utf8-folder": HostileMaker.directory(in: records + "/item", rawName: rawFolder)
        case "folder-named-like-a-record.json":
            try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "directory-at-a-record-path":
            let butter = world.recordPath(type: "item", id: "butter")
            world.remove(butter)
            try! FileManager.default.createDirectory(atPath: butter, withIntermediateDirectories: true)
            return butter
        case "trailing-dot.json.", "trailing-space.json ":
            world.write(path, world.text(world.recordPath(type: "item", id: "milk")))
        default:
            world.write(
                path,
                #"{"name": "Windows \#(file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"}"#
            )
        }
        return path
    }

    static func relative(_ path: String, _ world: World) -> String { String(path.dropFirst(world.zone.count + 1)) }

    static func entries(_ placed: [String: String], world: World) -> [String: Entry] {
        var result: [String: Entry] = [:]
        for (file, relative) in placed { result[file] = Entry.at(world.zone + "/" + relative) }
        let directory = parentPath(world.hostileRecordPath("not-utf8-name.json"))
        result["not-utf8-name.json"] = HostileMaker.contents(in: directory, rawName: rawName).map { .file($0) } ?? .missing
        result["not-utf8-folder"] =
            HostileMaker.isDirectory(in: world.zone + "/records/item", rawName: rawFolder) ? .directory([]) : .missing
        return result
    }

    /// `record list --json` as id and name of each record (read with the engine's own parser:
    /// Foundation's refuses a number such as `1e999999`).
    static func items(_ run: MeasuredRun) -> [[String: String]] {
        let list = (try? JSONParser.parse(run.stdout))?.arrayValue ?? []
        return list.map { record in
            ["id": record["_ours"]?["id"]?.stringValue ?? "", "name": record["name"]?.stringValue ?? ""]
        }
    }
}
