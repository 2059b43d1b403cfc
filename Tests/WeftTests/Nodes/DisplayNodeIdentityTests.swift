import Testing
import Weft

/// Nodes compare and hash by identity, as Texture's `NSObject` nodes do.
@Suite struct DisplayNodeIdentityTests {
    @Test func nodesAreEqualAndHashByIdentity() {
        let a = ASDisplayNode(), b = ASDisplayNode()
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
        let text: ASDisplayNode = ASTextNode()
        #expect([a, text].firstIndex(of: text) == 1)
    }
}
