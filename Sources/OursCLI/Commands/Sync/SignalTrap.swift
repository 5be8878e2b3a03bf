import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns signals into a call while a long command runs, through Dispatch rather than a C
/// handler, so the call may take locks and talk to tasks.
final class SignalTrap {
    private let numbers: [Int32]
    private var sources: [any DispatchSourceSignal] = []

    init(_ numbers: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        for number in numbers {
            signal(number, SIG_IGN)  // else the default action ends the process before Dispatch sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
        sources = []
    }
}
