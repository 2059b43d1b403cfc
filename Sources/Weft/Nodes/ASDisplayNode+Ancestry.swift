import Foundation

extension ASDisplayNode {
    /// The node's ancestors, nearest first (its supernode, that node's supernode, and so on);
    /// Texture's `supernodes`. Lazy: each step reads one `supernode` under that node's lock, so a
    /// walk that stops early (`first(where:)`) reads no further, and a deep tree costs no stack.
    /// Texture also climbs the layer tree past a break in the node tree, on the main thread; Weft
    /// has no layer tree, so the walk ends at the root node.
    public var supernodes: some Sequence<ASDisplayNode> {
        sequence(state: supernode) { next in
            defer { next = next?.supernode }
            return next
        }
    }

    /// The node itself, then its ancestors, as `supernodes`; Texture's `supernodesIncludingSelf`.
    public var supernodesIncludingSelf: some Sequence<ASDisplayNode> {
        sequence(first: self) { $0.supernode }
    }

    /// The nearest ancestor that is a `supernodeClass` (or a subclass of it), starting with the
    /// node itself when `includeSelf` is set; Texture's `supernode(of:includingSelf:)`.
    public func supernode(of supernodeClass: AnyClass, includingSelf includeSelf: Bool) -> ASDisplayNode? {
        let isKind = ASDisplayNodeKindTest(supernodeClass)
        return includeSelf ? supernodesIncludingSelf.first(where: isKind.matches) : supernodes.first(where: isKind.matches)
    }
}

/// Whether a node is an instance of a class or of one of its subclasses (Objective-C's
/// `isKindOfClass:`), for a class known only at run time (`AnyClass`).
struct ASDisplayNodeKindTest {
    let matches: (ASDisplayNode) -> Bool

    init(_ nodeClass: AnyClass) {
        // Opening the class as a type parameter lets Swift's `is` do the subclass test.
        func test<T: AnyObject>(_: T.Type) -> (ASDisplayNode) -> Bool { { $0 is T } }
        matches = test(nodeClass)
    }
}
