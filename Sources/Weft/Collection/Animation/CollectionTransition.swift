import Foundation

/// One running update animation of a collection: for each element on screen before or after the
/// change (within the frames the animation lasts), where it starts and where it ends. UIKit's
/// defaults for a flow layout: an inserted element starts at its new frame with alpha 0, a
/// deleted one ends at its old frame with alpha 0, a kept one slides from its old frame to its new
/// one; an element that was still moving when the change came starts from where it was shown.
/// Sendable value, made and read by the thread that renders the frames.
struct CollectionTransition: Sendable {
    struct Entry: Sendable {
        let element: ASCollectionElement
        let from: AnimatedAttributes
        let to: AnimatedAttributes
        /// Not in the map any more: drawn from its old node until it has faded out.
        let disappearing: Bool
    }

    /// In drawing order (before the zIndex sort): disappearing elements first, under the others.
    let entries: [Entry]
    /// The frame index the change was first shown at.
    let startFrame: Int
    /// The animation's length in frames (duration × frames per second); more than 0.
    let lengthInFrames: Double
    let curve: UpdateAnimationCurve

    /// The eased progress at frame `index`. The first frame showing the change is one frame
    /// interval in, as on a device, where the first frame drawn after a commit comes a refresh later.
    func progress(atFrame index: Int) -> Double {
        curve.progress(at: Double(index - startFrame + 1) / lengthInFrames)
    }

    func isFinished(atFrame index: Int) -> Bool { Double(index - startFrame + 1) >= lengthInFrames }

    /// Where each entry is at frame `index`.
    func states(atFrame index: Int) -> [(entry: Entry, state: AnimatedAttributes)] {
        let p = progress(atFrame: index)
        return entries.map { ($0, AnimatedAttributes.interpolate(from: $0.from, to: $0.to, progress: p)) }
    }

    /// An element's state at frame `index`, if this transition moves it.
    func state(of element: ASCollectionElement, atFrame index: Int) -> AnimatedAttributes? {
        guard let entry = entries.first(where: { $0.element === element }) else { return nil }
        return AnimatedAttributes.interpolate(from: entry.from, to: entry.to, progress: progress(atFrame: index))
    }
}
