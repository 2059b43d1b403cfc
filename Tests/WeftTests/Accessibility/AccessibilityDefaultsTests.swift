import Foundation
import Testing
import Weft

/// Texture's accessibility defaults per node class (ASTextNode.mm, ASButtonNode.mm,
/// ASDisplayNode.mm), and UIKit's trait raw values.
@Suite struct AccessibilityDefaultsTests {
    @Test func traitRawValuesAreUIKits() {
        let expected: [(UIAccessibilityTraits, UInt64)] = [
            (.none, 0), (.button, 0x1), (.link, 0x2), (.image, 0x4), (.selected, 0x8), (.playsSound, 0x10),
            (.keyboardKey, 0x20), (.staticText, 0x40), (.summaryElement, 0x80), (.notEnabled, 0x100),
            (.updatesFrequently, 0x200), (.searchField, 0x400), (.startsMediaSession, 0x800), (.adjustable, 0x1000),
            (.allowsDirectInteraction, 0x2000), (.causesPageTurn, 0x4000), (.tabBar, 0x8000), (.header, 0x10000),
        ]
        for (trait, raw) in expected { #expect(trait.rawValue == raw, "\(trait)") }
        #expect(UIAccessibilityTraits([.button, .notEnabled]).description == "[button, notEnabled]")
        #expect(UIAccessibilityTraits([.header, .button, .notEnabled]).spokenNames == ["Dimmed", "Button", "Heading"])
    }

    @Test func plainNodeIsNotAnElement() {
        let node = ASDisplayNode()
        #expect(!node.isAccessibilityElement)
        #expect(node.accessibilityLabel == nil && node.accessibilityValue == nil && node.accessibilityHint == nil)
        #expect(node.accessibilityTraits == .none && node.accessibilityIdentifier == nil && node.accessibilityLanguage == nil)
        #expect(!node.accessibilityElementsHidden && !node.accessibilityViewIsModal)
        #expect(!node.shouldGroupAccessibilityChildren && !node.isAccessibilityContainer)
        #expect(node.accessibilityElements == nil)
    }

    @Test func textNodeIsAStaticTextElementLabelledByItsText() {
        let node = ASTextNode()
        #expect(!node.isAccessibilityElement, "Texture: an element only while it has text")
        #expect(node.accessibilityTraits == .staticText)
        node.attributedText = NSAttributedString(string: "Hello")
        #expect(node.isAccessibilityElement)
        #expect(node.accessibilityLabel == "Hello" && node.accessibilityAttributedLabel?.string == "Hello")
        node.attributedText = NSAttributedString(string: "Bye")
        #expect(node.accessibilityLabel == "Bye", "the default label follows the text")
        node.accessibilityLabel = "Farewell"
        node.isAccessibilityElement = false
        #expect(node.accessibilityLabel == "Farewell" && !node.isAccessibilityElement, "set values win")
        node.accessibilityLabel = nil
        #expect(node.accessibilityLabel == nil, "set to nil stays nil, as in UIKit")
    }

    @Test func buttonIsAButtonElementLabelledByItsTitle() {
        let button = ASButtonNode()
        button.setTitle("Sign in", with: nil, with: nil, for: .normal)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Sign in")
        #expect(button.accessibilityTraits == .button)
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        button.isEnabled = true
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .selected])
        button.accessibilityTraits = .link
        #expect(button.accessibilityTraits == .link)
    }

    @Test func imageNodeHasTheImageTraitButIsNotAnElement() {
        let image = ASImageNode()
        #expect(!image.isAccessibilityElement)
        #expect(image.accessibilityTraits == .image)
    }

    @Test func cellsAndControlsAreNotElements() {
        let cell = ASTextCellNode()
        cell.text = "Row"
        #expect(!cell.isAccessibilityElement && cell.accessibilityLabel == nil && cell.accessibilityTraits == .none)
        #expect(!ASCellNode().isAccessibilityElement && !ASControlNode().isAccessibilityElement)
    }

    @Test func accessibilityFrameIsInTheRootsCoordinates() {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let middle = ASDisplayNode()
        middle.frame = CGRect(x: 10, y: 20, width: 200, height: 200)
        middle.bounds = CGRect(x: 5, y: 5, width: 200, height: 200)
        let leaf = ASDisplayNode()
        leaf.frame = CGRect(x: 30, y: 40, width: 50, height: 60)
        root.addSubnode(middle)
        middle.addSubnode(leaf)
        #expect(leaf.accessibilityFrame == CGRect(x: 35, y: 55, width: 50, height: 60))
        #expect(leaf.accessibilityActivationPoint == CGPoint(x: 60, y: 85))
        #expect(root.accessibilityFrame == CGRect(x: 0, y: 0, width: 300, height: 300))
        leaf.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(leaf.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func valuesAreSendable() {
        func sendable<T: Sendable>(_: T.Type) {}
        sendable(UIAccessibilityTraits.self)
        sendable(AccessibilityElement.self)
    }

    /// The values sit behind the node's accessibility lock: writers and readers on many threads
    /// at once see whole values.
    @Test func concurrentReadsAndWritesSeeWholeValues() {
        // Nodes are thread-safe but not Sendable (so that subclasses need not be), as elsewhere.
        nonisolated(unsafe) let node = ASTextNode()
        node.attributedText = NSAttributedString(string: "Text")
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            if index.isMultiple(of: 2) {
                node.accessibilityLabel = "Label \(index)"
                node.accessibilityTraits = index.isMultiple(of: 4) ? .header : .button
            } else {
                let label = node.accessibilityLabel ?? ""
                #expect(label == "Text" || label.hasPrefix("Label "))
                #expect([.staticText, .header, .button].contains(node.accessibilityTraits))
            }
        }
    }

    /// Subclasses override the properties, as UIKit code does.
    final class Badge: ASDisplayNode {
        override var isAccessibilityElement: Bool { get { true } set {} }
        override var accessibilityLabel: String? { get { "3 unread" } set {} }
    }

    @Test func subclassesCanOverride() {
        let root = TestSupport.host(CGSize(width: 100, height: 100), Badge())
        root.subnodes[0].frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(root.accessibilityElementsInReadingOrder().map(\.label) == ["3 unread"])
    }
}
