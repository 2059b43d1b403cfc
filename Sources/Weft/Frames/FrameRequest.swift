import Foundation

/// One frame of a sequence, as the sequence asks for it: its index, offset, scale and the edits
/// due before it. Requests flow one way, from the sequence through the frame's source (the player
/// that scrolls, edits and captures) to the sink; nothing downstream reads the offset again from
/// the sequence or back from the node. Beyond Texture: Weft's own (UIKit's counterpart is a
/// display-link tick with the scroll view's offset at that moment).
/// Sendable value; use from any context.
struct FrameRequest: Sendable {
    /// The frame's index in the whole sequence, from 0.
    let index: Int
    /// The content offset this frame shows, before snapping to device pixels.
    let offset: CGPoint
    /// Device pixels per point, checked when the driver was made.
    let scale: DisplayScale
    /// The scripted edits made before this frame, in the order they were added.
    let edits: [FrameSequence.Edit]
}

extension FrameSequence {
    /// The request for frame `index` (from 0, within `offsets`) at `scale`.
    func request(_ index: Int, scale: DisplayScale) -> FrameRequest {
        FrameRequest(index: index, offset: offsets[index], scale: scale, edits: edits.filter { $0.frame == index })
    }
}
