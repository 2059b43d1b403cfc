import Foundation

extension ASCollectionNode {
    /// The size of the whole content, from the layout.
    public var contentSize: CGSize {
        try? loadDataIfNeeded()
        return withLayout("contentSize", fallback: CGSize.zero) { layout in
            layout.prepareIfNeeded()
            return layout.collectionViewContentSize
        }
    }

    /// The viewport in content coordinates.
    public var visibleRect: CGRect { CGRect(origin: contentOffset, size: bounds.size) }

    /// The layout attributes of every element intersecting `rect`, items and supplementary alike.
    func attributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        try? loadDataIfNeeded()
        return withLayout("attributes(in:)", fallback: []) { layout in
            layout.prepareIfNeeded()
            return (layout.layoutAttributesForElements(in: rect) ?? []).filter { !$0.isHidden }
        }
    }

    /// The element an attributes value describes.
    func element(for attributes: UICollectionViewLayoutAttributes) -> ASCollectionElement? {
        let map = layoutElements
        if let kind = attributes.representedElementKind { return map.supplementaryElement(ofKind: kind, section: attributes.indexPath.section) }
        return map.element(at: attributes.indexPath)
    }

    /// The index paths of the items in the viewport, in order; Texture's `indexPathsForVisibleItems`.
    public var indexPathsForVisibleItems: [IndexPath] {
        attributes(in: visibleRect).filter { $0.representedElementKind == nil }.map(\.indexPath).sorted()
    }

    /// The item nodes in the viewport, in index-path order; Texture's `visibleNodes`.
    public var visibleNodes: [ASCellNode] {
        indexPathsForVisibleItems.compactMap { layoutElements.element(at: $0)?.node }
    }

    /// The item under `point`, in content coordinates; Texture's `indexPathForItem(at:)`.
    /// A point that is not finite is no point of the content: nil, and reported.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else {
            WeftDiagnostics.report(.collection, "\(self).indexPathForItem(at:)", "the point (\(point.x), \(point.y)) is not finite; no item is there")
            return nil
        }
        return attributes(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))
            .first { $0.representedElementKind == nil && $0.frame.contains(point) }?.indexPath
    }

    /// The offsets the content can scroll between, with the adjusted content inset (see
    /// `adjustedContentInset`).
    public var contentOffsetRange: (min: CGPoint, max: CGPoint) { offsetRange(contentSize: contentSize) }

    private func offsetRange(contentSize size: CGSize) -> (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset, viewport = bounds.size
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        return (minimum, CGPoint(x: max(minimum.x, size.width + inset.right - viewport.width),
                                 y: max(minimum.y, size.height + inset.bottom - viewport.height)))
    }

    /// Scrolls so the item sits at `position` in the viewport, clamped to the scrollable range;
    /// Texture's `scrollToItem(at:at:animated:)`. An index path out of range leaves the offset as it
    /// was and is reported (area `.collection`) with the path given; `scrollToItemChecked` throws instead.
    public func scrollToItem(at indexPath: IndexPath, at position: UICollectionView.ScrollPosition, animated: Bool) {
        do throws(CollectionError) {
            try scrollToItemChecked(at: indexPath, at: position, animated: animated)
        } catch {
            WeftDiagnostics.report(.collection, description, "scrollToItem(at:at:animated:) did not scroll: \(error)")
        }
    }

    /// `scrollToItem(at:at:animated:)` that throws for an index path out of range.
    public func scrollToItemChecked(at indexPath: IndexPath, at position: UICollectionView.ScrollPosition, animated: Bool) throws(CollectionError) {
        contentOffset = try offset(toShow: indexPath, at: position)
    }

    /// A scroll from the current offset to the one that shows an item at `position`, in `frames`
    /// frames: a frame sequence for "scroll to item".
    public func scrollSequence(toItem indexPath: IndexPath, at position: UICollectionView.ScrollPosition, frames: Int,
                               curve: FrameSequence.Curve = .eased) throws(CollectionError) -> FrameSequence {
        try FrameSequence.scroll(from: contentOffset, to: offset(toShow: indexPath, at: position), frames: frames, curve: curve)
    }

    /// The offset that shows an item at `position`, clamped to the scrollable range.
    public func offset(toShow indexPath: IndexPath, at position: UICollectionView.ScrollPosition) throws(CollectionError) -> CGPoint {
        try loadDataIfNeeded()
        let path = try checked(indexPath)
        let viewport = bounds.size
        let inset = contentInset
        // Three answers: placed; not in the layout (out of range); or the layout busy on another
        // thread that waits for this caller, when the current offset stands (reported).
        let current = contentOffset
        let placed = withLayout("offset(toShow:at:)", fallback: Optional(current)) { layout -> CGPoint? in
            layout.prepareIfNeeded()
            guard let frame = layout.layoutAttributesForItem(at: path)?.frame else { return nil }
            return offset(toShow: frame, at: position, viewport: viewport, inset: inset, layout: layout)
        }
        guard let placed else {
            throw .indexPathOutOfRange(indexPath, sections: numberOfSections, items: numberOfItems(inSection: indexPath.section))
        }
        return placed
    }

    /// The offset that shows `frame` at `position`, clamped to the scrollable range; called
    /// holding the layout (see `withLayout`).
    private func offset(toShow frame: CGRect, at position: UICollectionView.ScrollPosition, viewport: CGSize, inset: UIEdgeInsets,
                        layout: UICollectionViewLayout) -> CGPoint {
        var offset = contentOffset
        if position.contains(.top) { offset.y = frame.minY }
        if position.contains(.centeredVertically) { offset.y = frame.midY - viewport.height / 2 }
        if position.contains(.bottom) { offset.y = frame.maxY - viewport.height }
        if position.contains(.left) { offset.x = frame.minX }
        if position.contains(.centeredHorizontally) { offset.x = frame.midX - viewport.width / 2 }
        if position.contains(.right) { offset.x = frame.maxX - viewport.width }
        // The clamp needs the content only as far as the wanted viewport reaches: a long list
        // measured lazily is not laid out to its end for it (content that goes on past that
        // point cannot lower the offset).
        let reach = layout.scrollDirection == .vertical
            ? offset.y + viewport.height + abs(inset.bottom) : offset.x + viewport.width + abs(inset.right)
        let range = offsetRange(contentSize: reach.isFinite ? layout.contentSize(measuringThrough: reach) : layout.collectionViewContentSize)
        return CGPoint(x: min(max(offset.x, range.min.x), range.max.x), y: min(max(offset.y, range.min.y), range.max.y))
    }
}
