import Foundation
import Synchronization

/// A cell showing one string; Texture's `ASTextCellNode`.
///
/// `text` is drawn by `textNode` with `textAttributes` (by default the system font at 18 pt),
/// inset by `textInsets` (by default 11 pt top and bottom, 15 pt left and right), as Texture's
/// defaults are. A nil `text` shows nothing. Thread-safe, like every node.
open class ASTextCellNode: ASCellNode {
    // SAFETY: the cell's own state is in `textCellState`, behind its mutex; `textNode` is a
    // constant and is itself thread-safe.
    private struct TextCellState {
        var text: String?
        var attributes: TextAttributes
        var insets: UIEdgeInsets
    }

    private let textCellState: LockedBox<TextCellState>

    /// The node that draws `text`; Texture's `textNode`.
    public let textNode = ASTextNode()

    /// Texture's `init()`: the default attributes and insets.
    public override convenience init() {
        self.init(attributes: Self.defaultTextAttributes, insets: Self.defaultTextInsets)
    }

    /// Texture's `init(attributes:insets:)` as its Objective-C `NSDictionary` imports into Swift:
    /// keys may be `NSAttributedString.Key`s or their string names (`"NSFont"`); any other key is
    /// reported, with the key given, and left out.
    public convenience init(attributes textAttributes: [AnyHashable: Any], insets textInsets: UIEdgeInsets) {
        var attributes: [NSAttributedString.Key: Any] = [:]
        for (key, value) in textAttributes {
            if let key = key.base as? NSAttributedString.Key {
                attributes[key] = value
            } else if let name = key.base as? String {
                attributes[NSAttributedString.Key(rawValue: name)] = value
            } else {
                WeftDiagnostics.report(.text, "ASTextCellNode(attributes:insets:)", "the attribute key \(key) is neither an NSAttributedString.Key nor a string; it was left out")
            }
        }
        self.init(attributes: attributes, insets: textInsets)
    }

    /// Texture's `init(attributes:insets:)`.
    public init(attributes textAttributes: [NSAttributedString.Key: Any], insets textInsets: UIEdgeInsets) {
        textCellState = LockedBox(TextCellState(attributes: TextAttributes(textAttributes),
                                             insets: GeometryRepair.insets(textInsets, "ASTextCellNode(attributes:insets:)", "insets")))
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// Texture's default text attributes: the system font at 18 pt.
    static var defaultTextAttributes: [NSAttributedString.Key: Any] { [.font: UIFont.systemFont(ofSize: 18)] }

    /// Texture's default insets: 11 pt vertically, 15 pt horizontally.
    static let defaultTextInsets = UIEdgeInsets(top: 11, left: 15, bottom: 11, right: 15)

    /// The string shown; Texture's `text`. Nil (the default) shows nothing.
    public var text: String? {
        get { textCellState[\.text] }
        set {
            guard textCellState.withLockedValue({ s in
                guard s.text != newValue else { return false }
                s.text = newValue
                return true
            }) else { return }
            updateAttributedText()
        }
    }

    /// The attributes `text` is drawn with; Texture's `textAttributes`.
    public var textAttributes: [NSAttributedString.Key: Any] {
        get { textCellState[\.attributes].value }
        set {
            let attributes = TextAttributes(newValue)
            textCellState[\.attributes] = attributes
            updateAttributedText()
        }
    }

    /// The insets around the text; Texture's `textInsets`. NaN or infinite sides are 0, reported
    /// (`GeometryRepair`).
    public var textInsets: UIEdgeInsets {
        get { textCellState[\.insets] }
        set {
            let insets = GeometryRepair.insets(newValue, self.description, "textInsets")
            textCellState[\.insets] = insets
            setNeedsLayout()
        }
    }

    private func updateAttributedText() {
        let (text, attributes) = textCellState.withLockedValue { ($0.text, $0.attributes) }
        textNode.attributedText = text.map { NSAttributedString(string: $0, attributes: attributes.value) }
        setNeedsLayout()
    }

    /// Texture's layout: `textNode` inset by `textInsets`.
    open override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASInsetLayoutSpec(insets: textInsets, child: textNode)
    }
}

/// Text attributes kept by a node.
final class TextAttributes: @unchecked Sendable {
    // SAFETY: `value` is a copy of the caller's dictionary and is never mutated. Its values (fonts,
    // colours, paragraph styles) are shared as an NSAttributedString shares them, which is how
    // ASTextNode keeps attributed text; they are only read.
    let value: [NSAttributedString.Key: Any]

    init(_ value: [NSAttributedString.Key: Any]) { self.value = value }
}
