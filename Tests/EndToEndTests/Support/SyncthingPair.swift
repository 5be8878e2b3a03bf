import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two real Syncthing instances keeping folder A and folder B in sync, safely: both run in a
/// private network namespace (`unshare --net`) holding only a loopback interface, talk to each
/// other on 127.0.0.1 only, with global and local discovery, relays, NAT traversal, STUN,
/// usage and crash reporting and upgrades switched off. Their REST APIs listen on Unix sockets
/// in the work folder, which the test reaches from outside the namespace. File watching is off
/// and the periodic rescan is an hour away: an instance learns of a change only when the test
/// asks it to scan, so both sides can change one file before either hears of the other's.
///
/// The instances are children of one shell that waits on its standard input: closing it (in
/// `stop()`, or by the test process dying) makes the shell stop them by their pids. Only
/// processes this harness started are ever signalled.
final class SyncthingPair: @unchecked Sendable {
    static let folderID = "ours"

    /// Why the pair cannot run here, or `nil` when it can.
    static var unavailable: String? {
        if case .failure(let failure) = NamespaceLauncher.probe { return failure.description }
        return nil
    }

    let work: String
    let folders: [String]
    private(set) var deviceIDs: [String] = []
    private let apiKey = "ours-test-" + UUID().uuidString.prefix(8)
    private var shell: Process?
    private var input: Pipe?
    private(set) var pids: [pid_t] = []

