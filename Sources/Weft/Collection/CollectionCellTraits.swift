import Foundation
import Synchronization

/// The traits a collection hands its cells: the collection node's own, read when each node is
/// made. One box per collection node, shared by its elements, so an element pays one reference
/// for it and a change of traits reaches elements made before it. Its mutex owns the value.
/// It also names the collection the cells belong to, which a cell tells when its selection
/// changes (see `ASCellNodeInteractionDelegate`).
final class CollectionCellTraits: Sendable {
    private let traits = Mutex(NodeTraits())

    /// Weak: the collection owns this box.
    private let owner = Mutex<WeakCollectionNode?>(nil)

    /// The collection whose cells these are; set once, as the collection is made.
    var collectionNode: ASCollectionNode? {
        get { owner.withLock { $0 }?.value }
        set {
            let box = newValue.map(WeakCollectionNode.init)
            owner.withLock { $0 = box }
        }
    }

    var value: ASPrimitiveTraitCollection {
        get { traits.withLock { $0.primitive } }
        set { traits.withLock { $0 = NodeTraits(newValue) } }
    }

    /// The same traits as UIKit's collection: `UITraitCollection.current` while a node block
    /// runs, so fonts and colours picked in a cell's `init` follow the collection's traits.
    var collection: UITraitCollection { traits.withLock { $0.collection } }
}

extension ASCollectionNode {
    /// Texture's data controller `environmentDidChange`: the cells made so far take the new
    /// traits and every item is measured again; cells made later get them when made.
    func cellTraitsDidChange() {
        let traits = primitiveTraitCollection()
        cellTraits.value = traits
        for node in allocatedCellNodes() {
            ASTraitCollectionPropagateDown(node, traits)
        }
        relayoutItems()
    }
}

extension ASCollectionNode {
    /// Every cell node made so far, items and supplementary elements.
    fileprivate func allocatedCellNodes() -> [ASCellNode] {
        elements.existingElements.compactMap(\.allocatedNode)
    }
}
