import Foundation
import Synchronization
import Weft
import WeftTesting

/// What an image snapshot strategy produced for one assertion: the bitmap the subject rendered
/// to, with the nodes it showed, or why it could not be rendered. The format of Weft's
/// `Snapshotting<…, RenderedImage>` strategies; as swift-snapshot-testing's `UIImage` format is on iOS.
///
/// A render error travels in the value itself, from the snapshot closure (which cannot throw)
/// to the diff that reports it, so it belongs to the assertion that rendered it: tests running in
/// parallel never see each other's errors. Sendable value; use from any context.
public struct RenderedImage: Sendable {
    /// The rendering, or the render error's text.
    public enum Content: Sendable {
        case bitmap(Bitmap)
        case failure(String)
    }

    public let content: Content
    /// The nodes the rendering showed, captured just after it; nil for a reference read from disk.
    public let attribution: NodeAttribution?
    /// Reports a render error once, whether the diff or a recording meets it first.
    let failureReport: OnceReport?

    /// A successful rendering, with the subject's nodes for failure messages.
    public static func rendered(_ bitmap: Bitmap, attribution: NodeAttribution? = nil) -> RenderedImage {
        RenderedImage(content: .bitmap(bitmap), attribution: attribution, failureReport: nil)
    }

    /// A rendering that failed; `message` names the subject and the error.
    public static func failed(_ message: String) -> RenderedImage {
        RenderedImage(content: .failure(message), attribution: nil, failureReport: OnceReport(message))
    }

    /// The bitmap, or nil for a failed rendering.
    public var bitmap: Bitmap? {
        if case .bitmap(let bitmap) = content { return bitmap }
        return nil
    }

    /// Renders with `render`, capturing a thrown error as a failed rendering.
    static func capture(_ subject: String, _ render: () throws -> (Bitmap, NodeAttribution?)) -> RenderedImage {
        do {
            let (bitmap, attribution) = try render()
            return .rendered(bitmap, attribution: attribution)
        } catch {
            return .failed("could not render \(subject): \(error)")
        }
    }
}

/// A failure message reported to the running test at most once. Owned by the `RenderedImage`
/// that carries it (one per assertion); its flag is guarded by a mutex, so it is Sendable.
final class OnceReport: Sendable {
    let message: String
    private let reported = Mutex(false)

    init(_ message: String) { self.message = message }

    /// Marks the message reported; true the first time only.
    func claim() -> Bool {
        reported.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
