import Foundation
import Synchronization

/// A node that shows editable text and, while empty, a placeholder; Texture's `ASEditableTextNode`.
///
/// - Text: `attributedText` (nil while the placeholder shows, `isDisplayingPlaceholder()`) and
///   `attributedPlaceholderText`, laid out inside `textContainerInset`, every line at the
///   container's width from the top; lines past the bounds are clipped (in UIKit the text view
///   scrolls to them). The node draws the text or the placeholder itself, so its rendering, a
///   cell's and a frame's show it (`ASEditableTextNode+Drawing.swift`).
/// - Measuring (`calculateSizeThatFits(_:)`) is Texture's: the shown text's size at the
///   constrained width, at most `maximumLinesToDisplay` lines tall when above 0, plus the inset.
/// - Editing: the node's `textView` (a `UITextView`, made when the node loads and laid out to its
///   bounds) shares the node's text, selection, typing attributes and input traits. The node is
///   first responder when its text view is (`becomeFirstResponder()`, `resignFirstResponder()`),
///   and tells its `delegate` what the text view tells it: editing beginning and finishing, typing
///   (`textView.insertText(_:)`, `deleteBackward()`) and selection changes. There is no keyboard
///   offscreen: Texture's `textInputMode` is left out; the `UITextInputTraits` properties
///   (`ASEditableTextNode+InputTraits.swift`) are kept and read back for the keyboard Weft does
///   not have.
/// - View-backed only, as in Texture (`supportsLayerBacking` is false). Texture marks
///   `init(viewBlock:)` and `init(layerBlock:)` unavailable; Swift cannot take back initializers
///   that `ASDisplayNode`'s extensions declare, so they compile here, and a node made with a layer
///   block is reported when it loads. Texture's
///   `init(textKitComponents:placeholderTextKitComponents:)` is left out: Weft lays text out with
///   pango, not TextKit.
///
/// Thread-safe, like every node: the text, selection, typing attributes and traits are in the
/// `TextViewStorage` it shares with its text view; its own settings in `editState`, behind one
/// mutex; the text view is used on the main actor only.
open class ASEditableTextNode: ASDisplayNode {
    /// Owned by `editState`'s mutex, whichever thread sets, measures or captures drawing.
    struct EditState {
        var placeholder = ImmutableAttributedString(NSAttributedString(string: ""))
        /// What pango lays out for the placeholder, copied once when it is set.
        var placeholderContent = TextContent()
        var textContainerInset = UIEdgeInsets.zero
        var maximumLinesToDisplay: UInt = 0
        var scrollEnabled = true
        var delegate = WeakEditableTextNodeDelegate(value: nil)
        /// Made on the main actor when the node loads; used there only.
        var textView: UITextView?
        var textViewDelegate: EditableTextViewDelegate?
        /// The selection last reported to the delegate (Texture's `_previousSelectedRange`).
        var reportedSelection = NSRange(location: 0, length: 0)
    }

    let editState = Mutex(EditState())
    /// The text, selection, typing attributes and traits, shared with `textView`.
    let storage: TextViewStorage

    public override init() {
        storage = TextViewStorage(subject: "<ASEditableTextNode>")
        super.init()
        // Texture's text views redraw on a resize: the lines wrap again.
        needsDisplayOnBoundsChange = true
    }

    /// False: the text view takes the first responder role, so the node needs its view (Texture's).
    open override var supportsLayerBacking: Bool { false }

    /// Texture's `delegate`, held weakly.
    public var delegate: (any ASEditableTextNodeDelegate)? {
        get { editState.withLock { $0.delegate }.value }
        set { editState.withLock { $0.delegate = WeakEditableTextNodeDelegate(value: newValue) } }
    }

    // MARK: Text

    /// Texture's `attributedText`: the text; nil while the placeholder shows (no text). Setting it
    /// in code keeps the selection unless it was at the end of the text, and calls no delegate
    /// method, as in Texture. Values pango cannot take are repaired and reported (area `.text`).
    public var attributedText: NSAttributedString? {
        get { isDisplayingPlaceholder() ? nil : storage.text }
        set {
            let text = newValue ?? NSAttributedString(string: "")
            guard !storage.text.isEqual(to: text) else { return }
            storage.setText(text)
            textDidChange()
        }
    }

