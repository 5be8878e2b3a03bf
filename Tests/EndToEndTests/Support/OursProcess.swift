import Foundation
import OursSync

/// The built `ours` binary, run as a separate process — as people and scripts run it.
enum OursBinary {
    /// The binary beside the test bundle (SwiftPM builds every product before testing).
    static let url: URL = {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        if directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
        let candidate = directory.appendingPathComponent("ours")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/ours")
    }()
}

/// What one run of `ours` did.
struct RunResult: CustomStringConvertible {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    /// Standard output parsed as JSON (for `--json` runs).
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
}

/// One simulated device: its own state directory, running the real binary.
struct SimulatedDevice {
    let name: String
    let home: String
    var environment: [String: String] = [:]
    /// The build this device runs: this one, or the previous version's (`PreviousBuild`).
    var binary: URL = OursBinary.url

    /// Runs `ours` with `arguments`; standard input from `input`.
    @discardableResult
    func run(_ arguments: String..., input: String? = nil) throws -> RunResult {
        try run(arguments: arguments, input: input)
    }

    /// `ours` with `arguments`, set up to run as this device (not started).
    func process(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["OURS_HOME"] = home
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return process
    }

    /// Runs `ours`; in `directory` when given (for examples that name files there).
    func run(arguments: [String], input: String? = nil, in directory: String? = nil) throws -> RunResult {
        let process = process(arguments)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(
            exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A shared folder and devices around it, in a temporary directory removed afterwards.
final class World {
    let root: String
    let shared: String

    init() {
        root = FileManager.default.temporaryDirectory.path + "/ours-e2e-" + UUID().uuidString.prefix(8)
        shared = root + "/shared"
        try! FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func device(_ name: String, binary: URL = OursBinary.url) throws -> SimulatedDevice {
        let device = SimulatedDevice(name: name, home: root + "/home-" + name.lowercased(), binary: binary)
        let result = try device.run("init", "--name", name)
        precondition(result.exitCode == 0, "init failed: \(result)")
        return device
    }

    /// The household's folder inside the shared folder.
    var zone: String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? []
        return shared + "/" + (entries.first { $0 != "codes" && !$0.hasPrefix(".") } ?? "missing")
    }

    /// Sarah creates a household and everyone else joins with the given code kinds.
    func household(
        owner: String = "Sarah", members: [(String, readOnly: Bool)] = [("Mike", false)]
    ) throws
        -> [SimulatedDevice]
    {
        let owner = try device(owner)
        let created = try owner.run("household", "create", "Home", "--folder", shared, "--json")
        precondition(created.exitCode == 0, "create failed: \(created)")
        var devices = [owner]
        for (name, readOnly) in members {
            let invite = try readOnly ? owner.run("invite", "--read-only", "--json") : owner.run("invite", "--json")
            let code = invite.object["code"] as? String ?? ""
            let member = try device(name)
            let joined = try member.run("join", code, "--folder", shared, "--json")
            precondition(joined.exitCode == 0, "join failed: \(joined)")
            devices.append(member)
        }
        return devices
    }

    /// The path of a record's file in the folder.
    func recordPath(type: String, id: String) -> String {
        zone + "/records/" + ZoneLayout.relativePath(of: try! RecordKey(type: type, id: id))
    }
}
