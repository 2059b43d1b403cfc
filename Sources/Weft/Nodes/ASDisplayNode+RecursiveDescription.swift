import Foundation

extension ASDisplayNode {
    /// Texture's `displayNodeRecursiveDescription()`: this node's `debugDescription` and, below it,
    /// each subnode's, one line each, indented by " | " a level, layer-backed nodes included.
    /// Walks the tree without recursion (trees can be deeper than the stack).
    public func displayNodeRecursiveDescription() -> String {
        var lines = ""
        var pending: [(node: ASDisplayNode, indent: String)] = [(self, "")]
        while let (node, indent) = pending.popLast() {
            lines += indent + node.debugDescription + "\n"
            pending += node.subnodes.reversed().map { ($0, indent + " | ") }
        }
        return lines
    }
}
