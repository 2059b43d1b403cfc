import Foundation

extension ASDisplayNode {
    /// Makes the subtree's backing stores current at `scale` before returning, waiting only for
    /// these nodes (not for the whole display queue): what a deterministic frame needs of the cells
    /// it shows. Safe to call from a display job.
    func waitUntilDisplayed(scale: CGFloat) {
        // First version: draw whatever is stale on this thread. Work already queued for the same
        // generation is then redundant but harmless (same pixels, same generation).
        ensureDisplay(scale: scale, synchronously: true)
    }
}