    /// Texture's `attributedPlaceholderText`: shown while there is no text; empty by default (and
    /// once set to nil). Also the text view's `accessibilityHint`, as in Texture.
    public var attributedPlaceholderText: NSAttributedString? {
        get { editState.withLock { $0.placeholder.value } }
        set {
            let copy = ImmutableAttributedString(newValue ?? NSAttributedString(string: ""))
            let content = TextContent(copy.value, subject: diagnosticSubject + ".attributedPlaceholderText")
            editState.withLock { s in
                s.placeholder = copy
                s.placeholderContent = content
            }
            if isDisplayingPlaceholder() { textDidChange() }
            syncTextView()
        }
    }

    /// Texture's `isDisplayingPlaceholder`: whether there is no text, so the placeholder shows.
    public func isDisplayingPlaceholder() -> Bool { storage.length == 0 }

    /// Texture's `typingAttributes`: the attributes typed text takes (the text view's); nil until set.
    public var typingAttributes: [String: Any]? {
        get {
            storage.state.withLock { $0.typingAttributes.value }.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }
        }
        set {
            let attributes = newValue.map { Dictionary(uniqueKeysWithValues: $0.map { (NSAttributedString.Key($0.key), $0.value) }) }
            storage.state.withLock { $0.typingAttributes = TypingAttributes(value: attributes) }
        }
    }

    /// Texture's `selectedRange` (UTF-16 offsets; a zero length is the insertion point). A range
    /// outside the text is cut to it and reported. Set on the main actor once the text view is
    /// made, it goes through the text view, which tells the delegate.
    public var selectedRange: NSRange {
        get { storage.state.withLock { $0.selectedRange } }
        set {
            // SAFETY: the node guards its state with its mutexes; the closure runs on this thread.
            let node = UncheckedSendable(self)
            let throughView = MainActorBridge.ifOnMainActor { () -> Bool in
                guard let textView = node.value.loadedTextView else { return false }
                textView.selectedRange = newValue
                return true
            } ?? false
            if !throughView { _ = storage.select(newValue, subject: diagnosticSubject + ".selectedRange") }
        }
    }

    // MARK: Configuration

    /// Texture's `textContainerInset`: where the text and placeholder sit inside the bounds; zero
    /// by default. A NaN or infinite side is set to 0 and reported.
    public var textContainerInset: UIEdgeInsets {
        get { editState.withLock { $0.textContainerInset } }
        set {
            let inset = GeometryRepair.insets(newValue, diagnosticSubject, "textContainerInset")
            editState.withLock { $0.textContainerInset = inset }
            textDidChange()
            syncTextView()
        }
    }

    /// Texture's `maximumLinesToDisplay`: the most lines the node measures tall (more are
    /// scrolled to in UIKit, clipped here); 0 (the default) for no limit.
    public var maximumLinesToDisplay: UInt {
        get { editState.withLock { $0.maximumLinesToDisplay } }
        set {
            editState.withLock { $0.maximumLinesToDisplay = newValue }
            setNeedsLayout()
        }
    }

    /// Texture's `scrollEnabled`, true by default: the text view's `isScrollEnabled`, which
    /// governs scrolling by the user (none offscreen); the node lays its text view out at offset
    /// zero either way, as Texture's does.
    public var scrollEnabled: Bool {
        get { editState.withLock { $0.scrollEnabled } }
        set {
            editState.withLock { $0.scrollEnabled = newValue }
            syncTextView()
        }
    }

    /// The text changed (set here, or by the text view): measure and draw again.
    func textDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Text view

    /// Texture's `textView`: the text view that edits the node's text; loads the node.
    @preconcurrency @MainActor public var textView: UITextView {
        _ = view
        return makeTextViewIfNeeded()
    }

    /// The text view, if made.
    @MainActor var loadedTextView: UITextView? { editState.withLock { $0.textView } }

    /// Makes the text view as the node loads, as Texture's `didLoad` does, and adds it to the view.
    @preconcurrency @MainActor open override func didLoad() {
        super.didLoad()
        if isLayerBacked {
            WeftDiagnostics.report(.view, diagnosticSubject, "made with init(layerBlock:), which Texture marks unavailable: an editable text node needs its view to edit; it renders as a layer and its text view is in no window")
        }
        _ = makeTextViewIfNeeded()
    }

    @MainActor private func makeTextViewIfNeeded() -> UITextView {
        if let textView = loadedTextView { return textView }
        // The node draws the text: the view stays transparent over it (Texture keeps it so while
        // the placeholder shows), sharing the node's text.
        let textView = UITextView(frame: bounds, storage: storage, drawsText: false)
        textView.backgroundColor = nil
        textView.isOpaque = false
        let delegate = EditableTextViewDelegate(node: self)
        textView.delegate = delegate
        textView.textDidChange = { [weak self] in self?.textDidChange() }
        editState.withLock { s in
            s.textView = textView
            s.textViewDelegate = delegate
        }
        view.addSubview(textView)
        syncTextView()
        return textView
    }

    /// Lays the text view out to the bounds, as Texture's `layout` does.
    open override func layout() {
        super.layout()
        syncTextView()
    }

    /// Gives the text view the node's frame, inset, scrolling and placeholder (as its
    /// `accessibilityHint`), with its offset at zero, as Texture's `_layoutTextView`: at once on
    /// the main actor, else posted to it. Before the view is made there is nothing to do: it is
    /// made with them.
    private func syncTextView() {
        guard isNodeLoaded else { return }
        // SAFETY: the node guards its state with its mutexes; its text view is touched on the
        // main actor only.
        let node = UncheckedWeak(self)
        let apply: @MainActor @Sendable () -> Void = { node.value?.applyStateToTextView() }
        if MainActorBridge.ifOnMainActor(apply) == nil { MainActorBridge.post(apply) }
    }

    @MainActor private func applyStateToTextView() {
        guard let textView = loadedTextView else { return }
        let (inset, scrollEnabled, hint) = editState.withLock { ($0.textContainerInset, $0.scrollEnabled, $0.placeholder.value.string) }
        textView.frame = bounds
        textView.textContainerInset = inset
        textView.isScrollEnabled = scrollEnabled
        textView.accessibilityHint = hint
        textView.setContentOffset(.zero, animated: false)
    }

    // MARK: Measuring and drawing (see ASEditableTextNode+Drawing.swift)

    /// Texture's: the shown text's (or placeholder's) size at the constrained width, at most
    /// `maximumLinesToDisplay` lines tall when above 0, plus `textContainerInset`, rounded up to
    /// whole points and at most the constrained size. As in Texture, the text is measured at the
    /// whole constrained width, the inset added after.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let (inset, lines) = editState.withLock { ($0.textContainerInset, $0.maximumLinesToDisplay) }
        let text = TextViewLayout.size(shownRequest(), constrainedWidth: constrainedSize.width, maximumLines: Int(min(lines, UInt(Int.max))))
        let width = (text.width + inset.left + inset.right).rounded(.up)
        let height = (text.height + inset.top + inset.bottom).rounded(.up)
        return CGSize(width: min(width, constrainedSize.width), height: min(height, constrainedSize.height))
    }

    open override func drawParameters() -> (any Sendable)? {
        let request = shownRequest()
        guard !request.content.isEmpty else { return nil }
        return EditableTextDrawParameters(request: request, inset: textContainerInset)
    }

    open override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?,
                                  isCancelled: () -> Bool, in context: GraphicsContext) {
        guard let parameters = parameters as? EditableTextDrawParameters, !isCancelled() else { return }
        TextViewLayout.draw(parameters.request, in: container(in: bounds, inset: parameters.inset), context: context)
    }

    // MARK: Responder (Texture's: each the text view's answer; false before it is made)

    @preconcurrency @MainActor open override func canBecomeFirstResponder() -> Bool {
        loadedTextView?.canBecomeFirstResponder ?? false
    }

    /// Texture's `becomeFirstResponder`: makes the text view first responder, which begins editing.
    @discardableResult
    @preconcurrency @MainActor open override func becomeFirstResponder() -> Bool {
        loadedTextView?.becomeFirstResponder() ?? false
    }

    @preconcurrency @MainActor open override func canResignFirstResponder() -> Bool {
        loadedTextView?.canResignFirstResponder ?? false
    }

    /// Texture's `resignFirstResponder`: the text view resigns, which finishes editing.
    @discardableResult
    @preconcurrency @MainActor open override func resignFirstResponder() -> Bool {
        loadedTextView?.resignFirstResponder() ?? false
    }

    /// Texture's `isFirstResponder`: whether the text view is first responder.
    @preconcurrency @MainActor open override func isFirstResponder() -> Bool {
        loadedTextView?.isFirstResponder ?? false
    }
}

/// An editable text node's delegate, held weakly inside the node's state.
struct WeakEditableTextNodeDelegate: @unchecked Sendable {
    // SAFETY: the reference is only stored, handed back, and called on the main actor (the
    // protocol is main-actor isolated).
    weak var value: (any ASEditableTextNodeDelegate)?
}
