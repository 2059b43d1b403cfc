import Foundation
import Testing
@testable import Weft

/// Converting points and rectangles between nodes, layers and views, through transforms.
@Suite struct CoordinateConversionTests {
    private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func throughFramesAndBoundsOrigins() {
        let outer = ASDisplayNode(), inner = ASDisplayNode()
        outer.addSubnode(inner)
        outer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        inner.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: outer) == CGPoint(x: 15, y: 15))
        #expect(inner.convert(CGPoint(x: 15, y: 15), from: outer) == CGPoint(x: 5, y: 5))
        outer.bounds = CGRect(x: 20, y: 20, width: 100, height: 100)
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: outer) == CGPoint(x: 15, y: 15), "inner's frame is in outer's bounds space")
        inner.bounds = CGRect(x: 3, y: 3, width: 20, height: 20)
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: outer) == CGPoint(x: 12, y: 12))
        #expect(inner.convert(CGRect(x: 3, y: 3, width: 4, height: 4), to: outer) == CGRect(x: 10, y: 10, width: 4, height: 4))
    }

    /// A child turned 90° about its centre maps its top-left corner to the top-right of its frame.
    @Test func throughTransformsAndSubnodeTransforms() {
        let outer = ASDisplayNode(), inner = ASDisplayNode()
        outer.addSubnode(inner)
        outer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        inner.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        inner.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(inner.convert(CGPoint.zero, to: outer), CGPoint(x: 30, y: 10)))
        #expect(close(inner.convert(CGPoint(x: 30, y: 10), from: outer), .zero))
        let rect = inner.convert(CGRect(x: 0, y: 0, width: 20, height: 10), to: outer)
        #expect(abs(rect.minX - 20) < 1e-9 && abs(rect.width - 10) < 1e-9 && abs(rect.height - 20) < 1e-9)
        inner.transform = CATransform3DIdentity
        outer.subnodeTransform = CATransform3DMakeTranslation(5, 7, 0)
        #expect(inner.convert(CGPoint.zero, to: outer) == CGPoint(x: 15, y: 17))
    }

    @Test func aNilNodeIsTheRootOfANodeNotLoaded() {
        let root = ASDisplayNode(), middle = ASDisplayNode(), leaf = ASDisplayNode()
        root.addSubnode(middle)
        middle.addSubnode(leaf)
        root.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        middle.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        leaf.frame = CGRect(x: 1, y: 2, width: 5, height: 5)
        #expect(leaf.convert(CGPoint.zero, to: nil) == CGPoint(x: 11, y: 12))
        #expect(leaf.convert(CGPoint(x: 11, y: 12), from: nil) == .zero)
    }

    @Test func disjointHierarchiesAreReported() {
        let a = ASDisplayNode(), b = ASDisplayNode()
        a.frame = CGRect(x: 10, y: 0, width: 10, height: 10)
        b.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let (point, reports) = WeftDiagnostics.collect(matching: "not in one hierarchy") { a.convert(CGPoint.zero, to: b) }
        #expect(point == .zero && reports.count == 1)
    }

    @MainActor @Test func viewsAndLayersConvertAsTheirNodes() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let container = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
        window.addSubview(container)
        let node = ASDisplayNode(), child = ASDisplayNode()
        node.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
        child.frame = CGRect(x: 1, y: 1, width: 10, height: 10)
        node.addSubnode(child)
        container.addSubnode(node)
        #expect(child.view.convert(CGPoint(x: 2, y: 2), to: container) == CGPoint(x: 8, y: 8))
        #expect(child.view.convert(CGPoint(x: 2, y: 2), to: nil) == CGPoint(x: 28, y: 38), "nil: the window")
        #expect(child.convert(CGPoint(x: 2, y: 2), to: nil) == CGPoint(x: 28, y: 38), "a loaded node: its window")
        #expect(container.convert(CGPoint(x: 8, y: 8), to: child.view) == CGPoint(x: 2, y: 2))
        #expect(child.layer.convert(CGPoint(x: 2, y: 2), to: node.layer) == CGPoint(x: 3, y: 3))
        let plain = CALayer()
        plain.frame = CGRect(x: 4, y: 4, width: 10, height: 10)
        node.layer.addSublayer(plain)
        #expect(plain.convert(CGPoint.zero, to: child.layer) == CGPoint(x: 3, y: 3))
        let lonely = ASDisplayNode()
        _ = lonely.view
        #expect(lonely.convert(CGPoint(x: 3, y: 4), to: nil) == CGPoint(x: 3, y: 4), "loaded, in no window: unchanged")
    }
}
