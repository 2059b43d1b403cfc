/// Nodes are equal only to themselves and hash by identity, as Texture's nodes, being `NSObject`s
/// that do not override `isEqual:` and `hash`, are: so nodes go in a `Set` or as dictionary keys,
/// and `XCTAssertEqual(node, other)` compiles as it does against Texture.
extension ASDisplayNode: Hashable {
    public static func == (lhs: ASDisplayNode, rhs: ASDisplayNode) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
