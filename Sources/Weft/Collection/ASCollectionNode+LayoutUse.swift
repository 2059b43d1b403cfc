import Foundation

extension ASCollectionNode {
    /// Runs `body` with the collection's layout, holding `layoutAccess`.
    ///
    /// The layout's mutable state (what `prepare()` builds and each query extends: a flow layout's
    /// `FlowLayoutProgress`) has one owner: the thread that holds `layoutAccess`. Frames, loads
    /// and relayouts (a change of traits or `semanticContentAttribute` relayouts from whichever
    /// thread made it) hold it already; every public query that prepares or reads the layout
    /// (`contentSize`, `indexPathsForVisibleItems`, `indexPathForItem(at:)`, `offset(toShow:at:)`,
    /// a table's `rectForRow(at:)` and separators) goes through here, so none of them prepares the
    /// layout again under a frame that is reading it on another thread.
    ///
    /// A node block (running on a background thread while a frame on another thread waits for its
    /// node, holding the layout) cannot wait for the layout without waiting for itself: when
    /// another thread holds it, the query answers `fallback` and is reported.
    func withLayout<T>(_ what: @autoclosure () -> String, fallback: T, _ body: (UICollectionViewLayout) -> T) -> T {
        if ElementAllocation.isRunningNodeBlock {
            if let answer = layoutAccess.tryEntering({ body(collectionViewLayout) }) { return answer }
            WeftDiagnostics.report(.collection, "\(self).\(what())",
                                   "asked from a node block while another thread lays out the collection, which waits for that node; answered \(fallback) instead of waiting")
            return fallback
        }
        return layoutAccess.entering("\(self): \(what())") { body(collectionViewLayout) }
    }
}
