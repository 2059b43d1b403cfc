import Foundation

/// Sizes and observes a collection node's elements; Texture's `ASCollectionDelegate` together with
/// `ASCollectionDelegateFlowLayout`. Every method is optional.
/// Called on the thread that drives the collection node.
public protocol ASCollectionDelegate: AnyObject {
    /// The size range an item's node is measured in.
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange
    /// The size range of a flow layout's section header; only the scrolling dimension is used.
    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange
    /// The size range of a flow layout's section footer; only the scrolling dimension is used.
    func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange
}

extension ASCollectionDelegate {
    public func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForHeaderInSection section: Int) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, sizeRangeForFooterInSection section: Int) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
}
