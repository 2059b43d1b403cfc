import Foundation
import Synchronization

/// The last render failure of a `.weftImage` snapshot, handed from the snapshot closure (which
/// cannot throw) to the diff that reports it. Owned by its mutex; use from any context.
enum RenderFailures {
    private static let last = Mutex<String?>(nil)
    static func record(_ message: String) { last.withLock { $0 = message } }
    static func take() -> String? { last.withLock { value in defer { value = nil }; return value } }
}
