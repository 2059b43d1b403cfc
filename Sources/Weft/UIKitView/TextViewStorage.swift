import Foundation
import Synchronization

/// The text a `UITextView` shows and edits, its selection, typing attributes and input traits, in one
/// locked box. An `ASEditableTextNode` and the text view it makes share one, as Texture's node and
/// its `UITextView` share one TextKit `NSTextStorage`: the node reads and sets the text from any
/// thread, measures and draws it on the layout and display queues, while the view (main actor)
/// edits it.
///
/// Thread-safe: all of its state is in `state`, behind one mutex.
final class TextViewStorage: Sendable {
    struct State {
        /// The text, never nil (an empty string when there is none), as UIKit's `attributedText`.
        var text = ImmutableAttributedString(NSAttributedString(string: ""))
        /// What pango lays out: copied from `text` (and its repairs reported) once, when it is set.
        var content = TextContent()
        /// UTF-16 offsets, always within `text`.
        var selectedRange = NSRange(location: 0, length: 0)
        /// Nil until set (UIKit's text view then answers an empty dictionary).
        var typingAttributes = TypingAttributes(value: nil)
        /// The keyboard settings (`UITextInputTraits`), kept and handed back.
        var traits = TextInputTraits()
    }

    let state = Mutex(State())
    /// Who the text belongs to, named in the diagnostics its repairs report.
    let subject: String

    init(subject: String) { self.subject = subject }

    var text: NSAttributedString { state.withLock { $0.text.value } }
    var content: TextContent { state.withLock { $0.content } }
    var length: Int { state.withLock { $0.text.value.length } }

    /// Replaces the text. The selection is kept (cut to the new text) when it was not at the end
    /// of the old text, else it moves to the end of the new text, as Texture's editable text node
    /// keeps the cursor.
    func setText(_ text: NSAttributedString) {
        let copy = ImmutableAttributedString(text)
        // Outside the lock: copying may report repairs, which run observers.
        let content = TextContent(copy.value, subject: subject)
        state.withLock { s in
            let atEnd = s.selectedRange.location == s.text.value.length
            s.text = copy
            s.content = content
            let length = copy.value.length
            s.selectedRange = atEnd ? NSRange(location: length, length: 0) : Self.clamped(s.selectedRange, to: length)
        }
    }

    /// Selects `range`, cut to the text (reported, naming `subject`, when it reached outside);
    /// returns the selection before and after.
    func select(_ range: NSRange, subject: @autoclosure () -> String) -> (old: NSRange, new: NSRange) {
        let (old, new, length) = state.withLock { s in
            let old = s.selectedRange, length = s.text.value.length
            s.selectedRange = Self.clamped(range, to: length)
            return (old, s.selectedRange, length)
        }
        if new != range {
            WeftDiagnostics.report(.text, subject(), "range {\(range.location), \(range.length)} is outside the text's \(length) characters; {\(new.location), \(new.length)} was used")
        }
        return (old, new)
    }

    /// One of the input traits, read or set under the lock.
    subscript<Value: Sendable>(trait keyPath: WritableKeyPath<TextInputTraits, Value>) -> Value {
        get { state.withLock { $0.traits[keyPath: keyPath] } }
        set { state.withLock { $0.traits[keyPath: keyPath] = newValue } }
    }

    /// `range` cut to a text of `length` UTF-16 units: the location at most the length, the
    /// length at most what is left after it.
    static func clamped(_ range: NSRange, to length: Int) -> NSRange {
        let location = min(max(range.location, 0), length)
        return NSRange(location: location, length: min(max(range.length, 0), length - location))
    }
}

/// A text view's typing attributes, kept to hand back and to style inserted text.
struct TypingAttributes: @unchecked Sendable {
    // SAFETY: the dictionary is a copy made when it was set; its values (fonts, colours, paragraph
    // styles) are only read, to build attributed strings, never mutated.
    let value: [NSAttributedString.Key: Any]?
}
