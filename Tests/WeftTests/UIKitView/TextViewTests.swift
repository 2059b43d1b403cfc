import Foundation
import Testing
import Weft

/// UIKit's `UITextView`: text and styling, editing as first responder, typing, drawing.
@MainActor @Suite struct TextViewTests {
    /// Records what a text view tells its delegate, in order.
    final class RecordingDelegate: UITextViewDelegate {
        var events: [String] = []
        var allowsEnding = true

        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
            events.append("shouldBegin")
            return true
        }
        func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
            events.append("shouldEnd")
            return allowsEnding
        }
        func textViewDidBeginEditing(_ textView: UITextView) { events.append("didBegin") }
        func textViewDidEndEditing(_ textView: UITextView) { events.append("didEnd") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            events.append("shouldChange \"\(text)\"")
            return true
        }
        func textViewDidChange(_ textView: UITextView) { events.append("didChange \"\(textView.text ?? "")\"") }
        func textViewDidChangeSelection(_ textView: UITextView) { events.append("selection \(textView.selectedRange.location)") }
    }

    /// The rows of `bitmap` with any painted pixel.
    static func inkedRows(_ bitmap: Bitmap) -> [Int] {
        let width = Int(bitmap.size.width * bitmap.scale), height = Int(bitmap.size.height * bitmap.scale)
        return (0..<height).filter { y in (0..<width).contains { x in (bitmap.pixel(x: x, y: y) ?? 0) >> 24 != 0 } }
    }

    @Test func defaultsAreUIKits() {
        let view = UITextView(frame: .zero)
        #expect(view.text == "" && view.attributedText.length == 0 && !view.hasText)
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.isEditable && view.isSelectable && view.canBecomeFirstResponder)
        #expect(view.font == nil && view.textColor == nil && view.textAlignment == .natural && view.typingAttributes.isEmpty)
        #expect(view.autocapitalizationType == .sentences && view.keyboardType == .default && !view.isSecureTextEntry)
        view.isEditable = false
        view.isSelectable = false
        #expect(!view.canBecomeFirstResponder)
    }

    @Test func textTakesTheViewsStyleAndRestylingCoversTheWholeText() {
        let view = UITextView(frame: .zero)
        let font = UIFont.systemFont(ofSize: 20)
        view.font = font
        view.text = "Styled"
        #expect(view.attributedText.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == font)
        view.textColor = .blue
        #expect(view.attributedText.attribute(.foregroundColor, at: 5, effectiveRange: nil) as? UIColor == .blue)
        view.textAlignment = .center
        #expect((view.attributedText.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .center)
        view.text = nil
        #expect(view.text == "")
    }

    @Test func editingBeginsAndEndsWithTheFirstResponderRole() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let delegate = RecordingDelegate()
        view.delegate = delegate
        #expect(!view.becomeFirstResponder() && delegate.events.isEmpty, "in no window")
        window.addSubview(view)
        #expect(view.becomeFirstResponder() && view.isFirstResponder)
        #expect(delegate.events == ["shouldBegin", "didBegin"])
        delegate.allowsEnding = false
        #expect(!view.resignFirstResponder() && view.isFirstResponder, "the delegate keeps it editing")
        delegate.allowsEnding = true
        delegate.events = []
        #expect(view.resignFirstResponder() && !view.isFirstResponder)
        #expect(delegate.events == ["shouldEnd", "didEnd"])

        view.isEditable = false
        delegate.events = []
        #expect(view.becomeFirstResponder() && delegate.events.isEmpty, "selectable only: first responder without editing")
        view.isEditable = true
        view.resignFirstResponder()
        view.becomeFirstResponder()
        delegate.events = []
        view.removeFromSuperview()
        #expect(delegate.events == ["didEnd"] && !view.isFirstResponder, "leaving the window ends editing")
    }

    @Test func typingGoesThroughTheDelegate() {
        let view = UITextView(frame: .zero)
        let delegate = RecordingDelegate()
        view.delegate = delegate
        view.insertText("ab")
        view.selectedRange = NSRange(location: 1, length: 0)
        view.insertText("X")
        #expect(view.text == "aXb" && view.selectedRange == NSRange(location: 2, length: 0))
        view.deleteBackward()
        view.deleteBackward()
        view.deleteBackward()
        #expect(view.text == "b" && view.hasText)
        #expect(delegate.events == ["shouldChange \"ab\"", "selection 2", "didChange \"ab\"", "selection 1",
                                    "shouldChange \"X\"", "selection 2", "didChange \"aXb\"",
                                    "shouldChange \"\"", "selection 1", "didChange \"ab\"",
                                    "shouldChange \"\"", "selection 0", "didChange \"b\""])
        view.text = "set in code"
        #expect(delegate.events.count == 13, "no delegate call for text set in code")
        view.isEditable = false
        view.insertText("!")
        #expect(view.text == "set in code", "not editable")
    }

    @Test func itDrawsItsTextInsideTheInsetAndSizesToIt() throws {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        view.font = UIFont.systemFont(ofSize: 14)
        #expect(Self.inkedRows(try view.renderBitmap(scale: 1)).isEmpty, "no text")
        view.text = "Drawn"
        let rows = Self.inkedRows(try view.renderBitmap(scale: 1))
        #expect(rows.first.map { $0 >= 8 } == true && rows.last.map { $0 < 8 + 20 } == true, "the first line, below the 8 pt inset")
        let size = view.sizeThatFits(CGSize(width: 120, height: 0))
        #expect(size.height > 16 && size.height < 40 && size.width <= 120)
        view.contentOffset = CGPoint(x: 0, y: 40)
        #expect(Self.inkedRows(try view.renderBitmap(scale: 1)).isEmpty, "scrolled past the text")
    }
}

/// A text view subclassed as UIKit code subclasses it: its designated initializer calls super's.
private final class CaptionView: UITextView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        text = "Caption"
    }

    required init?(coder: NSCoder) { nil }
}

extension TextViewTests {
    @Test func aSubclassInitializesThroughInitFrame() {
        #expect(CaptionView(frame: .zero).text == "Caption")
    }
}
