import Foundation
import Testing
@testable import Weft

/// The semantic content attribute, effective directions, and nodes laying out right to left.
@Suite struct RTLNodeTests {
    @Test func semanticContentAttributeHasUIKitsRawValues() {
        #expect([UISemanticContentAttribute.unspecified, .playback, .spatial, .forceLeftToRight, .forceRightToLeft].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(ASDisplayNode().semanticContentAttribute == .unspecified)
    }

    @Test(arguments: [(UISemanticContentAttribute.unspecified, UIUserInterfaceLayoutDirection.rightToLeft), (.playback, .leftToRight),
                      (.spatial, .leftToRight), (.forceLeftToRight, .leftToRight), (.forceRightToLeft, .rightToLeft)])
    func effectiveDirectionInARightToLeftInterface(_ attribute: UISemanticContentAttribute, _ expected: UIUserInterfaceLayoutDirection) {
        let node = ASDisplayNode()
        node.setPrimitiveTraitCollection(RTL.rightToLeft)
        node.semanticContentAttribute = attribute
        #expect(node.effectiveUserInterfaceLayoutDirection == expected)
    }

    @Test func effectiveDirectionFollowsTheTraits() {
        let node = ASDisplayNode()
        #expect(node.effectiveUserInterfaceLayoutDirection == .leftToRight)  // unspecified traits
        node.setPrimitiveTraitCollection(RTL.rightToLeft)
        #expect(node.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        node.setPrimitiveTraitCollection(RTL.leftToRight)
        node.semanticContentAttribute = .forceRightToLeft
        #expect(node.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @MainActor @Test func viewsAnswerAsUIKit() {
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceLeftToRight, relativeTo: .rightToLeft) == .leftToRight)

        let node = ASDisplayNode()
        node.setPrimitiveTraitCollection(RTL.rightToLeft)
        let view = node.view
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        view.semanticContentAttribute = .forceLeftToRight  // bridged to the node, as in Texture
        #expect(node.semanticContentAttribute == .forceLeftToRight)
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)

        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(plain.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.addSubview(plain)
        // The node's traits reach the view; its forced attribute does not (UIKit: no propagation).
        #expect(plain.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        plain.semanticContentAttribute = .playback
        #expect(plain.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    /// A 200-wide node whose spec is a row [a 30, inner 100] (spacing 10) inset 10 on the left;
    /// `inner` lays out its own row [c 20, d 30] in its 100 points.
    final class Container: ASDisplayNode, @unchecked Sendable {
        let a = L.box(30, 30), c = L.box(20, 30), d = L.box(30, 30)
        let inner = ASDisplayNode()

        override init() {
            super.init()
            automaticallyManagesSubnodes = true
            inner.automaticallyManagesSubnodes = true
            inner.style.preferredSize = CGSize(width: 100, height: 30)
            inner.layoutSpecBlock = { [c, d] _, _ in ASStackLayoutSpec(direction: .horizontal, children: [c, d]) }
        }

        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            let row = ASStackLayoutSpec(direction: .horizontal, spacing: 10, children: [a, inner])
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0), child: row)
        }

        /// x of a and inner in the container, and of c and d in inner, after laying out 200 wide.
        func xs() -> [CGFloat?] {
            let layout = withScreenScale(2) { layoutThatFits(RTL.width(200)) }
            let innerLayout = inner.calculatedLayout
            return [LayoutCase.frame(of: a, in: layout)?.minX, LayoutCase.frame(of: inner, in: layout)?.minX,
                    innerLayout.flatMap { LayoutCase.frame(of: c, in: $0)?.minX }, innerLayout.flatMap { LayoutCase.frame(of: d, in: $0)?.minX }]
        }
    }

    @Test func aNodeLaysOutRightToLeftFromItsTraits() {
        // The row is 190 wide, LTR a 0, inner 40; the inset puts it at 10. RTL the row sits at 0,
        // a at 190 − 30 = 160, inner at 190 − 40 − 100 = 50; in inner, c 100 − 20 = 80, d 100 − 20 − 30 = 50.
        let node = Container()
        ASTraitCollectionPropagateDown(node, RTL.rightToLeft)
        #expect(node.xs() == [160, 50, 80, 50])
        ASTraitCollectionPropagateDown(node, RTL.leftToRight)
        #expect(node.xs() == [10, 50, 0, 20])
    }

    @Test func forceLeftToRightInsideRightToLeftLaysTheNodesOwnSpecOutLeftToRight() {
        // The container's specs lay out left to right; `inner` keeps the interface's direction
        // (the attribute is the container's alone, as UIKit's does not propagate) unless it is forced too.
        let node = Container()
        ASTraitCollectionPropagateDown(node, RTL.rightToLeft)
        node.semanticContentAttribute = .forceLeftToRight
        #expect(node.xs() == [10, 50, 80, 50])
        #expect(node.inner.primitiveTraitCollection().layoutDirection == .rightToLeft)
        let forced = Container()
        ASTraitCollectionPropagateDown(forced, RTL.rightToLeft)
        forced.semanticContentAttribute = .forceLeftToRight
        forced.inner.semanticContentAttribute = .forceLeftToRight
        #expect(forced.xs() == [10, 50, 0, 20])
    }

    @Test func forceRightToLeftInsideLeftToRight() {
        let node = Container()
        node.semanticContentAttribute = .forceRightToLeft
        #expect(node.xs() == [160, 50, 0, 20])
    }

    @Test func changingTheDirectionLaysTheNodeOutAgain() {
        let node = Container()
        #expect(node.xs() == [10, 50, 0, 20])
        ASTraitCollectionPropagateDown(node, RTL.rightToLeft)
        #expect(node.xs() == [160, 50, 80, 50])
        node.semanticContentAttribute = .playback
        #expect(node.xs() == [10, 50, 80, 50])
    }
}
