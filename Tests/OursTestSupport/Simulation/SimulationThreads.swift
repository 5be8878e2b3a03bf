import Foundation

/// Where simulator seeds run: on threads of their own, as many at once as the machine has
/// cores, never on Swift's cooperative pool. A seed computes for seconds without suspending;
/// on a two-core machine two of them would hold every pooled thread, and a test elsewhere that
/// awaits a watcher's events would wait behind them for minutes (a timeout, not a bug).
public enum SimulationThreads {
    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "ours.simulation"
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        queue.qualityOfService = .utility
        return queue
    }()

    /// Runs `body` on the simulation threads; the awaiting task holds no pooled thread meanwhile.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.addOperation { continuation.resume(returning: body()) }
        }
    }
}
