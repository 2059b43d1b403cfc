import Foundation

/// Supplies an `ASPagerNode`'s pages; Texture's `ASPagerDataSource`. Every method is optional, and
/// each documented spelling is honoured (a node block as `ASCellNodeBlock` or `ASCellNodeBlock?`, or
/// a node as `ASCellNode` or `ASCellNode?`; a block wins over a node), as with
/// `ASCollectionDataSource`. Called on the thread that drives the pager.
@preconcurrency @MainActor
public protocol ASPagerDataSource: AnyObject {
    func numberOfPages(in pagerNode: ASPagerNode) -> Int
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock
    func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock?
    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode
    func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode?
}

extension ASPagerDataSource {
    public func numberOfPages(in pagerNode: ASPagerNode) -> Int { 0 }
    public func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock {
        DefaultAnswer.mark()
        return { ASCellNode() }
    }
    public func pagerNode(_ pagerNode: ASPagerNode, nodeBlockAt index: Int) -> ASCellNodeBlock? {
        DefaultAnswer.mark()
        return nil
    }
    public func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode {
        DefaultAnswer.mark()
        return ASCellNode()
    }
    public func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode? {
        DefaultAnswer.mark()
        return nil
    }
}

/// Sizes an `ASPagerNode`'s pages; Texture's `ASPagerDelegate`. Optional: by default each page is
/// exactly the pager's bounds less its content inset.
@preconcurrency @MainActor
public protocol ASPagerDelegate: AnyObject {
    func pagerNode(_ pagerNode: ASPagerNode, constrainedSizeForNodeAt index: Int) -> ASSizeRange
}

extension ASPagerDelegate {
    public func pagerNode(_ pagerNode: ASPagerNode, constrainedSizeForNodeAt index: Int) -> ASSizeRange {
        DefaultAnswer.mark()
        return .zero
    }
}
