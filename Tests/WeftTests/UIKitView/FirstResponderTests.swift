import Foundation
import Testing
@testable import Weft

/// The first responder, as UIKit keeps it and Texture bridges it.
@MainActor @Suite struct FirstResponderTests {
    final class Field: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    final class ResponderNode: ASDisplayNode, @unchecked Sendable {
        // SAFETY: main-actor use only.
        override func canBecomeFirstResponder() -> Bool { true }
    }

    @Test func aViewBecomesItsWindowsFirstResponder() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = Field(), second = Field(), plain = UIView()
        #expect(!first.becomeFirstResponder(), "in no window")
        window.addSubview(first)
        window.addSubview(second)
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder(), "cannot become one")
        #expect(first.becomeFirstResponder() && first.isFirstResponder)
        #expect(second.becomeFirstResponder() && second.isFirstResponder && !first.isFirstResponder)
        #expect(second.resignFirstResponder() && !second.isFirstResponder)
        first.becomeFirstResponder()
        first.removeFromSuperview()
        #expect(!first.isFirstResponder, "a view that left its window is no longer one")
    }

    @Test func nodesAnswerThroughTheirViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let plain = ASDisplayNode()
        #expect(!plain.canBecomeFirstResponder() && !plain.becomeFirstResponder() && !plain.isFirstResponder())
        #expect(plain.canResignFirstResponder())
        let node = ResponderNode()
        window.addSubnode(node)
        window.makeKeyAndVisible()
        #expect(node.view.canBecomeFirstResponder, "the view asks the node")
        #expect(node.becomeFirstResponder() && node.isFirstResponder() && node.view.isFirstResponder)
        #expect(window.firstResponderView === node.view)
        #expect(node.resignFirstResponder() && !node.isFirstResponder())
        let layerBacked = ResponderNode()
        layerBacked.isLayerBacked = true
        #expect(!layerBacked.becomeFirstResponder(), "no view")
    }
}