    /// Starts both instances and waits until they are connected.
    /// - Parameter folders: folder A and folder B (created if needed).
    init(work: String, folders: [String]) throws {
        self.work = work
        self.folders = folders
        let launcher = try NamespaceLauncher.probe.get()
        let syncthing = NamespaceLauncher.executable("syncthing")!
        for (index, folder) in folders.enumerated() {
            try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
            let home = self.home(index)
            try run(syncthing, ["generate", "--home=" + home, "--no-default-folder", "--skip-port-probing"])
            deviceIDs.append(
                try run(syncthing, ["serve", "--home=" + home, "--device-id"]).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        for index in 0..<2 {
            try Data(config(index).utf8).write(to: URL(fileURLWithPath: home(index) + "/config.xml"))
        }
        try start(syncthing, launcher)
        try connect()
    }

    deinit { stop() }

    func home(_ index: Int) -> String { work + "/syncthing-" + "ab".map(String.init)[index] }
    func socket(_ index: Int) -> String { work + "/" + "ab".map(String.init)[index] + ".sock" }

    private func connect() throws {
        try wait("the two instances to connect", timeout: 60) { try self.connected() }
    }

    private func config(_ index: Int) -> String {
        let me = deviceIDs[index]
        let peer = deviceIDs[1 - index]
        return """
            <configuration version="36">
              <folder id="\(Self.folderID)" label="Ours" path="\(folders[index])" type="sendreceive" rescanIntervalS="3600"
                      fsWatcherEnabled="false" ignorePerms="false" autoNormalize="true">
                <filesystemType>basic</filesystemType>
                <device id="\(me)"></device><device id="\(peer)"></device>
                <minDiskFree unit="%">0</minDiskFree><maxConflicts>-1</maxConflicts><markerName>.stfolder</markerName>
              </folder>
              <device id="\(me)" name="\(index == 0 ? "A" : "B")" compression="metadata" introducer="false"><address>dynamic</address></device>
              <device id="\(peer)" name="\(index == 0 ? "B" : "A")" compression="metadata" introducer="false">
                <address>tcp://127.0.0.1:\(22002 - index)</address>
              </device>
              <gui enabled="true" tls="false"><address>\(socket(index))</address><apikey>\(apiKey)</apikey></gui>
              <options>
                <listenAddress>tcp://127.0.0.1:\(22001 + index)</listenAddress>
                <globalAnnounceEnabled>false</globalAnnounceEnabled><localAnnounceEnabled>false</localAnnounceEnabled>
                <relaysEnabled>false</relaysEnabled><natEnabled>false</natEnabled><startBrowser>false</startBrowser>
                <urAccepted>-1</urAccepted><autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                <crashReportingEnabled>false</crashReportingEnabled><stunKeepaliveStartS>0</stunKeepaliveStartS>
                <stunServer></stunServer><announceLANAddresses>false</announceLANAddresses>
                <reconnectionIntervalS>1</reconnectionIntervalS><setLowPriority>false</setLowPriority>
              </options>
            </configuration>
            """
    }

    /// The shell in the namespace: brings loopback up, starts B and, once B is up, A (so that
    /// A's first dial finds B listening: a failed dial is retried only twenty seconds later),
    /// prints their pids, and stops them when its standard input closes.
    private func start(_ syncthing: String, _ launcher: NamespaceLauncher) throws {
        let script = """
            "$2" link set lo up || exit 97
            drop=$6
            st() { exec $drop "$@"; }
            st "$1" serve --home="$4" --no-browser --no-restart --no-upgrade >"$4/log" 2>&1 &
            b=$!
            i=0
            while [ ! -S "$5" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
            st "$1" serve --home="$3" --no-browser --no-restart --no-upgrade >"$3/log" 2>&1 &
            a=$!
            echo "$a $b"
            read -r _
            kill "$a" "$b" 2>/dev/null
            wait
            """
        let drop = launcher.dropPrivileges.isEmpty ? "" : (launcher.dropPrivileges + ["--"]).joined(separator: " ")
        let process = launcher.process(
            ["/bin/sh", "-c", script, "sh", syncthing, NamespaceLauncher.executable("ip")!, home(0), home(1), socket(1), drop],
            environment: ["STNORESTART": "1", "STNOUPGRADE": "1", "HOME": work])
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        shell = process
        self.input = input
        var line = Data()
        let deadline = Date().addingTimeInterval(20)
        while !line.contains(0x0A), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        pids = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        guard pids.count == 2 else {
            throw Failure("Syncthing did not start (shell said \"\(String(decoding: line, as: UTF8.self))\")")
        }
    }

    /// Stops both instances (idempotent): closes the shell's input, then waits; anything still
    /// running after 10 seconds is killed by its pid.
    func stop() {
        guard let shell else { return }
        self.shell = nil
        let stopping = Date()
        defer {
            let took = Date().timeIntervalSince(stopping)
            if took > 5 { print(String(format: "Syncthing took %.1f s to stop", took)) }
        }
        try? input?.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while shell.isRunning, Date() < deadline { usleep(20_000) }
        if shell.isRunning {
            // Each instance is a monitor process and its child: kill both, by pid.
            for pid in pids where pid > 1 {
                for child in Self.children(of: pid) where child > 1 { kill(child, SIGKILL) }
                kill(pid, SIGKILL)
            }
            kill(shell.processIdentifier, SIGKILL)
        }
        shell.waitUntilExit()
    }

    /// The children of a process this harness started (Linux: /proc/PID/task/*/children).
    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    // MARK: - REST

    @discardableResult
    func api(_ index: Int, _ method: String = "GET", _ target: String, body object: [String: Any]? = nil) throws -> Any? {
        let (status, body) = try UnixSocketHTTP.request(
            socket: socket(index), method: method, target: target, headers: ["X-API-Key": apiKey],
            body: try object.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data())
        guard status == 200 else {
            throw Failure(
                "\(method) \(target) on \(index == 0 ? "A" : "B"): HTTP \(status) \(String(decoding: body, as: UTF8.self))")
        }
        return body.isEmpty ? nil : try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }

    func connected() throws -> Bool {
        let connections = try api(0, "GET", "/rest/system/connections") as? [String: Any]
        let peer = (connections?["connections"] as? [String: Any])?[deviceIDs[1]] as? [String: Any]
        return peer?["connected"] as? Bool ?? false
    }

    /// Asks both instances to look at their folder now (returns when the scans are done).
    func scan() throws {
        for index in 0..<2 { try api(index, "POST", "/rest/db/scan?folder=\(Self.folderID)") }
    }

    /// Scans both folders, then waits until both instances are idle with nothing left to pull
    /// and the two folders hold exactly the same files: what a person would call "synced".
    func waitUntilInSync(timeout: Double = 45) throws {
        // A folder that is still starting may refuse a scan at first.
        try wait("both folders to scan", timeout: timeout) { (try? self.scan()) != nil }
        var stableSince: Date?
        try wait("the folders to be in sync", timeout: timeout) {
            guard try self.idle(0), try self.idle(1), Self.tree(self.folders[0]) == Self.tree(self.folders[1]) else {
                stableSince = nil
                return false
            }
            stableSince = stableSince ?? Date()
            return Date().timeIntervalSince(stableSince!) > 0.6
        }
    }

    private func idle(_ index: Int) throws -> Bool {
        let status = try api(index, "GET", "/rest/db/status?folder=\(Self.folderID)") as? [String: Any] ?? [:]
        let completion =
            try api(index, "GET", "/rest/db/completion?folder=\(Self.folderID)&device=\(deviceIDs[1 - index])")
            as? [String: Any] ?? [:]
        return status["state"] as? String == "idle" && status["needTotalItems"] as? Int == 0
            && (completion["completion"] as? Double ?? 0) >= 100 && (completion["needItems"] as? Int ?? 0) == 0
    }

    /// Every file and folder under `folder` with its bytes, leaving out Syncthing's own.
    static func tree(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if relative.hasPrefix(".stfolder") || relative.hasPrefix(".stversions") || name.hasPrefix(".syncthing.")
                || name.hasPrefix("~syncthing~")
            {
                continue
            }
            let isFile = enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeRegular
            result[relative] = isFile ? FileManager.default.contents(atPath: folder + "/" + relative) ?? Data() : Data("dir".utf8)
        }
        return result
    }

    /// The last lines of both instances' logs, for a failure message.
    func logs() -> String {
        (0..<2).map { index in
            let log = (try? String(contentsOfFile: home(index) + "/log", encoding: .utf8)) ?? ""
            return "--- Syncthing \(index == 0 ? "A" : "B")\n" + log.split(separator: "\n").suffix(15).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    private func wait(_ what: String, timeout: Double, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var lastError: (any Error)?
        while Date() < deadline {
            do {
                if try condition() { return }
            } catch { lastError = error }
            usleep(150_000)
        }
        throw Failure(
            "timed out after \(Int(timeout)) s waiting for \(what)\(lastError.map { " (last error: \($0))" } ?? "")\n\(logs())")
    }

    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = work
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("syncthing \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
