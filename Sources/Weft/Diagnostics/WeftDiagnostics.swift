import Foundation
import Synchronization

/// Where `WeftDiagnostic`s go: standard error by default (one line each), and every observer.
///
/// Reports come from any thread (layout and drawing run on background queues), so observers must
/// be `@Sendable` and quick. Tests observe, filter by subject, and stop observing.
/// Sendable; use from any context. The observer table is owned by its mutex.
public enum WeftDiagnostics {
    private struct Observers {
        var next = 0
        var handlers: [Int: @Sendable (WeftDiagnostic) -> Void] = [:]
        var printsToStandardError = true
    }

    private static let observers = Mutex(Observers())

    /// Whether diagnostics are printed to standard error; true by default.
    public static var printsToStandardError: Bool {
        get { observers.withLock { $0.printsToStandardError } }
        set { observers.withLock { $0.printsToStandardError = newValue } }
    }

    /// Calls `handler` with every diagnostic reported until the token is cancelled.
    public static func observe(_ handler: @escaping @Sendable (WeftDiagnostic) -> Void) -> Observation {
        let id = observers.withLock { o -> Int in
            o.next += 1
            o.handlers[o.next] = handler
            return o.next
        }
        return Observation(id: id)
    }

    /// Runs `body` and returns what it returned with every diagnostic reported meanwhile, from any
    /// thread, whose subject or message contains `matching` (all of them when nil).
    public static func collect<T>(matching: String? = nil, _ body: () throws -> T) rethrows -> (T, [WeftDiagnostic]) {
        let seen = Mutex<[WeftDiagnostic]>([])
        let observation = observe { diagnostic in
            if let matching, !diagnostic.subject.contains(matching), !diagnostic.message.contains(matching) { return }
            seen.withLock { $0.append(diagnostic) }
        }
        defer { observation.cancel() }
        let result = try body()
        return (result, seen.withLock { $0 })
    }

    /// Reports a repair: prints it and tells the observers.
    public static func report(_ diagnostic: WeftDiagnostic) {
        let (handlers, prints) = observers.withLock { (Array($0.handlers.values), $0.printsToStandardError) }
        if prints { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
        for handler in handlers { handler(diagnostic) }
    }

    static func report(_ area: WeftDiagnostic.Area, _ subject: String, _ message: String) {
        report(WeftDiagnostic(area: area, subject: subject, message: message))
    }

    /// A registered observer; `cancel()` stops it.
    public struct Observation: Sendable {
        let id: Int
        public func cancel() { _ = WeftDiagnostics.observers.withLock { $0.handlers.removeValue(forKey: id) } }
    }
}
