import Foundation

/// Makes a cell node; runs on a background queue, so it must only touch what it captured.
/// Texture's `ASCellNodeBlock`.
public typealias ASCellNodeBlock = @Sendable () -> ASCellNode

/// Supplies a collection node's sections, items and cell nodes; Texture's `ASCollectionDataSource`.
///
/// Every method is optional, as in Texture. Each documented spelling is honoured: a node block
/// returned as `ASCellNodeBlock` or `ASCellNodeBlock?`, or a node as `ASCellNode` or `ASCellNode?`
/// (a node block wins over a node). Swift would silently skip a method whose return type differs
/// from a single optional requirement, so each spelling is a requirement of its own.
/// Called on the thread that drives the collection node.
@preconcurrency @MainActor
public protocol ASCollectionDataSource: AnyObject {
    func numberOfSections(in collectionNode: ASCollectionNode) -> Int
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int
    /// The item's node model (Texture's `collectionNode(_:nodeModelForItemAt:)`), asked before its
    /// node block; nil by default. The item's node gets it as `nodeModel`, and a reload whose old
    /// node can take the new model (`ASCellNode.canUpdate(toNodeModel:)`) keeps that node.
    func collectionNode(_ collectionNode: ASCollectionNode, nodeModelForItemAt indexPath: IndexPath) -> Any?
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock?
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode?
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock?
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode
    func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode?
    func collectionNode(_ collectionNode: ASCollectionNode, supplementaryElementKindsInSection section: Int) -> [String]
    /// The section's context (Texture's `collectionNode(_:contextForSection:)`), asked when the
    /// section is loaded; nil by default. See `ASSectionContext`.
    func collectionNode(_ collectionNode: ASCollectionNode, contextForSection section: Int) -> (any ASSectionContext)?

    // Texture's older spellings, on the view (deprecated there, still in real apps): each is asked
    // when its `collectionNode` spelling is not implemented.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: ASCollectionView, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock
    func collectionView(_ collectionView: ASCollectionView, nodeForItemAt indexPath: IndexPath) -> ASCellNode
}

/// Records, per thread, that a default implementation answered: how the collection tells the
/// spellings a data source implements from the ones it left to the defaults.
enum DefaultAnswer {
    final class Flag { var answeredByDefault = false }
    private static let perThread = ThreadLocal { Flag() }

    static func mark() { perThread.value.answeredByDefault = true }

    /// Runs `ask`; returns its answer, or nil when a default implementation gave it.
    static func implemented<T>(_ ask: () -> T) -> T? {
        let flag = perThread.value
        flag.answeredByDefault = false
        let answer = ask()
        defer { flag.answeredByDefault = false }
        return flag.answeredByDefault ? nil : answer
    }
}

extension ASCollectionDataSource {
    public func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        numberOfSections(in: collectionNode.viewMadeIfNeeded as UICollectionView)
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        collectionView(collectionNode.viewMadeIfNeeded as UICollectionView, numberOfItemsInSection: section)
    }

    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        collectionView(collectionNode.viewMadeIfNeeded, nodeBlockForItemAt: indexPath)
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock? {
        DefaultAnswer.mark()
        return nil
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        collectionView(collectionNode.viewMadeIfNeeded, nodeForItemAt: indexPath)
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode? {
        DefaultAnswer.mark()
        return nil
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock {
        DefaultAnswer.mark()
        return { ASCellNode() }
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNodeBlock? {
        DefaultAnswer.mark()
        return nil
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode {
        DefaultAnswer.mark()
        return ASCellNode()
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode? {
        DefaultAnswer.mark()
        return nil
    }
    public func collectionNode(_ collectionNode: ASCollectionNode, supplementaryElementKindsInSection section: Int) -> [String] {
        DefaultAnswer.mark()
        return []
    }

    public func collectionNode(_ collectionNode: ASCollectionNode, nodeModelForItemAt indexPath: IndexPath) -> Any? { nil }
    public func collectionNode(_ collectionNode: ASCollectionNode, contextForSection section: Int) -> (any ASSectionContext)? { nil }
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    public func collectionView(_ collectionView: ASCollectionView, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        DefaultAnswer.mark()
        return { ASCellNode() }
    }
    public func collectionView(_ collectionView: ASCollectionView, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        DefaultAnswer.mark()
        return ASCellNode()
    }
}

extension ASCollectionDataSource {
    /// What the data source gives for an element: a node block (preferred) or a node, from
    /// whichever spelling it implements; `.returnedNil` when it returned nil, and nil when it
    /// implements no spelling at all.
    func cellSource(for collectionNode: ASCollectionNode, at indexPath: IndexPath, kind: String?) -> CellSource? {
        if let kind {
            if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock in self.collectionNode(collectionNode, nodeBlockForSupplementaryElementOfKind: kind, at: indexPath) }) { return .block(block) }
            if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock? in self.collectionNode(collectionNode, nodeBlockForSupplementaryElementOfKind: kind, at: indexPath) }) {
                return block.map(CellSource.block) ?? .returnedNil
            }
            if let node = DefaultAnswer.implemented({ () -> ASCellNode in self.collectionNode(collectionNode, nodeForSupplementaryElementOfKind: kind, at: indexPath) }) { return .node(node) }
            if let node = DefaultAnswer.implemented({ () -> ASCellNode? in self.collectionNode(collectionNode, nodeForSupplementaryElementOfKind: kind, at: indexPath) }) {
                return node.map(CellSource.node) ?? .returnedNil
            }
            return nil
        }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock in self.collectionNode(collectionNode, nodeBlockForItemAt: indexPath) }) { return .block(block) }
        if let block = DefaultAnswer.implemented({ () -> ASCellNodeBlock? in self.collectionNode(collectionNode, nodeBlockForItemAt: indexPath) }) {
            return block.map(CellSource.block) ?? .returnedNil
        }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode in self.collectionNode(collectionNode, nodeForItemAt: indexPath) }) { return .node(node) }
        if let node = DefaultAnswer.implemented({ () -> ASCellNode? in self.collectionNode(collectionNode, nodeForItemAt: indexPath) }) {
            return node.map(CellSource.node) ?? .returnedNil
        }
        return nil
    }
}

/// How an element's node is obtained: a block to run on a background queue, or a finished node.
enum CellSource: @unchecked Sendable {
    // SAFETY: a finished node goes to whichever thread makes the element's node, which uses it
    // through the node's own mutex, as Texture does; only the node is not Sendable (nodes are not,
    // so user subclasses need not say so, see `UncheckedSendable`).
    case block(ASCellNodeBlock)
    case node(ASCellNode)
    /// The data source returned nil: a UIKit cell for an interop data source, else an error.
    case returnedNil
    /// A UIKit cell (`ASCollectionDataSourceInterop`): the element's node is a `UIKitCellNode`.
    case uikitCell
}

/// A collection data source that forwards to a data source of its own kind, held weakly (a table's
/// or pager's adapter): it says when the one it forwards to was set and has been deallocated, so
/// the collection can report the empty load that follows (see `ASCollectionNode.reportReleasedDataSource`).
/// Read on the thread that loads the collection; the adapters' references are set on the driving thread.
protocol ForwardingDataSource: AnyObject {
    var forwardedSourceWasReleased: Bool { get }
}
