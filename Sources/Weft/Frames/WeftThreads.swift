import Foundation
import Synchronization

/// How many threads Weft composites and encodes frames with, and how wide the shared display
/// queue is: the `WEFT_THREADS` environment variable, or this API, so that a CI runner or a
/// benchmark can pin it. The default is one per active core.
///
/// `count` is read by each frame-writing call (`writeFrames`), which also takes its own
/// `threads:` argument; `DisplayQueue.shared` reads it once, when it is first used. A
/// `WEFT_THREADS` that is not a whole number from 1 to `WeftLimits.maximumThreads` is reported
/// (a `WeftDiagnostic` naming the value) and the default used instead.
/// Sendable; use from any context (the setting is behind a mutex).
public enum WeftThreads {
    /// The environment variable read for the default.
    public static let environmentVariable = "WEFT_THREADS"

    private static let setting = Mutex<Int?>(nil)

    /// The thread count in force: the last `setCount(_:)`, else `WEFT_THREADS`, else the active cores.
    public static var count: Int { setting.withLock { $0 } ?? environmentCount }

    /// Sets the thread count for every later frame-writing call; throws
    /// `OutputError.invalidThreadCount` (naming `count`) outside 1…`WeftLimits.maximumThreads`.
    public static func setCount(_ count: Int) throws(OutputError) {
        try validate(count)
        setting.withLock { $0 = count }
    }

    /// Goes back to `WEFT_THREADS`, or the active cores.
    public static func resetCount() {
        setting.withLock { $0 = nil }
    }

    /// Throws unless `count` is 1…`WeftLimits.maximumThreads`.
    public static func validate(_ count: Int) throws(OutputError) {
        guard (1...WeftLimits.maximumThreads).contains(count) else { throw .invalidThreadCount(String(count)) }
    }

    /// One per active core.
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `WEFT_THREADS` read once per process; an invalid value is reported then.
    static let environmentCount: Int = {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable] else { return coreCount }
        switch parse(text) {
        case .success(let count):
            return count
        case .failure(let error):
            WeftDiagnostics.report(.output, environmentVariable, "\(error); using \(coreCount) (one per active core)")
            return coreCount
        }
    }()

    /// A thread count written as text (`WEFT_THREADS`, a command-line option): a whole number from
    /// 1 to `WeftLimits.maximumThreads`, spaces around it allowed.
    public static func parse(_ text: String) -> Result<Int, OutputError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let count = Int(trimmed), (1...WeftLimits.maximumThreads).contains(count) else {
            return .failure(.invalidThreadCount(text))
        }
        return .success(count)
    }
}
