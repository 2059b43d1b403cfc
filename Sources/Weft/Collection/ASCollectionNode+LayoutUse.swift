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
    /// Two callers cannot wait for the layout without waiting for themselves: a node block
    /// (running on a background thread while a frame on another thread waits for its node, holding
    /// the layout), and a data source or delegate answering on the main actor a question another
    /// thread asked in the middle of its load or relayout (it may hold the layout, half prepared).
    /// When another thread holds the layout, such a query answers `fallback` and is reported.
    func withLayout<T>(_ what: @autoclosure () -> String, fallback: T, _ body: (UICollectionViewLayout) -> T) -> T {
        let caller = ElementAllocation.isRunningNodeBlock ? "a node block" : MainActorBridge.isAnsweringAnotherThread
            ? "a data source or delegate answering another thread" : nil
        if let caller {
            if let answer = layoutAccess.tryEntering({ body(collectionViewLayout) }) { return answer }
            WeftDiagnostics.report(.collection, "\(self).\(what())",
                                   "asked from \(caller) while another thread lays out the collection, which waits for that answer; answered \(fallback) instead of waiting")
            return fallback
        }
        return layoutAccess.entering("\(self): \(what())") { body(collectionViewLayout) }
    }
}
