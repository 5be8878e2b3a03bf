import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How this machine can start a shell in a private network namespace (`unshare --net`): as
/// root; as anyone, in a user namespace (`--map-root-user`); or through passwordless `sudo`
/// (CI runners that forbid unprivileged user namespaces), in which case whatever the shell
/// starts must drop back to this user's ids with `setpriv`, so the files it writes are ours.
struct NamespaceLauncher: Sendable {
    /// The command that runs what follows it in the namespace (ends before `--`).
    let command: [String]
    /// `setpriv --reuid=… --regid=… --clear-groups` when the shell runs as root through sudo.
    let dropPrivileges: [String]
    let throughSudo: Bool

    /// The launcher that works here, or why none does.
    static let probe: Result<NamespaceLauncher, SyncthingPair.Failure> = {
        for tool in ["syncthing", "unshare", "ip"] where executable(tool) == nil {
            return .failure(.init("`\(tool)` is not installed (apt-get install syncthing util-linux iproute2)"))
        }
        let unshare = executable("unshare")!
        var candidates: [NamespaceLauncher] = []
        if getuid() == 0 {
            candidates.append(NamespaceLauncher(command: [unshare, "--net"], dropPrivileges: [], throughSudo: false))
        }
        candidates.append(
            NamespaceLauncher(command: [unshare, "--net", "--map-root-user"], dropPrivileges: [], throughSudo: false))
        if getuid() != 0, let sudo = executable("sudo"), let setpriv = executable("setpriv") {
            candidates.append(
                NamespaceLauncher(
                    command: [sudo, "-n", unshare, "--net"],
                    dropPrivileges: [setpriv, "--reuid=\(getuid())", "--regid=\(getgid())", "--clear-groups"], throughSudo: true))
        }
        for candidate in candidates where candidate.works() { return .success(candidate) }
        return .failure(
            .init("`unshare --net` is not permitted here (not root, no unprivileged user namespaces, no passwordless sudo)"))
    }()

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether loopback can be brought up in a namespace made this way.
    private func works() -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: command[0])
        probe.arguments = Array(command.dropFirst()) + ["--", Self.executable("ip")!, "link", "set", "lo", "up"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// A process that runs `arguments` in a fresh namespace with `environment` added (through
    /// `env` when sudo would otherwise drop it).
    func process(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        var full = ProcessInfo.processInfo.environment
        for (key, value) in environment { full[key] = value }
        if throughSudo {
            let env =
                ["env"]
                + full.filter { ["PATH", "HOME", "STNORESTART", "STNOUPGRADE"].contains($0.key) }.map { "\($0.key)=\($0.value)" }
            process.arguments = ["-n"] + env + Array(command.dropFirst(2)) + ["--"] + arguments
        } else {
            process.arguments = Array(command.dropFirst()) + ["--"] + arguments
            process.environment = full
        }
        return process
    }
}
