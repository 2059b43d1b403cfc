import Foundation

extension ASDisplayNode {
    /// Makes the backing stores of this node and its visible subtree current at `scale` before
    /// returning, waiting for these nodes only, never for the rest of the display queue: what a
    /// deterministic frame needs of the cells it shows. Hidden subtrees are skipped.
    ///
    /// For each stale node: if its current job is queued and not started, it runs here (taken from
    /// the queue, which then skips it); if it is running on the queue, this waits for it to commit;
    /// otherwise (nothing queued, a job for another generation or scale, or a job that ended
    /// without making the node current) the node is drawn here. Called from inside a display job
    /// (a draw that snapshots), it never waits for a running job, which could be waiting for this
    /// one: it draws such a node itself instead. Walks the subtree without recursion.
    func waitUntilDisplayed(scale: CGFloat) {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            node.invalidateRasterizedContentsIfSubtreeChanged()
            let (hidden, subnodes, rasterizes) = node.state.withLock { ($0.isHidden, $0.subnodes, $0.rasterizesSubtree) }
            guard !hidden else { continue }
            node.waitForOwnDisplay(scale: scale)
            // A rasterizing node's display drew its subnodes.
            if !rasterizes { pending += subnodes.reversed() }
        }
    }

    private func waitForOwnDisplay(scale: CGFloat) {
        let (current, ticket) = state.withLock { s -> (Bool, DisplayTicket?) in
            let ticket = s.display.ticket.flatMap { $0.request.generation == s.display.generation && $0.request.scale == scale ? $0 : nil }
            return (s.display.isCurrent(at: scale), ticket)
        }
        guard !current else { return }
        if let ticket {
            if ticket.claim() {
                run(ticket)
            } else if !DisplayJobContext.isInsideJob {
                ticket.waitUntilFinished()
            }
        }
        if !state.withLock({ $0.display.isCurrent(at: scale) }) {
            displaySynchronously(scale: scale)
        }
    }
}
