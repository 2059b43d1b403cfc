import Foundation

/// The collection as a layout sees it while it prepares: `UICollectionViewLayout.collectionView`,
/// with UIKit's member names (`numberOfSections`, `numberOfItems(inSection:)`, `bounds`, `frame`,
/// `contentOffset`, `contentInset`) and Weft's `sizeForItem(at:)` for the measured node sizes.
///
/// Why not the `ASCollectionView` itself, as in UIKit: a UIKit view is main-actor isolated, while
/// Weft prepares layouts on whatever thread renders the frame (the compositing thread), and a
/// collection node can render without ever loading a view. A `nonisolated` override of a
/// main-actor property is not allowed, so the members layouts read live here, on a Sendable
/// object over the node's lock-guarded state. The counts are those of the map the layout is
/// prepared from, which changes only on the driving thread, so a batch applied meanwhile cannot
/// tear a layout pass. Sendable; use from any context.
public final class ASCollectionViewLayoutProxy: Sendable {
    /// The node the layout belongs to.
    public var collectionNode: ASCollectionNode? { node.value }
    private let node: WeakCollectionNode

    init(collectionNode: ASCollectionNode) { node = WeakCollectionNode(collectionNode) }

    /// The viewport: origin at the content offset, size the collection's bounds.
    public var bounds: CGRect {
        guard let node = collectionNode else { return .zero }
        return CGRect(origin: node.contentOffset, size: node.bounds.size)
    }

    public var frame: CGRect { collectionNode?.frame ?? .zero }
    /// UIView's `effectiveUserInterfaceLayoutDirection`: the collection node's (left to right once
    /// it is gone). Layouts that flip (`flipsHorizontallyInOppositeLayoutDirection`) compare it
    /// with their `developmentLayoutDirection`.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        collectionNode?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
    }
    public var contentOffset: CGPoint { collectionNode?.contentOffset ?? .zero }
    public var contentInset: UIEdgeInsets { collectionNode?.contentInset ?? .zero }
    /// UIKit's `adjustedContentInset`: the content inset plus the safe-area edges the last frame
    /// was settled for (a layout reads it while it prepares, when the content's size, which the
    /// adjustment depends on, is what it is working out).
    public var adjustedContentInset: UIEdgeInsets { collectionNode?.settledAdjustedContentInset ?? .zero }
    public var numberOfSections: Int { collectionNode?.layoutElements.numberOfSections ?? 0 }
    public func numberOfItems(inSection section: Int) -> Int { collectionNode?.layoutElements.numberOfItems(inSection: section) ?? 0 }

    /// The measured size of the item's node (made and measured if it never was; a node given up
    /// keeps its size), or the size of its UIKit cell; zero out of range.
    public func sizeForItem(at indexPath: IndexPath) -> CGSize {
        guard let node = collectionNode, let element = node.layoutElements.element(at: indexPath) else { return .zero }
        let measured = element.isMeasured
        let size = element.size
        if !measured { node.noteMeasuredForLayout([element]) }
        return size
    }

    /// The measured sizes of a run of a section's items, their nodes made concurrently (and their
    /// data source asked once, for deferred items); zero for items out of range.
    func sizesForItems(inSection section: Int, in items: Range<Int>) -> [CGSize] {
        guard let node = collectionNode else { return items.map { _ in .zero } }
        let map = node.layoutElements
        let elements = items.map { map.element(at: IndexPath(item: $0, section: section)) }
        let unmeasured = elements.compactMap { $0 }.filter { !$0.isMeasured }
        ASCollectionElement.measure(unmeasured, serial: node.cellLayoutMode.contains(.serializeNodeCreation))
        node.noteMeasuredForLayout(unmeasured)
        return elements.map { $0?.size ?? .zero }
    }

    /// The measured length, along the scrolling axis, of a section's supplementary node of `kind`;
    /// 0 when the section has none.
    public func supplementaryLength(ofKind kind: String, inSection section: Int) -> CGFloat {
        guard let node = collectionNode, let element = node.layoutElements.supplementaryElement(ofKind: kind, section: section) else { return 0 }
        if !element.isMeasured { node.noteMeasuredForLayout([element]) }
        let size = element.size
        return node.collectionViewLayout.scrollDirection == .vertical ? size.height : size.width
    }
}

/// A weak reference to a collection node, immutable once made: what Sendable helpers that must
/// not keep their collection alive (the layout proxy, a load's `ElementResolver`) hold.
final class WeakCollectionNode: @unchecked Sendable {
    // SAFETY: the reference is never changed; the collection node it reaches guards its own state
    // with its mutexes (nodes are not Sendable only so that user subclasses need not say so).
    weak let value: ASCollectionNode?
    init(_ value: ASCollectionNode) { self.value = value }
}
