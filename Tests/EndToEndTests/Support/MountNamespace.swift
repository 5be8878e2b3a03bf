import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `ours` in a private mount namespace (`unshare --mount`), after shell commands
/// that change what it sees there and nowhere else: the shared folder bind-mounted read-only (a
/// NAS remounted `ro`), or a mount table of the test's own over the process's `mountinfo`.
///
/// As root the namespace is made directly; otherwise in a user namespace (`--map-root-user`),
/// or through passwordless `sudo`, with `setpriv` dropping back to this user's ids before `ours`
/// starts (CI runners that forbid unprivileged user namespaces), so its files stay ours.
struct MountNamespace: Sendable {
    /// What starts the namespace's shell (ends before the shell).
    let launcher: [String]
    /// What runs `ours` as this user again after the setup (sudo only).
    let dropPrivileges: [String]

    /// The way that works here, or why none does.
    static let probe: Result<MountNamespace, SyncthingPair.Failure> = {
        guard let unshare = NamespaceLauncher.executable("unshare") else {
            return .failure(.init("`unshare` is not installed (apt-get install util-linux)"))
        }
        var candidates: [MountNamespace] = []
        if getuid() == 0 { candidates.append(MountNamespace(launcher: [unshare, "--mount"], dropPrivileges: [])) }
        candidates.append(MountNamespace(launcher: [unshare, "--mount", "--map-root-user"], dropPrivileges: []))
        if getuid() != 0, let sudo = NamespaceLauncher.executable("sudo"), let setpriv = NamespaceLauncher.executable("setpriv") {
            candidates.append(
                MountNamespace(
                    launcher: [sudo, "-n", unshare, "--mount"],
                    dropPrivileges: [setpriv, "--reuid=\(getuid())", "--regid=\(getgid())", "--clear-groups"]))
        }
        for candidate in candidates where candidate.works() { return .success(candidate) }
        return .failure(
            .init("`unshare --mount` is not permitted here (not root, no unprivileged user namespaces, no passwordless sudo)"))
    }()

    /// Why the tests that need it cannot run here; `nil` when they can.
    static var unavailable: String? {
        if case .failure(let failure) = probe { return failure.description }
        return nil
    }

    /// Whether a suite that needs a mount namespace runs: always when `CI=true` (where it then
    /// fails with the reason if it cannot), elsewhere only where one can be made.
    static var runnable: Bool {
        guard let reason = unavailable else { return true }
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        print("Mount namespace tests skipped: \(reason). They are required when CI=true.")
        return false
    }

    /// Shell commands that make `folder` read-only in the namespace, as a remount would.
    static func readOnly(_ folder: String) -> String {
        let path = quoted(folder)
        return "mount --bind \(path) \(path) && mount -o remount,bind,ro \(path) \(path)"
    }

    /// Shell commands that show `file` to the process as its mount table (`$$` is the shell that
    /// becomes `ours`, so its own `/proc/PID/mountinfo` is covered).
    static func mountTable(_ file: String) -> String {
        "mount --bind \(quoted(file)) /proc/$$/mountinfo"
    }

    /// `device`, whose every `ours` runs in a fresh namespace after `setup`: a script named
    /// `name` in `directory` stands in for the binary.
    static func device(
        _ device: SimulatedDevice, setup: String, named name: String, in directory: String
    ) throws
        -> SimulatedDevice
    {
        let namespace = try probe.get()
        let setupFile = directory + "/" + name + ".setup.sh"
        try (setup + "\n").write(toFile: setupFile, atomically: true, encoding: .utf8)
        var environment = ["OURS_HOME": device.home, "NO_COLOR": "1"]
        for (key, value) in device.environment { environment[key] = value }
        // sudo starts with a clean environment: what the device runs with goes along by `env`.
        let carried =
            namespace.dropPrivileges.isEmpty
            ? [] : ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let words =
            namespace.launcher + ["--", "/bin/sh", "-c", #"setup=$1; shift; . "$setup" && exec "$@""#, "sh", setupFile]
            + namespace.dropPrivileges + carried + [device.binary.path]
        let script = "#!/bin/sh\nexec " + words.map(quoted).joined(separator: " ") + " \"$@\"\n"
        let scriptFile = directory + "/" + name
        try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        guard chmod(scriptFile, 0o755) == 0 else { throw SyncthingPair.Failure("cannot make \(scriptFile) executable") }
        var wrapped = device
        wrapped.binary = URL(fileURLWithPath: scriptFile)
        return wrapped
    }

    /// A word for `sh`, single-quoted.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Whether a folder can be made read-only in a namespace made this way.
    private func works() -> Bool {
        let folder = FileManager.default.temporaryDirectory.path + "/ours-mount-probe-" + UUID().uuidString.prefix(8)
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            return false
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: launcher[0])
        probe.arguments = Array(launcher.dropFirst()) + ["--", "/bin/sh", "-c", Self.readOnly(folder)]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}
