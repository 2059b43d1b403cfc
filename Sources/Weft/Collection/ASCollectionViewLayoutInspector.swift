import Foundation

/// The range a node is measured in when nothing else gives one: the collection's bounds less its
/// content inset across the scrolling axis, unbounded along it; Texture's
/// `NodeConstrainedSizeForScrollDirection`. The unbounded side is `CGFLOAT_MAX`, as Texture's
/// (the layout takes it as it takes `.infinity`). Horizontal when the view's layout scrolls
/// horizontally.
@preconcurrency @MainActor
public func NodeConstrainedSizeForScrollDirection(_ collectionView: ASCollectionView) -> ASSizeRange {
    var maxSize = collectionView.bounds.size
    let contentInset = collectionView.contentInset
    if collectionView.collectionViewLayout.scrollDirection == .horizontal {
        maxSize.width = .greatestFiniteMagnitude
        maxSize.height -= contentInset.top + contentInset.bottom
    } else {
        maxSize.width -= contentInset.left + contentInset.right
        maxSize.height = .greatestFiniteMagnitude
    }
    return ASSizeRange(min: .zero, max: maxSize)
}

/// Texture's `ASCollectionViewLayoutInspector`: the layout inspector a custom layout has when none
/// is set (see `ASCollectionView.layoutInspector`). It answers the delegate's
/// `collectionNode(_:constrainedSizeForItemAt:)`, else its older
/// `collectionView(_:constrainedSizeForNodeAt:)`, else `NodeConstrainedSizeForScrollDirection`;
/// its `scrollableDirections()` are none, as Texture's. Main-actor isolated.
///
/// Weft measures a custom layout's items without an inspector set as Texture's default one does,
/// except that the fallback range leaves the content inset in (the collection's width, any
/// height); asked directly, this class answers Texture's range.
@preconcurrency @MainActor
open class ASCollectionViewLayoutInspector: ASCollectionViewLayoutInspecting {
    public init() {}

    open func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
        if let node = collectionView.collectionNode, let delegate = node.delegate {
            if let range = DefaultAnswer.implemented({ delegate.collectionNode(node, constrainedSizeForItemAt: indexPath) }) { return range }
        }
        return NodeConstrainedSizeForScrollDirection(collectionView)
    }

    open func scrollableDirections() -> ASScrollDirection { [] }
}
