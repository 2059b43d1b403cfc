import Foundation
import Synchronization

/// Which items are selected, as UIKit's collection view keeps it: the selected cells' nodes (an
/// item keeps its selection through inserts, deletes and moves around it, and loses it when it is
/// deleted or reloaded, since a reload makes a fresh node), and whether selection is allowed.
/// Behind its own mutex, so any thread may select.
struct CollectionSelection {
    /// A selected cell's node, held weakly; Sendable so it can go in and out of the mutex (a node
    /// guards its own state).
    final class WeakCell: @unchecked Sendable {
        weak var node: ASCellNode?
        init(_ node: ASCellNode) { self.node = node }
    }

    var allowsSelection = true
    var allowsMultipleSelection = false
    var cells: [WeakCell] = []
}

extension ASCollectionNode {
    /// Whether items can be selected; true by default, Texture's `allowsSelection`. Offscreen there
    /// are no touches: it governs `selectItem(at:animated:scrollPosition:)`, which selects nothing
    /// while it is false. Setting it to false deselects every item.
    public var allowsSelection: Bool {
        get { withSelection { $0.allowsSelection } }
        set {
            let dropped = withSelection { s -> [CollectionSelection.WeakCell] in
                s.allowsSelection = newValue
                guard !newValue else { return [] }
                defer { s.cells = [] }
                return s.cells
            }
            for cell in dropped { cell.node?.setSelectedFromCollection(false) }
        }
    }

    /// Whether more than one item can be selected at once; false by default, Texture's
    /// `allowsMultipleSelection`. Setting it to false keeps only the most recent selection.
    public var allowsMultipleSelection: Bool {
        get { withSelection { $0.allowsMultipleSelection } }
        set {
            let dropped = withSelection { s -> [CollectionSelection.WeakCell] in
                s.allowsMultipleSelection = newValue
                guard !newValue, s.cells.count > 1 else { return [] }
                let kept = s.cells.removeLast()
                defer { s.cells = [kept] }
                return s.cells
            }
            for cell in dropped { cell.node?.setSelectedFromCollection(false) }
        }
    }

    /// Selects the item (its node's `isSelected` becomes true) and scrolls to it unless `position`
    /// is empty; nil deselects every item. Texture's `selectItem(at:animated:scrollPosition:)`.
    /// Without `allowsMultipleSelection` the item replaces the selection. While `allowsSelection`
    /// is false nothing is selected. An index path out of range changes nothing and is reported.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {
        guard let indexPath else {
            deselectAll()
            return
        }
        guard allowsSelection else { return }
        guard let node = nodeForItem(at: indexPath) else {
            WeftDiagnostics.report(.collection, description, "selectItem(at: \(indexPath)) named no item: the collection has \(numberOfSections) sections; nothing was selected")
            return
        }
        noteSelected(node)
        node.setSelectedFromCollection(true)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Adds `node`'s item to the selection (replacing it without `allowsMultipleSelection`; the
    /// cells it drops are deselected).
    func noteSelected(_ node: ASCellNode) {
        let selected = CollectionSelection.WeakCell(node)
        let dropped = withSelection { s -> [CollectionSelection.WeakCell] in
            s.cells.removeAll { $0.node == nil || $0.node === selected.node }
            var dropped: [CollectionSelection.WeakCell] = []
            if !s.allowsMultipleSelection {
                dropped = s.cells
                s.cells = []
            }
            s.cells.append(selected)
            return dropped
        }
        for cell in dropped { cell.node?.setSelectedFromCollection(false) }
    }

    /// Removes `node`'s item from the selection; returns whether it was selected.
    @discardableResult
    func noteDeselected(_ node: ASCellNode) -> Bool {
        let deselected = CollectionSelection.WeakCell(node)
        return withSelection { s -> Bool in
            let count = s.cells.count
            s.cells.removeAll { $0.node == nil || $0.node === deselected.node }
            return s.cells.count != count
        }
    }

    /// Deselects the item; Texture's `deselectItem(at:animated:)`. An item not selected stays so.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let node = elements.element(at: indexPath)?.allocatedNode else { return }
        if noteDeselected(node) { node.setSelectedFromCollection(false) }
    }

    /// The selected items' index paths, in order; nil when none is selected, as UIKit's
    /// `indexPathsForSelectedItems`. Items deleted since they were selected are not among them.
    public var indexPathsForSelectedItems: [IndexPath]? {
        let nodes = withSelection { $0.cells }.compactMap(\.node)
        let paths = nodes.compactMap { indexPath(for: $0) }.sorted()
        return paths.isEmpty ? nil : paths
    }

    private func deselectAll() {
        let dropped = withSelection { s -> [CollectionSelection.WeakCell] in
            defer { s.cells = [] }
            return s.cells
        }
        for cell in dropped { cell.node?.setSelectedFromCollection(false) }
    }

    /// Runs `body` with the selection, under the collection's configuration lock.
    private func withSelection<T: Sendable>(_ body: (inout CollectionSelection) -> T) -> T {
        settings.withLockedValue { body(&$0.selection) }
    }
}
