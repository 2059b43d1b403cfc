import Foundation

/// Directions a collection can scroll in; Texture's `ASScrollDirection`.
public struct ASScrollDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = ASScrollDirection(rawValue: 1 << 0)
    public static let left = ASScrollDirection(rawValue: 1 << 1)
    public static let up = ASScrollDirection(rawValue: 1 << 2)
    public static let down = ASScrollDirection(rawValue: 1 << 3)
    /// Texture's `ASScrollDirectionVerticalDirections`.
    public static let verticalDirections: ASScrollDirection = [.up, .down]
    /// Texture's `ASScrollDirectionHorizontalDirections`.
    public static let horizontalDirections: ASScrollDirection = [.left, .right]
}

/// Everything a layout delegate's calculation may read, captured on the collection's thread;
/// Texture's `ASCollectionLayoutContext`. Sendable value; use from any context.
public struct ASCollectionLayoutContext: Sendable {
    public let viewportSize: CGSize
    public let initialContentOffset: CGPoint
    public let scrollableDirections: ASScrollDirection
    public let elements: ASElementMap
    /// What `additionalInfoForLayout(withElements:)` returned.
    public let additionalInfo: (any Sendable)?
}

/// Computes a collection's layout off the collection's thread; Texture's `ASCollectionLayoutDelegate`.
///
/// The calculation is a class method, like a node's draw method: it sees only the context, so it
/// can run on a background queue. Built-ins: `ASCollectionFlowLayoutDelegate` and
/// `ASCollectionGalleryLayoutDelegate`. Use with `ASCollectionNode(layoutDelegate:layoutFacilitator:)`.
public protocol ASCollectionLayoutDelegate: AnyObject, Sendable {
    /// The directions the content scrolls in.
    func scrollableDirections() -> ASScrollDirection
    /// Information the calculation needs, gathered on the collection's thread; nil by default.
    func additionalInfoForLayout(withElements elements: ASElementMap) -> (any Sendable)?
    /// The layout for `context`; runs on a background queue and must be thread-safe.
    static func calculateLayout(with context: ASCollectionLayoutContext) -> ASCollectionLayoutState
    /// The range an item's node is measured in, when the delegate knows it without the node (a
    /// gallery's fixed item size); nil by default, which leaves Texture's usual sizing.
    func constrainedSizeForItem(at indexPath: IndexPath, elements: ASElementMap, viewportSize: CGSize) -> ASSizeRange?
    /// Whether the calculation reads nodes' sizes, so every node must be made first.
    var needsAllNodes: Bool { get }
}

extension ASCollectionLayoutDelegate {
    public func additionalInfoForLayout(withElements elements: ASElementMap) -> (any Sendable)? { nil }
    public func constrainedSizeForItem(at indexPath: IndexPath, elements: ASElementMap, viewportSize: CGSize) -> ASSizeRange? { nil }
    public var needsAllNodes: Bool { true }
}

/// A computed collection layout: the content size and every element's frame; Texture's
/// `ASCollectionLayoutState`. Immutable. Sendable; use from any context.
public final class ASCollectionLayoutState: @unchecked Sendable {
    // SAFETY: the attributes are made in `init` and never changed afterwards.
    public let context: ASCollectionLayoutContext
    public let contentSize: CGSize
    let attributes: [UICollectionViewLayoutAttributes]

    /// A state from frames chosen for elements.
    public init(context: ASCollectionLayoutContext, contentSize: CGSize, frames: [(element: ASCollectionElement, frame: CGRect)]) {
        self.context = context
        self.contentSize = contentSize
        // Positions come from the context's map, not the elements: a batch applied while this
        // layout was calculated renumbers the elements for the newer map.
        let positions = context.elements.positions
        attributes = frames.map { element, frame in
            let indexPath = positions[ObjectIdentifier(element)] ?? element.indexPath
            let attributes = element.supplementaryElementKind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
                ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = frame
            return attributes
        }
    }

    /// A state from a layout of the elements' nodes (for instance a stack of them): each allocated
    /// node's frame in `layout` becomes its element's frame. Texture's `init(context:layout:getElementBlock:)`.
    public convenience init(context: ASCollectionLayoutContext, layout: ASLayout) {
        var byNode: [ObjectIdentifier: ASCollectionElement] = [:]
        for element in context.elements.allElements {
            if let node = element.allocatedNode { byNode[ObjectIdentifier(node)] = element }
        }
        let frames = layout.flattenedNodeFrames().compactMap { node, frame in byNode[ObjectIdentifier(node)].map { ($0, frame) } }
        self.init(context: context, contentSize: layout.size, frames: frames)
    }
}
