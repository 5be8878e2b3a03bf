import Dispatch
import Testing

/// Threads of the tests' own, outside Swift's cooperative pool.
///
/// The watcher tests wait on clocks and feeds in real time, while other suites run synchronous
/// tests (processes, big folders) that each hold a thread of the cooperative pool for seconds:
/// on a two-core machine the pool can be busy for minutes, and a watcher test that needs the
/// pool would starve and time out. Tasks that prefer this executor run on a Dispatch queue,
/// whose threads are not the pool's.
enum TestThreads {
    /// Runs `body` on the tests' threads (where the platform offers task executors).
    static func run<T>(_ body: () async throws -> T) async throws -> T {
        if #available(macOS 15, iOS 18, *) {
            return try await withTaskExecutorPreference(QueueTaskExecutor.shared) { try await body() }
        }
        return try await body()
    }

    /// An unstructured task that runs on the tests' threads.
    static func task<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        if #available(macOS 15, iOS 18, *) {
            return Task(executorPreference: QueueTaskExecutor.shared) { try await body() }
        }
        return Task { try await body() }
    }
}

@available(macOS 15, iOS 18, *)
final class QueueTaskExecutor: TaskExecutor {
    static let shared = QueueTaskExecutor()

    private let queue = DispatchQueue(label: "ours.tests.threads", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
