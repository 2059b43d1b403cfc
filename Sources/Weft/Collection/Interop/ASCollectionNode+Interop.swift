import Foundation

extension ASCollectionNode {
    /// The UIKit cells of a frame about to be composited, drawn: what `compose` draws in place of
    /// their `UIKitCellNode`s (and, with `dequeuesCellsForNodeBackedItems`, under the item nodes).
    /// Asked on the main actor, through `MainActorBridge`, only when the frame has UIKit cells or
    /// the last one had; other collections never leave the compositing thread.
    func interopCellBitmaps(for elements: [(UICollectionViewLayoutAttributes, ASCellNode)],
                            scale: CGFloat) throws(CollectionError) -> [ObjectIdentifier: Bitmap] {
        guard settings[\.interopActive] || elements.contains(where: { $0.1 is UIKitCellNode }) else { return [:] }
        // This thread waits while the main actor draws the cells: the node and the cell nodes are
        // used by one thread at a time, and guard their state with their mutexes besides.
        let handed = UncheckedSendable((self, elements))
        return try MainActorBridge.run { () throws(CollectionError) -> [ObjectIdentifier: Bitmap] in
            try handed.value.0.viewMadeIfNeeded.displayInteropCells(handed.value.1, scale: scale)
        }
    }
}

extension ASCollectionView {
    /// One frame's pass over the UIKit cells, as UIKit's layout pass makes it: the views whose
    /// elements left the viewport end displaying (`collectionView(_:didEndDisplaying:forItemAt:)`)
    /// and go back to their reuse pools; then each element that entered is asked for its view
    /// (`collectionView(_:cellForItemAt:)`, which dequeues, so it may reuse one that just left) and
    /// told `willDisplay`; each group in index-path order. Views that stay keep their cell, as in
    /// UIKit. Every view on screen then takes its attributes' frame and draws, synchronously.
    /// Throws a dequeue of an unregistered identifier, or a nil supplementary view.
    func displayInteropCells(_ elements: [(UICollectionViewLayoutAttributes, ASCellNode)],
                             scale: CGFloat) throws(CollectionError) -> [ObjectIdentifier: Bitmap] {
        guard let node = collectionNode else { return [:] }
        let dataSource = node.dataSource as? any ASCollectionDataSourceInterop
        let delegate = node.delegate as? any ASCollectionDelegateInterop
        let everyItem = dataSource.map { type(of: $0).dequeuesCellsForNodeBackedItems } ?? false

        var current: [ObjectIdentifier: UICollectionViewLayoutAttributes] = [:]
        for (attributes, cellNode) in elements where cellNode is UIKitCellNode || (everyItem && attributes.representedElementKind == nil) {
            current[ObjectIdentifier(cellNode)] = attributes
        }
        func inOrder(_ a: (IndexPath, String?), _ b: (IndexPath, String?)) -> Bool {
            a.0 != b.0 ? a.0 < b.0 : (a.1 ?? "") < (b.1 ?? "")
        }

        let leaving = displayedViews.filter { current[$0.key] == nil }.sorted { inOrder(($0.value.indexPath, $0.value.kind), ($1.value.indexPath, $1.value.kind)) }
        for (id, shown) in leaving {
            displayedViews[id] = nil
            if shown.kind == nil, let cell = shown.view as? UICollectionViewCell {
                delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: shown.indexPath)
            }
            enqueueForReuse(shown.view, kind: shown.kind)
        }

        let entering = elements.filter { current[ObjectIdentifier($0.1)] != nil && displayedViews[ObjectIdentifier($0.1)] == nil }
            .sorted { inOrder(($0.0.indexPath, $0.0.representedElementKind), ($1.0.indexPath, $1.0.representedElementKind)) }
        for (attributes, cellNode) in entering {
            guard let dataSource else { break }
            dequeueError = nil
            let view: UICollectionReusableView
            if let kind = attributes.representedElementKind {
                guard let supplementary = DefaultAnswer.implemented({
                    dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
                }) else { throw .nilNode(attributes.indexPath, kind: kind) }
                view = supplementary
            } else {
                view = dataSource.collectionView(self, cellForItemAt: attributes.indexPath)
            }
            if let error = dequeueError {
                dequeueError = nil
                throw error
            }
            view.frame = attributes.frame
            displayedViews[ObjectIdentifier(cellNode)] = DisplayedView(node: cellNode, view: view, indexPath: attributes.indexPath,
                                                                        kind: attributes.representedElementKind)
            if attributes.representedElementKind == nil, let cell = view as? UICollectionViewCell {
                delegate?.collectionView(self, willDisplay: cell, forItemAt: attributes.indexPath)
            }
        }
        node.settings[\.interopActive] = everyItem || !displayedViews.isEmpty

        var bitmaps: [ObjectIdentifier: Bitmap] = [:]
        for (id, attributes) in current {
            guard var shown = displayedViews[id] else { continue }
            shown.indexPath = attributes.indexPath
            displayedViews[id] = shown
            shown.view.frame = attributes.frame
            guard attributes.frame.width > 0, attributes.frame.height > 0 else { continue }
            do {
                // A UIKit cell draws in its cell node's appearance, as the node cells around it.
                bitmaps[id] = try UITraitCollection.withCurrent(shown.node.drawingTraits) { try shown.view.renderBitmap(scale: scale) }
            } catch {
                throw .renderFailed("the UIKit \(shown.kind ?? "cell") at section \(attributes.indexPath.section), item \(attributes.indexPath.item): \(error)")
            }
        }
        return bitmaps
    }
}
