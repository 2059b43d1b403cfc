import Foundation

/// A frame as a `FrameSource` captured it, for the driver to composite later on any thread, with
/// what the capture saw: the offset it snapped to, how many elements it drew, how many were not
/// ready and, for a real-time frame, when it was due. What the capture saw travels with the frame
/// to its sink, so no sink looks it up elsewhere. Sendable value; use from any context.
struct CapturedFrame: Sendable {
    /// What the frame draws: a collection's composition, which a sink may draw band by band
    /// (`FrameSink.encode(_:captured:)`), or any other drawing, which only makes a whole bitmap.
    enum Picture: Sendable {
        case composition(FrameComposition)
        case drawing(@Sendable () throws -> Bitmap)
    }

    var picture: Picture
    /// The content offset the frame shows, snapped to device pixels.
    var offset: CGPoint = .zero
    /// The elements the frame draws (visible, or animating through the viewport).
    var visibleCount = 0
    /// When a real-time frame was due, in seconds from the start of its sequence; nil otherwise.
    var due: TimeInterval? = nil

    /// A frame that `draw` makes whole, with nothing else to report.
    static func drawing(_ draw: @escaping @Sendable () throws -> Bitmap) -> CapturedFrame { CapturedFrame(picture: .drawing(draw)) }

    /// The composition, for a frame that has one.
    var composition: FrameComposition? {
        if case .composition(let composition) = picture { composition } else { nil }
    }

    /// Visible elements drawn as placeholders, their backing stores not finished (real-time frames).
    var notReadyCount: Int { composition?.notReady ?? 0 }

    /// The frame composited into a bitmap.
    func render() throws -> Bitmap {
        switch picture {
        case .composition(let composition): try composition.render()
        case .drawing(let draw): try draw()
        }
    }
}
