import Foundation

/// Supplies a gallery's item size and spacing; Texture's `ASCollectionGalleryLayoutPropertiesProviding`.
/// Called on the collection's thread.
public protocol ASCollectionGalleryLayoutPropertiesProviding: AnyObject {
    /// The size of every item.
    func galleryLayoutDelegate(_ delegate: ASCollectionGalleryLayoutDelegate, sizeForElements elements: ASElementMap) -> CGSize
    /// Space between lines; 0 by default.
    func minimumLineSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat
    /// Space between items in a line; 0 by default.
    func minimumInteritemSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat
    /// Insets around each section; zero by default.
    func sectionInset(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> UIEdgeInsets
}

extension ASCollectionGalleryLayoutPropertiesProviding {
    public func minimumLineSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 0 }
    public func minimumInteritemSpacing(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> CGFloat { 0 }
    public func sectionInset(forGalleryLayoutDelegate delegate: ASCollectionGalleryLayoutDelegate, elements: ASElementMap) -> UIEdgeInsets { .zero }
}

/// Lays out items of one fixed size in lines, left to right then top to bottom (or top to bottom
/// then left to right, scrolling sideways); Texture's `ASCollectionGalleryLayoutDelegate`. Its
/// sizes come from the properties provider, so no node is made for layout: only the elements
/// near the viewport get nodes, when a frame is rendered. No supplementary elements, as in Texture.
/// Configure on the collection's thread. Sendable.
public final class ASCollectionGalleryLayoutDelegate: ASCollectionLayoutDelegate, @unchecked Sendable {
    // SAFETY: `propertiesProvider` is set and read on the collection's thread; the calculation
    // reads only its context.
    private let directions: ASScrollDirection
    public weak var propertiesProvider: (any ASCollectionGalleryLayoutPropertiesProviding)?

    public init(scrollableDirections: ASScrollDirection) {
        directions = scrollableDirections
    }

    public func scrollableDirections() -> ASScrollDirection { directions }

    /// The provider's answers, captured for the background calculation.
    struct Properties: Sendable {
        let itemSize: CGSize
        let lineSpacing: CGFloat
        let interitemSpacing: CGFloat
        let sectionInset: UIEdgeInsets
    }

    public func additionalInfoForLayout(withElements elements: ASElementMap) -> (any Sendable)? {
        properties(elements)
    }

    func properties(_ elements: ASElementMap) -> Properties {
        guard let provider = propertiesProvider else { return Properties(itemSize: .zero, lineSpacing: 0, interitemSpacing: 0, sectionInset: .zero) }
        return Properties(itemSize: provider.galleryLayoutDelegate(self, sizeForElements: elements),
                          lineSpacing: provider.minimumLineSpacing(forGalleryLayoutDelegate: self, elements: elements),
                          interitemSpacing: provider.minimumInteritemSpacing(forGalleryLayoutDelegate: self, elements: elements),
                          sectionInset: provider.sectionInset(forGalleryLayoutDelegate: self, elements: elements))
    }

    public var needsAllNodes: Bool { false }

    public func constrainedSizeForItem(at indexPath: IndexPath, elements: ASElementMap, viewportSize: CGSize) -> ASSizeRange? {
        guard let provider = propertiesProvider else { return nil }
        return ASSizeRange(exactly: provider.galleryLayoutDelegate(self, sizeForElements: elements))
    }

    /// The layout as arithmetic (`GalleryLayoutGeometry`): no frame is stored per item, so a
    /// million-item gallery lays out in what its sections cost. An item size that is not a
    /// positive finite size, or a spacing or inset that is not finite, lays out nothing, and says so.
    public static func calculateLayout(with context: ASCollectionLayoutContext) -> ASCollectionLayoutState {
        guard let p = context.additionalInfo as? Properties else {
            return ASCollectionLayoutState(context: context, contentSize: .zero, frames: [])
        }
        guard p.itemSize.width > 0, p.itemSize.height > 0, p.itemSize.width.isFinite, p.itemSize.height.isFinite else {
            if p.itemSize != .zero || context.elements.sections.contains(where: { !$0.items.isEmpty }) {
                WeftDiagnostics.report(.collection, "ASCollectionGalleryLayoutDelegate",
                                       "item size \(p.itemSize) is not a positive finite size; the gallery lays out no items")
            }
            return ASCollectionLayoutState(context: context, contentSize: .zero, frames: [])
        }
        let inset = p.sectionInset
        let lengths = [p.lineSpacing, p.interitemSpacing, inset.top, inset.left, inset.bottom, inset.right]
        guard lengths.allSatisfy(\.isFinite) else {
            WeftDiagnostics.report(.collection, "ASCollectionGalleryLayoutDelegate",
                                   "spacing (line \(p.lineSpacing), interitem \(p.interitemSpacing)) or section inset \(inset) is not finite; the gallery lays out no items")
            return ASCollectionLayoutState(context: context, contentSize: .zero, frames: [])
        }
        let vertical = !context.scrollableDirections.intersection(.verticalDirections).isEmpty
        // Work along the lines (across) and down the lines (along the scroll).
        let crossLength = vertical ? context.viewportSize.width - inset.left - inset.right : context.viewportSize.height - inset.top - inset.bottom
        let geometry = GalleryLayoutGeometry(vertical: vertical, itemSize: p.itemSize, lineSpacing: p.lineSpacing,
                                             interitemSpacing: p.interitemSpacing, inset: inset, crossLength: crossLength,
                                             itemCounts: context.elements.sections.map(\.items.count))
        let length = geometry.contentLength
        let size = vertical ? CGSize(width: context.viewportSize.width, height: length) : CGSize(width: length, height: context.viewportSize.height)
        return ASCollectionLayoutState(context: context, contentSize: size, geometry: geometry)
    }
}
