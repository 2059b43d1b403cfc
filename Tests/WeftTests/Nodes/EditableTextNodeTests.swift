import Foundation
import Testing
import Weft
import WeftTesting

/// Texture's `ASEditableTextNode`: measuring, the placeholder, first responder and the delegate,
/// text geometry, and what it draws.
@MainActor @Suite struct EditableTextNodeTests {
    static let font = UIFont.systemFont(ofSize: 14)

    static func text(_ string: String, color: UIColor = .black) -> NSAttributedString {
        NSAttributedString(string: string, attributes: [.font: font, .foregroundColor: color])
    }

    /// The size an `ASTextNode` measures for `text` at `width`: the same pango layout.
    static func textSize(_ text: NSAttributedString, width: CGFloat, lines: UInt = 0) -> CGSize {
        let node = ASTextNode()
        node.attributedText = text
        node.maximumNumberOfLines = lines
        return node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
    }

    static func ceiled(_ size: CGSize) -> CGSize { CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up)) }

    /// Records what an editable text node tells its delegate, in order.
    final class RecordingDelegate: ASEditableTextNodeDelegate {
        var events: [String] = []
        var allowsBeginning = true
        var allowsChanges = true

        func editableTextNodeShouldBeginEditing(_ editableTextNode: ASEditableTextNode) -> Bool {
            events.append("shouldBegin")
            return allowsBeginning
        }
        func editableTextNodeDidBeginEditing(_ editableTextNode: ASEditableTextNode) { events.append("didBegin") }
        func editableTextNode(_ editableTextNode: ASEditableTextNode, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            events.append("shouldChange {\(range.location), \(range.length)} \"\(text)\"")
            return allowsChanges
        }
        func editableTextNodeDidChangeSelection(_ editableTextNode: ASEditableTextNode, fromSelectedRange: NSRange,
                                                toSelectedRange: NSRange, dueToEditing: Bool) {
            events.append("selection {\(fromSelectedRange.location), \(fromSelectedRange.length)} -> {\(toSelectedRange.location), \(toSelectedRange.length)}\(dueToEditing ? " editing" : "")")
        }
        func editableTextNodeDidUpdateText(_ editableTextNode: ASEditableTextNode) {
            events.append("didUpdate \"\(editableTextNode.attributedText?.string ?? "")\"")
        }
        func editableTextNodeDidFinishEditing(_ editableTextNode: ASEditableTextNode) { events.append("didFinish") }
    }

    @Test func defaultsAreTextures() {
        let node = ASEditableTextNode()
        #expect(node.isDisplayingPlaceholder() && node.attributedText == nil)
        #expect(node.attributedPlaceholderText?.length == 0)
        #expect(node.textContainerInset == .zero && node.maximumLinesToDisplay == 0 && node.scrollEnabled)
        #expect(node.typingAttributes == nil && node.selectedRange == NSRange(location: 0, length: 0))
        #expect(node.autocapitalizationType == .sentences && node.autocorrectionType == .default && node.spellCheckingType == .default)
        #expect(node.keyboardType == .default && node.keyboardAppearance == .default && node.returnKeyType == .default)
        #expect(!node.enablesReturnKeyAutomatically && !node.isSecureTextEntry)
        #expect(!node.supportsLayerBacking)
        node.isLayerBacked = true
        #expect(!node.isLayerBacked, "view-backed only")
        #expect(!node.canBecomeFirstResponder() && !node.isFirstResponder(), "no text view before loading")
    }

    @Test func theTraitsAndTypingAttributesAreTheTextViews() {
        let node = ASEditableTextNode()
        node.keyboardType = .emailAddress
        node.returnKeyType = .done
        node.typingAttributes = [NSAttributedString.Key.font.rawValue: Self.font]
        #expect(node.textView.keyboardType == .emailAddress && node.textView.returnKeyType == .done, "set before loading")
        node.isSecureTextEntry = true
        #expect(node.textView.isSecureTextEntry, "set after loading")
        node.textView.autocapitalizationType = .none
        #expect(node.autocapitalizationType == .none)
        #expect(node.textView.typingAttributes[.font] as? UIFont == Self.font)
        #expect(node.textView.isEditable && node.textView.delegate != nil && node.textView.superview === node.view)
    }

    @Test func theTextOrThePlaceholderIsMeasuredAtTheConstrainedWidth() {
        let node = ASEditableTextNode()
        #expect(node.calculateSizeThatFits(CGSize(width: 200, height: 100)) == .zero, "no text, no placeholder")
        let placeholder = Self.text("Say something")
        node.attributedPlaceholderText = placeholder
        #expect(node.calculateSizeThatFits(CGSize(width: 200, height: 100)) == Self.ceiled(Self.textSize(placeholder, width: 200)))
        let text = Self.text("Hello")
        node.attributedText = text
        let size = Self.textSize(text, width: 200)
        #expect(node.calculateSizeThatFits(CGSize(width: 200, height: 100)) == Self.ceiled(size), "rounded up to whole points, as Texture's")
        node.textContainerInset = UIEdgeInsets(top: 4, left: 3, bottom: 6, right: 2)
        #expect(node.calculateSizeThatFits(CGSize(width: 200, height: 100))
                == CGSize(width: (size.width + 5).rounded(.up), height: (size.height + 10).rounded(.up)))
        #expect(node.calculateSizeThatFits(CGSize(width: 20, height: 12)) == CGSize(width: 20, height: 12), "at most the constrained size")
    }

    @Test func maximumLinesToDisplayLimitsTheHeightOnly() {
        let node = ASEditableTextNode()
        let text = Self.text("one two three four five six seven eight nine ten eleven twelve")
        node.attributedText = text
        let full = node.calculateSizeThatFits(CGSize(width: 80, height: CGFloat.infinity))
        node.maximumLinesToDisplay = 2
        let limited = node.calculateSizeThatFits(CGSize(width: 80, height: CGFloat.infinity))
        #expect(full.height > limited.height)
        #expect(limited.width == full.width, "the width of all the lines")
        #expect(limited.height == Self.textSize(text, width: 80, lines: 2).height.rounded(.up))
        node.maximumLinesToDisplay = 100
        #expect(node.calculateSizeThatFits(CGSize(width: 80, height: CGFloat.infinity)) == full, "fewer lines than the limit")
    }

    @Test func thePlaceholderShowsWhileThereIsNoText() {
        let node = ASEditableTextNode()
        node.attributedPlaceholderText = Self.text("Placeholder")
        node.attributedText = Self.text("Typed")
        #expect(!node.isDisplayingPlaceholder() && node.attributedText?.string == "Typed")
        node.attributedText = nil
        #expect(node.isDisplayingPlaceholder() && node.attributedText == nil)
        node.textView.text = "From the view"
        #expect(!node.isDisplayingPlaceholder() && node.attributedText?.string == "From the view", "the text view edits the node's text")
        node.attributedText = NSAttributedString(string: "")
        #expect(node.isDisplayingPlaceholder() && node.textView.text == "")
        #expect(node.textView.accessibilityHint == "Placeholder", "Texture's hint")
    }

    @Test func firstResponderBeginsAndFinishesEditingThroughTheDelegate() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let node = ASEditableTextNode()
        let delegate = RecordingDelegate()
        node.delegate = delegate
        delegate.allowsBeginning = false
        #expect(!node.becomeFirstResponder(), "not loaded: no text view")
        window.addSubnode(node)
        #expect(node.canBecomeFirstResponder())
        #expect(!node.becomeFirstResponder() && !node.isFirstResponder())
        #expect(delegate.events == ["shouldBegin"])
        delegate.allowsBeginning = true
        delegate.events = []
        #expect(node.becomeFirstResponder() && node.isFirstResponder() && node.textView.isFirstResponder && node.view.isFirstResponder)
        #expect(delegate.events == ["shouldBegin", "didBegin"])
        #expect(node.becomeFirstResponder() && delegate.events.count == 2, "already first responder")
        delegate.events = []
        #expect(node.resignFirstResponder() && !node.isFirstResponder())
        #expect(delegate.events == ["didFinish"])
        node.view.becomeFirstResponder()
        #expect(node.textView.isFirstResponder, "the node's view answers through the node")
        delegate.events = []
        node.view.removeFromSuperview()
        #expect(delegate.events == ["didFinish"], "leaving the window finishes editing")
    }

    @Test func typingAsksAndTellsTheDelegateAndSettingInCodeDoesNot() {
        let node = ASEditableTextNode()
        let delegate = RecordingDelegate()
        node.delegate = delegate
        node.typingAttributes = [NSAttributedString.Key.foregroundColor.rawValue: UIColor.red]
        node.textView.insertText("Hi")
        #expect(delegate.events == ["shouldChange {0, 0} \"Hi\"", "selection {0, 0} -> {2, 0} editing", "didUpdate \"Hi\""])
        #expect(node.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .red, "typed in the typing attributes")
        delegate.events = []
        node.attributedText = Self.text("Hello")
        #expect(delegate.events.isEmpty, "Texture calls no delegate method for text set in code")
        #expect(node.selectedRange == NSRange(location: 5, length: 0), "the cursor at the end stays at the end")
        node.selectedRange = NSRange(location: 1, length: 3)
        #expect(delegate.events == ["selection {2, 0} -> {1, 3}"])
        node.attributedText = Self.text("Hello world")
        #expect(node.selectedRange == NSRange(location: 1, length: 3), "a selection inside the text is kept")
        delegate.events = []
        node.textView.deleteBackward()
        #expect(node.attributedText?.string == "Ho world")
        #expect(delegate.events == ["shouldChange {1, 3} \"\"", "selection {1, 3} -> {1, 0} editing", "didUpdate \"Ho world\""])
        delegate.allowsChanges = false
        delegate.events = []
        node.textView.insertText("!")
        #expect(node.attributedText?.string == "Ho world" && delegate.events == ["shouldChange {1, 0} \"!\""], "refused")
    }

    @Test func aSelectionOutsideTheTextIsCutAndReported() {
        let node = ASEditableTextNode()
        node.debugName = "selection-outside"
        node.attributedText = Self.text("abc")
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "selection-outside") {
            node.selectedRange = NSRange(location: 2, length: 5)
        }
        #expect(node.selectedRange == NSRange(location: 2, length: 1))
        #expect(diagnostics.contains { $0.message.contains("{2, 5}") })
    }

    @Test func frameForTextRangeIsInTheNodesCoordinates() {
        let node = ASEditableTextNode()
        node.debugName = "frame-range"
        node.attributedText = Self.text("Hello world")
        node.textContainerInset = UIEdgeInsets(top: 5, left: 7, bottom: 0, right: 0)
        node.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        let hello = node.frame(forTextRange: NSRange(location: 0, length: 5))
        let world = node.frame(forTextRange: NSRange(location: 6, length: 5))
        #expect(hello.minX == 7 && hello.minY == 5 && hello.width > 0 && hello.height > 0)
        #expect(world.minX > hello.maxX && world.minY == hello.minY)
        #expect(node.frame(forTextRange: NSRange(location: 3, length: 0)) == .zero, "no glyphs")
        let (frame, diagnostics) = WeftDiagnostics.collect(matching: "frame-range") {
            node.frame(forTextRange: NSRange(location: 8, length: 10))
        }
        #expect(frame == .zero && diagnostics.contains { $0.message.contains("{8, 10}") })
    }

    @Test func theNodeDrawsItsPlaceholderOrItsText() throws {
        let placeholder = ASEditableTextNode()
        placeholder.attributedPlaceholderText = Self.text("Write a comment", color: .gray)
        placeholder.textContainerInset = UIEdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        placeholder.frame = CGRect(x: 4, y: 4, width: 140, height: 26)
        expectGolden(TestSupport.host(CGSize(width: 148, height: 34), placeholder), named: "nodes/ASEditableTextNode/placeholder", scales: [2])

        let text = ASEditableTextNode()
        text.attributedPlaceholderText = Self.text("Write a comment", color: .gray)
        text.attributedText = Self.text("Nice photo!")
        text.textContainerInset = UIEdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        text.frame = CGRect(x: 4, y: 4, width: 140, height: 26)
        expectGolden(TestSupport.host(CGSize(width: 148, height: 34), text), named: "nodes/ASEditableTextNode/text", scales: [2])

        // The text view is transparent over the node: the node's view draws the text once.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 112, height: 26))
        text.frame = window.bounds
        window.addSubnode(text)
        let viaView = try text.view.renderBitmap(scale: 1)
        let viaNode = try text.renderBitmap(scale: 1)
        #expect(viaView.hasSamePixels(as: viaNode))
    }
}
