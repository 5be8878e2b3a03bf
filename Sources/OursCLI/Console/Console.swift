import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the command writes, and what it knows about the terminal. Passed in, so tests run
/// commands in-process and read what they printed.
public final class Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    private let readInput: @Sendable () -> [UInt8]
    /// Whether standard output is a terminal (colour, tables).
    public let isTerminal: Bool
    /// Whether standard error is a terminal (progress lines).
    public let errorIsTerminal: Bool

    public init(
        isTerminal: Bool = false, errorIsTerminal: Bool = false, out: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void, input: @escaping @Sendable () -> [UInt8] = { [] }
    ) {
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
        self.writeOut = out
        self.writeError = error
        self.readInput = input
    }

    /// The process's standard streams.
    public static func standard() -> Console {
        Console(
            isTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
            out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            error: { text in FileHandle.standardError.write(Data(text.utf8)) },
            input: { Array(FileHandle.standardInput.readDataToEndOfFile()) })
    }

    public func out(_ text: String) { writeOut(text) }
    public func error(_ text: String) { writeError(text) }
    public func standardInput() -> [UInt8] { readInput() }
}

/// A console that keeps what was written, for tests and for the demo's transcript.
public final class CapturingConsole: Sendable {
    public let console: Console

    public init(input: [UInt8] = []) {
        let out = Locked("")
        let error = Locked("")
        self.console = Console(
            out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } },
            input: { input })
        outBox = out
        errorBox = error
    }

    private let outBox: Locked<String>
    private let errorBox: Locked<String>

    public var output: String { outBox.current }
    public var errorOutput: String { errorBox.current }
}
