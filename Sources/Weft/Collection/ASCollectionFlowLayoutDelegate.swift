import Foundation

/// Lays items out in wrapping lines of their measured sizes, by a wrapping stack measured
/// concurrently; Texture's `ASCollectionFlowLayoutDelegate`. It reads every node's size, so every
/// node is made first. Sendable; use from any context.
public final class ASCollectionFlowLayoutDelegate: ASCollectionLayoutDelegate, Sendable {
    private let directions: ASScrollDirection

    public init(scrollableDirections: ASScrollDirection = .verticalDirections) {
        directions = scrollableDirections
    }

    public func scrollableDirections() -> ASScrollDirection { directions }

    public static func calculateLayout(with context: ASCollectionLayoutContext) -> ASCollectionLayoutState {
        let items = context.elements.sections.flatMap(\.items)
        ASCollectionElement.allocate(items, serial: false)
        let vertical = !context.scrollableDirections.intersection(.verticalDirections).isEmpty
        let stack = ASStackLayoutSpec(direction: vertical ? .horizontal : .vertical, spacing: 0, justifyContent: .start,
                                      alignItems: .start, flexWrap: .wrap, alignContent: .start, children: items.map(\.node))
        stack.isConcurrent = true
        let range = vertical
            ? ASSizeRange(min: .zero, max: CGSize(width: context.viewportSize.width, height: .infinity))
            : ASSizeRange(min: .zero, max: CGSize(width: .infinity, height: context.viewportSize.height))
        return ASCollectionLayoutState(context: context, layout: stack.layoutThatFits(range))
    }
}
