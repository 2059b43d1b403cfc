import Foundation

/// A one-line progress bar with an ETA on standard error, redrawn in place; silent when standard
/// error is not a terminal unless `force` is set (CI logs get one line at the end instead).
final class ProgressBar: @unchecked Sendable {
    // SAFETY: every access takes the lock.
    private let lock = NSLock()
    private let total: Int
    private let label: String
    private let start = Date()
    private let interactive: Bool
    private var lastDrawn = Date.distantPast

    init(total: Int, label: String) {
        self.total = max(total, 1)
        self.label = label
        interactive = isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int) {
        lock.withLock {
            guard interactive, done == total || Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
            lastDrawn = Date()
            FileHandle.standardError.write(Data(("\r" + line(done)).utf8))
        }
    }

    func finish() {
        lock.withLock {
            FileHandle.standardError.write(Data(((interactive ? "\r" : "") + line(total) + "\n").utf8))
        }
    }

    private func line(_ done: Int) -> String {
        let fraction = Double(done) / Double(total)
        let width = 30, filled = Int(fraction * Double(width))
        let elapsed = Date().timeIntervalSince(start)
        let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        return String(format: "%@ [%@%@] %d/%d  %.1fs elapsed, ETA %.1fs", label,
                      String(repeating: "#", count: filled), String(repeating: "-", count: width - filled), done, total, elapsed, eta)
    }
}
