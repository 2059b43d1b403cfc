import CWeft
import Foundation

/// Turns GLib log messages from pango and GLib (criticals and warnings) into `WeftDiagnostic`s.
///
/// Weft checks every value before it reaches pango, so none should come; this is the safety net
/// that keeps a "Pango-CRITICAL" from going to standard error unexplained, or being lost when a
/// host silences standard error. Installed once, before the first pango object is made.
/// Stateless; use from any context.
enum GLibLogBridge {
    static let domains = ["Pango", "GLib", "GLib-GObject", "HarfBuzz", "Fontconfig"]

    /// Whose text this thread is laying out or drawing (a node's description), named in what pango
    /// logs meanwhile: a critical is traced to the text that caused it, and a test that watches the
    /// log can tell its own renders' messages from those of tests running beside it. pango logs on
    /// the thread that called it, and the text engine calls it inside `RenderLanePool.withLane`.
    @TaskLocal static var subject: String?

    /// Installs the handlers the first time it is read.
    static let installed: Void = {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
                                    | G_LOG_LEVEL_MESSAGE.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
        for domain in domains {
            _ = g_log_set_handler(domain, levels, { domain, level, message, _ in
                let name = domain.map { String(cString: $0) } ?? "GLib"
                let text = message.map { String(cString: $0) } ?? "(no message)"
                let kind = level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? "critical"
                    : level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0 ? "warning" : "message"
                let during = subject.map { " (during the text of \($0))" } ?? ""
                WeftDiagnostics.report(.text, name, "\(kind) from the text stack\(during): \(text)")
            }, nil)
        }
    }()
}
