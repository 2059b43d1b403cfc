import Foundation

/// A node whose picture is not its own backing store but its cells' layers at its content offset:
/// a collection or a table. A tree that holds one (a feed under a header, a carousel in a cell)
/// composes its frame among the node's sublayers (`FrameComposition.layer`), and a UIKit view
/// showing one draws it so, as UIKit draws a collection view among its superview's subviews.
/// Nodes and views reach the collection types through this protocol alone.
/// Adopted by classes that guard their own state; called on the thread compositing the tree.
protocol ComposedContent: ASDisplayNode {
    /// The frame at the node's content offset, its visible cells laid out and displayed at `scale`,
    /// captured now: what `snapshot(scale:)` composites.
    func composition(scale: CGFloat) throws -> FrameComposition

    /// The visible cells (items and supplementary views, in the layout's order) with their frames
    /// in the viewport's coordinates (content coordinates less the content offset), as the
    /// accessibility tree places them.
    var visibleCellFrames: [(cell: ASCellNode, frame: CGRect)] { get }
}

extension ComposedContent {
    /// `composition(scale:)` for a picture of the tree the node is in; nil, with the node's own
    /// layer drawn instead, for a node with no area, one inside one of its own cells (which would
    /// draw itself without end), one nested past `WeftLimits.maximumNestedCollections`, and one
    /// whose frame cannot be made (each reported: a `WeftDiagnostic`, area `.collection`).
    func compositionInTree(scale: CGFloat) -> FrameComposition? {
        let size = bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        // The cells are captured on this thread, so the set of frames being made is per thread.
        let making = composingInProgress.value
        let id = ObjectIdentifier(self)
        guard making.nodes.insert(id).inserted else {
            WeftDiagnostics.report(.collection, description, "is inside one of its own cells; drawn there as its background alone, not its cells again")
            return nil
        }
        defer { making.nodes.remove(id) }
        guard making.nodes.count <= WeftLimits.maximumNestedCollections else {
            WeftDiagnostics.report(.collection, description, "is nested \(making.nodes.count) collections or tables deep, past "
                                   + "WeftLimits.maximumNestedCollections (\(WeftLimits.maximumNestedCollections)); drawn there as its background alone")
            return nil
        }
        do {
            return try composition(scale: scale)
        } catch {
            WeftDiagnostics.report(.collection, description, "its cells could not be drawn in the picture of the tree it is in (\(error)); its background is drawn alone")
            return nil
        }
    }
}

/// The collections and tables whose frames this thread is capturing for a tree's picture.
private final class ComposingInProgress { var nodes: Set<ObjectIdentifier> = [] }
private let composingInProgress = ThreadLocal { ComposingInProgress() }
