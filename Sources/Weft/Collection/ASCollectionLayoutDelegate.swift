import Foundation

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
///
/// Not Sendable, as Texture's protocol is not, so a non-final class can adopt it without
/// warnings: the delegate object is used on the collection's thread only; what crosses to the
/// background queue is its type and the Sendable context.
public protocol ASCollectionLayoutDelegate: AnyObject {
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
/// `ASCollectionLayoutState`. It answers the layout queries itself, from frames it stores (indexed
/// by stripes along the scroll and by index path) or, for a layout that is arithmetic such as the
/// gallery, from frames computed per query. Immutable. Sendable; use from any context.
public final class ASCollectionLayoutState: @unchecked Sendable {
    // SAFETY: the frames are made in `init` and never changed afterwards; computed attributes are
    // new objects per query.
    public let context: ASCollectionLayoutContext
    public let contentSize: CGSize
    private enum Frames {
        case stored(CollectionLayoutLookups)
        case computed(any CollectionLayoutGeometry)
    }
    private let frames: Frames

    /// A state from frames chosen for elements.
    public init(context: ASCollectionLayoutContext, contentSize: CGSize, frames: [(element: ASCollectionElement, frame: CGRect)]) {
        self.context = context
        self.contentSize = contentSize
        // Positions come from the context's map, not the elements: a batch applied while this
        // layout was calculated renumbers the elements for the newer map.
        let positions = context.elements.positions
        let attributes = frames.map { element, frame in
            let indexPath = positions[ObjectIdentifier(element)] ?? element.indexPath
            let attributes = element.supplementaryElementKind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
                ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = frame
            return attributes
        }
        self.frames = .stored(CollectionLayoutLookups(attributes, vertical: !context.scrollableDirections.intersection(.verticalDirections).isEmpty))
    }

    /// A state whose item frames are computed per query; index paths are places in the context's map.
    init(context: ASCollectionLayoutContext, contentSize: CGSize, geometry: any CollectionLayoutGeometry) {
        self.context = context
        self.contentSize = contentSize
        frames = .computed(geometry)
    }

    /// The attributes of the elements whose frames intersect `rect`, in layout order; Texture's
    /// `layoutAttributesForElementsInRect:`.
    public func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        switch frames {
        case .stored(let lookups): return lookups.elements.attributes(in: rect)
        case .computed(let geometry): return geometry.items(in: rect).map { Self.attributes($0.indexPath, $0.frame) }
        }
    }

    /// Every element's attributes, in layout order; Texture's `allLayoutAttributes`. A computed
    /// layout makes them all, so prefer the rect query for long lists.
    public func allLayoutAttributes() -> [UICollectionViewLayoutAttributes] {
        switch frames {
        case .stored(let lookups): return lookups.elements.attributes
        case .computed(let geometry): return geometry.items(in: .infinite).map { Self.attributes($0.indexPath, $0.frame) }
        }
    }

    /// The attributes of the item at `indexPath`, or nil.
    func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        switch frames {
        case .stored(let lookups): return lookups.item(at: indexPath)
        case .computed(let geometry): return geometry.frameForItem(at: indexPath).map { Self.attributes(indexPath, $0) }
        }
    }

    /// The attributes of the supplementary element of `kind` in `indexPath`'s section, or nil.
    func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        switch frames {
        case .stored(let lookups): return lookups.supplementaries[kind]?[indexPath.section]
        case .computed: return nil
        }
    }

    private static func attributes(_ indexPath: IndexPath, _ frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame
        return attributes
    }

    /// A state from a layout of the elements' nodes (for instance a stack of them): each allocated
    /// node's frame in `layout` becomes its element's frame. Texture's `init(context:layout:getElementBlock:)`.
    public convenience init(context: ASCollectionLayoutContext, layout: ASLayout) {
        var byNode: [ObjectIdentifier: ASCollectionElement] = [:]
        for element in context.elements.existingElements {
            if let node = element.allocatedNode { byNode[ObjectIdentifier(node)] = element }
        }
        let frames = layout.flattenedNodeFrames().compactMap { node, frame in byNode[ObjectIdentifier(node)].map { ($0, frame) } }
        self.init(context: context, contentSize: layout.size, frames: frames)
    }
}
