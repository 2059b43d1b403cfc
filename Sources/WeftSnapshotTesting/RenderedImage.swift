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

    /// The rendering, or the render error's text. For a reference read from disk, its decoding,
    /// made the first time it is asked for: a passing comparison never needs it.
    public var content: Content {
        switch storage {
        case .made(let content): content
        case .read(let file): file.content
        }
    }
    /// The nodes the rendering showed, captured just after it; nil for a reference read from disk.
    public let attribution: NodeAttribution?
    /// Reports a render error once, whether the diff or a recording meets it first.
    let failureReport: OnceReport?
    private let storage: Storage

    private enum Storage: Sendable {
        case made(Content)
        case read(ReferencePNG)
    }

    init(content: Content, attribution: NodeAttribution?, failureReport: OnceReport?) {
        storage = .made(content)
        self.attribution = attribution
        self.failureReport = failureReport
    }

    /// A reference read from disk, decoded only when `content` is asked for.
    static func reference(_ data: Data) -> RenderedImage {
        RenderedImage(storage: .read(ReferencePNG(data)))
    }

    private init(storage: Storage) {
        self.storage = storage
        attribution = nil
        failureReport = nil
    }

    /// A reference's file, which a rendering is checked against before anything is decoded.
    var reference: ReferencePNG? {
        if case .read(let file) = storage { return file }
        return nil
    }

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

/// A reference image's PNG bytes as read from disk, and their decoding once something asks for
/// it. Owned by the `RenderedImage` that carries it; the decoding is made and kept under a mutex,
/// so it is Sendable.
final class ReferencePNG: Sendable {
    let data: Data
    private let decoded = Mutex<RenderedImage.Content?>(nil)

    init(_ data: Data) { self.data = data }

    var content: RenderedImage.Content {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let content = decode()
            decoded = content
            return content
        }
    }

    private func decode() -> RenderedImage.Content {
        do {
            return .bitmap(try UIImage(decoding: data).bitmap)
        } catch {
            let reason = data.isEmpty ? "it is empty (its recording could not render); record it again" : "\(error)"
            return .failure("the reference is not a PNG image: \(reason)")
        }
    }
}
