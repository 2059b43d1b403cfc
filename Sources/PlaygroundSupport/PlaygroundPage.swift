import Foundation
import Weft

/// What a playground page can show live; Xcode's `PlaygroundLiveViewable`. Views and view
/// controllers are.
@preconcurrency @MainActor
public protocol PlaygroundLiveViewable {
    /// Renders what the page shows, at `scale`.
    func renderLiveView(scale: CGFloat) throws -> Bitmap
}

extension UIView: PlaygroundLiveViewable {
    public func renderLiveView(scale: CGFloat) throws -> Bitmap { try renderBitmap(scale: scale) }
}

extension UIViewController: PlaygroundLiveViewable {
    /// The controller's view at its current size (390×844 points, `UIScreen.main`'s, when it has none).
    public func renderLiveView(scale: CGFloat) throws -> Bitmap {
        let root: UIView = view
        if root.bounds.size == .zero { root.frame = UIScreen.main.bounds }
        return try root.renderBitmap(scale: scale)
    }
}

/// The playground page being run; Xcode's `PlaygroundPage`, so playground sources written for
/// Texture (`PlaygroundPage.current.liveView = node.view`) compile and run as plain Swift. There
/// is no live view pane: `liveView` keeps what was set, `renderLiveView(scale:)` renders it, and
/// `writeLiveView(toPNG:scale:)` saves that picture. `needsIndefiniteExecution` and
/// `finishExecution()` are recorded only: a program on Linux runs to its end anyway.
@preconcurrency @MainActor
public final class PlaygroundPage {
    /// The page; one per process, as in Xcode.
    public static let current = PlaygroundPage()

    /// What the page shows; nil until set.
    public var liveView: (any PlaygroundLiveViewable)?
    /// Recorded for code that reads it back (see the type's notes).
    public var needsIndefiniteExecution = false
    /// Whether `finishExecution()` was called.
    public private(set) var isFinished = false

    private init() {}

    /// Records that the page is done (see the type's notes).
    public func finishExecution() { isFinished = true }

    /// Renders the live view at `scale` (2 by default); nil when none is set.
    public func renderLiveView(scale: CGFloat = 2) throws -> Bitmap? {
        try liveView?.renderLiveView(scale: scale)
    }

    /// Writes the live view as a PNG at `path`; returns false when no live view is set.
    @discardableResult
    public func writeLiveView(toPNG path: String, scale: CGFloat = 2) throws -> Bool {
        guard let bitmap = try renderLiveView(scale: scale) else { return false }
        try PNGEncoder().encode(bitmap).write(to: URL(fileURLWithPath: path))
        return true
    }
}
