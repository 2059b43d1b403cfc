import Foundation

/// A scrollable, editable text view; UIKit's `UITextView`, offscreen.
///
/// - Text: `text` (styled with `font`, `textColor` and `textAlignment`) or `attributedText`,
///   drawn with pango as `ASTextNode` draws, inside `textContainerInset` (UIKit's default, 8 pt
///   above and below), every line at the container's width from the top, clipped by the bounds
///   and moved up by `contentOffset`. Setting `font`, `textColor` or `textAlignment` restyles the
///   whole text, as in UIKit.
/// - Editing: the view becomes first responder when it `isEditable` or `isSelectable`; becoming
///   one while editable begins editing (`textViewShouldBeginEditing(_:)`,
///   `textViewDidBeginEditing(_:)`), resigning or leaving the window ends it
///   (`textViewShouldEndEditing(_:)`, `textViewDidEndEditing(_:)`). There is no keyboard
///   offscreen, so no `inputView`, `inputAccessoryView` or `textInputMode`: text is typed with
///   UIKit's `UIKeyInput` methods, `insertText(_:)` and `deleteBackward()`, which ask and tell the
///   delegate as typing does.
/// - The `UITextInputTraits` (`keyboardType` and the rest) configure a keyboard, which Weft does
///   not have: they are kept and read back, and change nothing drawn.
///
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UITextView: UIScrollView {
    /// The text, selection and traits; shared with the editable text node that made this view.
    let storage: TextViewStorage
    /// False for the view of an `ASEditableTextNode`, which draws the text (and its placeholder)
    /// itself so that the node's own rendering shows it; the view is the transparent surface that
    /// takes the first responder role.
    let drawsText: Bool
    /// Whether this view is editing: it became first responder while editable.
    private var isEditingText = false
    /// Whether `insertText(_:)` or `deleteBackward()` is changing the text (for the selection's
    /// delegate call, which an editable text node reports as due to editing).
    private(set) var isApplyingEdit = false

    /// UIKit's `delegate`; held weakly, as in UIKit.
    open weak var delegate: UITextViewDelegate?

    public override init(frame: CGRect) {
        storage = TextViewStorage(subject: "UITextView")
        drawsText = true
        super.init(frame: frame)
    }

    init(frame: CGRect, storage: TextViewStorage, drawsText: Bool) {
        self.storage = storage
        self.drawsText = drawsText
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "\(Self.self)", "text views cannot be decoded from an archive (storyboard or nib); use init(frame:)")
        return nil
    }

    // MARK: Text

    /// UIKit's `text`: the plain text; setting it styles it with `font`, `textColor` and
    /// `textAlignment`. Never nil when read (nil sets the empty string).
    open var text: String! {
        get { storage.text.string }
        set { attributedText = NSAttributedString(string: newValue ?? "", attributes: textAttributes) }
    }

    /// UIKit's `attributedText`. Never nil when read (nil sets the empty string). The selection
    /// stays where it was unless it was at the end, where it follows the end of the new text.
    open var attributedText: NSAttributedString! {
        get { storage.text }
        set { store(newValue ?? NSAttributedString(string: "")) }
    }

    /// UIKit's `font`: nil (the default) draws 12 pt system text, as UIKit's default text view
    /// does; setting it restyles the whole text.
    open var font: UIFont? {
        didSet { restyle(.font, font) }
    }

    /// UIKit's `textColor`: nil (the default) draws black; setting it recolours the whole text.
    open var textColor: UIColor? {
        didSet { restyle(.foregroundColor, textColor) }
    }

    /// UIKit's `textAlignment`, `.natural` by default; setting it realigns the whole text.
    open var textAlignment = NSTextAlignment.natural {
        didSet {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            restyle(.paragraphStyle, style)
        }
    }

    /// UIKit's `textContainerInset`: where the text sits inside the bounds; 8 pt above and below
    /// by default. A NaN or infinite side is set to 0 and reported.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet {
            let inset = GeometryRepair.insets(textContainerInset, "\(type(of: self))", "textContainerInset")
            if inset != textContainerInset { textContainerInset = inset }
        }
    }

    /// UIKit's `isEditable`, true by default: whether becoming first responder begins editing and
    /// `insertText(_:)` / `deleteBackward()` change the text.
    open var isEditable = true

    /// UIKit's `isSelectable`, true by default: with `isEditable`, whether the view can become
    /// first responder.
    open var isSelectable = true

    /// UIKit's `typingAttributes`: the attributes `insertText(_:)` gives new text. Empty (the
    /// default) styles it as the character before the insertion point, or else as `text` is styled.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { storage.state.withLock { $0.typingAttributes.value } ?? [:] }
        set { storage.state.withLock { $0.typingAttributes = TypingAttributes(value: newValue) } }
    }

    /// UIKit's `selectedRange` (UTF-16 offsets; a zero length is the insertion point). A range
    /// outside the text is cut to it and reported. Setting a different range tells the delegate
    /// (`textViewDidChangeSelection(_:)`).
    open var selectedRange: NSRange {
        get { storage.state.withLock { $0.selectedRange } }
        set {
            let change = storage.select(newValue, subject: "\(type(of: self)).selectedRange")
            if change.new != change.old { delegate?.textViewDidChangeSelection(self) }
        }
    }

    /// The attributes `text` is set with: `font`, `textColor` and `textAlignment` where set.
    private var textAttributes: [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [:]
        if let font { attributes[.font] = font }
        if let textColor { attributes[.foregroundColor] = textColor }
        if textAlignment != .natural {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            attributes[.paragraphStyle] = style
        }
        return attributes
    }

    /// Called on the main actor after the text changed, whatever changed it; the editable text
    /// node that made this view measures and draws again.
    var textDidChange: (@MainActor () -> Void)?

    private func store(_ text: NSAttributedString) {
        storage.setText(text)
        textDidChange?()
    }

    /// Sets `key` to `value` over the whole text (removes it for nil).
    private func restyle(_ key: NSAttributedString.Key, _ value: Any?) {
        let text = NSMutableAttributedString(attributedString: storage.text)
        guard text.length > 0 else { return }
        let all = NSRange(location: 0, length: text.length)
        if let value { text.addAttribute(key, value: value, range: all) } else { text.removeAttribute(key, range: all) }
        store(text)
    }

    // MARK: Typing (UIKit's UIKeyInput)

    /// UIKit's `hasText`: whether there is any text.
    open var hasText: Bool { storage.length > 0 }

    /// UIKit's `insertText(_:)`, as typing: replaces the selection with `text` in the typing
    /// attributes when the view `isEditable` and the delegate allows, then moves the insertion
    /// point after it and tells the delegate (`textViewDidChangeSelection(_:)`, `textViewDidChange(_:)`).
    open func insertText(_ text: String) {
        replace(selectedRange, with: text)
    }

    /// UIKit's `deleteBackward()`, as the delete key: removes the selection, or the character
    /// before the insertion point, as `insertText(_:)` changes text.
    open func deleteBackward() {
        let selection = selectedRange
        guard selection.length == 0 else { return replace(selection, with: "") }
        guard selection.location > 0 else { return }
        let character = (storage.text.string as NSString).rangeOfComposedCharacterSequence(at: selection.location - 1)
        replace(character, with: "")
    }

    private func replace(_ range: NSRange, with string: String) {
        guard isEditable else { return }
        if let delegate, !delegate.textView(self, shouldChangeTextIn: range, replacementText: string) { return }
        let text = NSMutableAttributedString(attributedString: storage.text)
        text.replaceCharacters(in: range, with: NSAttributedString(string: string, attributes: insertionAttributes(at: range.location, in: text)))
        let before = selectedRange
        store(text)
        // The insertion point goes after the new text, whatever `store` made of the selection.
        let after = storage.select(NSRange(location: range.location + (string as NSString).length, length: 0), subject: "\(type(of: self)).insertText(_:)").new
        isApplyingEdit = true
        defer { isApplyingEdit = false }
        if after != before { delegate?.textViewDidChangeSelection(self) }
        delegate?.textViewDidChange(self)
    }

    /// The typing attributes, or those of the character before `location`, or of the first one,
    /// or `text`'s.
    private func insertionAttributes(at location: Int, in text: NSAttributedString) -> [NSAttributedString.Key: Any] {
        let typing = typingAttributes
        if !typing.isEmpty { return typing }
        guard text.length > 0 else { return textAttributes }
        return text.attributes(at: min(max(location - 1, 0), text.length - 1), effectiveRange: nil)
    }

    // MARK: Responder

    /// UIKit's: true when the view `isEditable` or `isSelectable`.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// UIKit's: becomes its window's first responder; when editable, only if the delegate's
    /// `textViewShouldBeginEditing(_:)` allows, and then editing begins
    /// (`textViewDidBeginEditing(_:)`). False in no window.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, let delegate, !delegate.textViewShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            isEditingText = true
            delegate?.textViewDidBeginEditing(self)
        }
        return true
    }

    /// UIKit's: stops being first responder, unless editing and the delegate's
    /// `textViewShouldEndEditing(_:)` refuses; editing ends (`textViewDidEndEditing(_:)`).
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditingText, isFirstResponder, let delegate, !delegate.textViewShouldEndEditing(self) { return false }
        let resigned = super.resignFirstResponder()
        endEditing()
        return resigned
    }

    /// A view that leaves its window stops editing, as UIKit's resigns.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { endEditing() }
    }

    private func endEditing() {
        guard isEditingText else { return }
        isEditingText = false
        delegate?.textViewDidEndEditing(self)
    }

    // MARK: Traits (UIKit's UITextInputTraits; kept for the keyboard Weft does not have)

    open var autocapitalizationType: UITextAutocapitalizationType {
        get { storage[trait: \.autocapitalizationType] }
        set { storage[trait: \.autocapitalizationType] = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { storage[trait: \.autocorrectionType] }
        set { storage[trait: \.autocorrectionType] = newValue }
    }
    open var spellCheckingType: UITextSpellCheckingType {
        get { storage[trait: \.spellCheckingType] }
        set { storage[trait: \.spellCheckingType] = newValue }
    }
    open var keyboardType: UIKeyboardType {
        get { storage[trait: \.keyboardType] }
        set { storage[trait: \.keyboardType] = newValue }
    }
    open var keyboardAppearance: UIKeyboardAppearance {
        get { storage[trait: \.keyboardAppearance] }
        set { storage[trait: \.keyboardAppearance] = newValue }
    }
    open var returnKeyType: UIReturnKeyType {
        get { storage[trait: \.returnKeyType] }
        set { storage[trait: \.returnKeyType] = newValue }
    }
    open var enablesReturnKeyAutomatically: Bool {
        get { storage[trait: \.enablesReturnKeyAutomatically] }
        set { storage[trait: \.enablesReturnKeyAutomatically] = newValue }
    }
    open var isSecureTextEntry: Bool {
        get { storage[trait: \.isSecureTextEntry] }
        set { storage[trait: \.isSecureTextEntry] = newValue }
    }

    // MARK: Drawing

    /// UIKit's: the text's size at `size.width` (unlimited when 0 or infinite), with
    /// `textContainerInset` around it, rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let inset = textContainerInset
        let width = size.width > 0 && size.width.isFinite ? max(0, size.width - inset.left - inset.right) : .infinity
        let text = TextViewLayout.size(textRequest, constrainedWidth: width, maximumLines: 0)
        return CGSize(width: (text.width + inset.left + inset.right).rounded(.up), height: (text.height + inset.top + inset.bottom).rounded(.up))
    }

    open override func draw(_ rect: CGRect) {
        guard drawsText, let context = UIGraphicsGetCurrentContext() else { return }
        let inset = textContainerInset, bounds = self.bounds
        let container = CGRect(x: bounds.minX + inset.left - contentOffset.x, y: bounds.minY + inset.top - contentOffset.y,
                               width: max(0, bounds.width - inset.left - inset.right), height: .infinity)
        context.withSavedState {
            context.clip(to: bounds)
            TextViewLayout.draw(textRequest, in: container, context: context)
        }
    }

    private var textRequest: TextLayoutRequest {
        TextViewLayout.request(storage.content, direction: effectiveUserInterfaceLayoutDirection, subject: "\(type(of: self))")
    }
}
