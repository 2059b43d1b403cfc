import Foundation
import Testing
@testable import Weft

@Suite struct CALayerTests {
    /// A layer of its own has Core Animation's defaults and derives its frame from bounds,
    /// position and anchor point.
    @Test func defaultsAndGeometry() {
        let layer = CALayer()
        #expect(layer.opacity == 1 && !layer.isHidden && !layer.isOpaque && layer.backgroundColor == nil)
        #expect(layer.borderColor == UIColor.black.cgColor && layer.shadowOpacity == 0 && layer.shadowRadius == 3)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3) && layer.shadowColor == UIColor.black.cgColor)
        #expect(layer.allowsGroupOpacity && !layer.allowsEdgeAntialiasing && !layer.needsDisplayOnBoundsChange)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerTopEdge, .layerBottomEdge])
        #expect(layer.contentsScale == 1 && layer.zPosition == 0 && CATransform3DIsIdentity(layer.transform))
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        layer.position = CGPoint(x: 10, y: 20)
        layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 80)
        #expect(layer.frame == CGRect(x: -5, y: -40, width: 60, height: 80))
        layer.frame = CGRect(x: 10, y: 20, width: 60, height: 80)
        #expect(layer.position == CGPoint(x: 25, y: 80) && layer.bounds.size == CGSize(width: 60, height: 80))
    }

    /// A node's layer is the node's state: writes through either side read back on the other,
    /// before and after the node loads.
    @MainActor @Test func aNodesLayerShowsTheNode() {
        let node = ASDisplayNode()
        node.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        node.shadowOpacity = 0.5
        node.zPosition = 2
        let layer = node.layer
        #expect(layer.transform == CATransform3DMakeScale(0.5, 0.5, 1) && layer.shadowOpacity == 0.5 && layer.zPosition == 2)
        layer.sublayerTransform = CATransform3DMakeTranslation(1, 2, 3)
        layer.shadowRadius = 7
        layer.opacity = 0.25
        layer.frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        #expect(node.subnodeTransform == CATransform3DMakeTranslation(1, 2, 3) && node.shadowRadius == 7 && node.alpha == 0.25)
        #expect(node.frame == CGRect(x: 1, y: 2, width: 30, height: 40) && node.view.frame == node.frame)
        #expect(node.view.layer === layer && ASLayerToDisplayNode(layer) === node && ASViewToDisplayNode(node.view) === node)
    }

    /// The layer tree follows the node tree: a node's sublayers list its subnodes' layers in order.
    /// A node's layer added to a node's layer is a sublayer, not a subnode, as in Texture; Texture's
    /// `CALayer.addSubnode(_:)` on a node's layer adds a subnode.
    @MainActor @Test func theLayerTreeFollowsTheNodeTree() {
        let parent = ASDisplayNode(), a = ASDisplayNode(), b = ASDisplayNode(), c = ASDisplayNode()
        parent.addSubnode(a)
        parent.addSubnode(b)
        #expect(parent.layerObject.sublayers?.map(ObjectIdentifier.init) == [a, b].map { ObjectIdentifier($0.layerObject) })
        #expect(a.layerObject.superlayer === parent.layerObject)
        parent.layerObject.insertSublayer(c.layerObject, below: b.layerObject)
        #expect(parent.subnodes.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(parent.layerObject.sublayers?.map(ObjectIdentifier.init) == [a, c, b].map { ObjectIdentifier($0.layerObject) })
        c.layerObject.removeFromSuperlayer()
        #expect(c.supernode == nil && parent.layerObject.sublayers?.count == 2)
        // A subnode's layer moved with `addSublayer` leaves its supernode.
        parent.layerObject.addSublayer(a.layerObject)
        #expect(a.supernode == nil && parent.subnodes.map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
        #expect(parent.layerObject.sublayers?.map(ObjectIdentifier.init) == [b, a].map { ObjectIdentifier($0.layerObject) })
        parent.layer.addSubnode(c)
        #expect(c.supernode === parent && parent.subnodes.count == 2)

        // A layer of its own takes its place in the one list, and is not a subnode.
        let plain = CALayer()
        parent.layerObject.insertSublayer(plain, at: 0)
        #expect(parent.layerObject.sublayers?.first === plain && plain.superlayer === parent.layerObject && parent.subnodes.count == 2)
        plain.removeFromSuperlayer()
        #expect(parent.layerObject.sublayers?.count == 3 && plain.superlayer == nil)
    }

    @Test func plainLayerTreesRefuseCycles() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let (_, reports) = WeftDiagnostics.collect(matching: "cycle") { grandchild.addSublayer(root) }
        #expect(reports.count == 1 && root.superlayer == nil)
        root.insertSublayer(grandchild, above: child)
        #expect(root.sublayers?.count == 2 && root.sublayers?.last === grandchild && child.sublayers == nil)
        root.sublayers = nil
        #expect(root.sublayers == nil && child.superlayer == nil)
    }

    /// Bad values are repaired and named in a diagnostic, on a node's layer and on a layer of its own.
    @Test func badValuesAreRepairedAndReported() {
        let node = ASDisplayNode()
        node.debugName = "layers-\(UUID().uuidString)"
        var bad = CATransform3DIdentity
        bad.m11 = .nan
        let (_, reports) = WeftDiagnostics.collect(matching: node.debugName) {
            node.transform = bad
            node.shadowRadius = -2
            node.zPosition = .infinity
            node.shadowOpacity = .nan
        }
        #expect(CATransform3DIsIdentity(node.transform) && node.shadowRadius == 0 && node.zPosition == 0 && node.shadowOpacity == 0)
        #expect(reports.count == 4 && reports.contains { $0.message.contains("nan") })
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        let (_, flat) = WeftDiagnostics.collect(matching: "perspective") { node.transform = perspective }
        #expect(flat.count == 1 && node.transform == perspective, "kept, as Core Animation keeps it, and reported")
        let layer = CALayer()
        let (_, own) = WeftDiagnostics.collect(matching: "shadowRadius") { layer.shadowRadius = .infinity }
        #expect(layer.shadowRadius == WeftLimits.maximumShadowRadius && own.count >= 1)
    }

    /// The node's bridged view and layer properties keep Texture's defaults before loading.
    @Test func nodeDefaults() {
        let node = ASDisplayNode()
        #expect(!node.isLayerBacked && node.supportsLayerBacking && node.isUserInteractionEnabled && !node.isExclusiveTouch)
        #expect(node.autoresizingMask == [] && node.autoresizesSubviews && !node.preservesSuperviewLayoutMargins)
        #expect(node.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(node.shadowOffset == CGSize(width: 0, height: -3) && node.shadowRadius == 3 && node.allowsGroupOpacity)
        #expect(!ASDisplayNode(viewBlock: { UIView() }).supportsLayerBacking)
        let layerBacked = ASDisplayNode()
        layerBacked.isLayerBacked = true
        layerBacked.isUserInteractionEnabled = true
        #expect(layerBacked.isLayerBacked && !layerBacked.isUserInteractionEnabled)
    }

    /// A layer block's layer shows the node's state, and the node needs no view.
    @MainActor @Test func layerBlockNodes() {
        let made = CALayer()
        made.cornerRadius = 9
        let node = ASDisplayNode(layerBlock: { made })
        node.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(node.isLayerBacked && !node.isNodeLoaded)
        #expect(node.layer === made && node.isNodeLoaded)
        #expect(made.frame == CGRect(x: 1, y: 2, width: 3, height: 4) && made.cornerRadius == 0, "the node's values win")
        let (_, reports) = WeftDiagnostics.collect(matching: "isLayerBacked") { node.isLayerBacked = false }
        #expect(node.isLayerBacked && reports.count == 1)
    }
}
