import Foundation
import Testing
import Weft

/// UIKit's hit testing: the deepest interactive, visible view under a point, front to back.
@MainActor @Suite struct HitTestTests {
    @Test func theFrontmostDeepestInteractiveViewIsHit() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let front = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(inner)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 45, y: 45), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === inner)
        #expect(root.hitTest(CGPoint(x: 95, y: 5), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 5), with: nil) == nil)
        inner.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === front)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === back)
    }

    /// A node's subnodes' views are its view's subviews, so they are hit too.
    @Test func aSubnodesViewIsHit() {
        let parent = ASDisplayNode(), child = ASDisplayNode()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 50, y: 50, width: 20, height: 20)
        parent.addSubnode(child)
        #expect(parent.view.hitTest(CGPoint(x: 60, y: 60), with: nil) === child.view)
        #expect(parent.view.hitTest(CGPoint(x: 10, y: 60), with: nil) === parent.view)
    }
}
