import Foundation
import Synchronization

/// Where a button's image sits relative to its title; Texture's `ASButtonNodeImageAlignment`.
public enum ASButtonNodeImageAlignment: Int, Sendable {
    /// Before the title (left of it, or above it when laid out vertically).
    case beginning
    /// After the title.
    case end
}

/// A button: a title, an image and a background image per control state; Texture's `ASButtonNode`.
///
/// Laid out as Texture lays it out: a stack (horizontal unless `laysOutHorizontally` is false)
/// of the image and the title, `contentSpacing` apart (8 pt), placed by
/// `contentHorizontalAlignment` / `contentVerticalAlignment` (centred), inside
/// `contentEdgeInsets` (none), over the background image stretched to the button. The title node
/// may shrink (`flexShrink` 1). What is shown follows the control state: the disabled value when
/// disabled, then selected + highlighted, highlighted, selected, falling back to `.normal`.
/// Unlike Texture, changing the alignments or insets also invalidates the layout.
/// Thread-safe, like every node.
open class ASButtonNode: ASControlNode {
    // SAFETY: the button's own state is in `buttonState`, behind its mutex; the three subnodes
    // are constants and are themselves thread-safe.
    private struct ButtonState {
        var titles = ButtonStateValues<ImmutableAttributedString>()
        var images = ButtonStateValues<UIImage>()
        var backgroundImages = ButtonStateValues<UIImage>()
        var contentSpacing: CGFloat = 8
        var laysOutHorizontally = true
        var contentHorizontalAlignment = ASHorizontalAlignment.middle
        var contentVerticalAlignment = ASVerticalAlignment.center
        var contentEdgeInsets = UIEdgeInsets.zero
        var imageAlignment = ASButtonNodeImageAlignment.beginning
    }

    private let buttonState = Mutex(ButtonState())

    /// The title; Texture's `titleNode`.
    public let titleNode = ASTextNode()
    /// The image; Texture's `imageNode`.
    public let imageNode = ASImageNode()
    /// The background image, stretched to the button (`.scaleToFill`); Texture's `backgroundImageNode`.
    public let backgroundImageNode = ASImageNode()

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
        titleNode.style.flexShrink = 1
        backgroundImageNode.contentMode = .scaleToFill
    }

    // MARK: Control state

    open override var isEnabled: Bool {
        get { super.isEnabled }
        set { changeFlag(super.isEnabled, newValue) { super.isEnabled = newValue } }
    }

    open override var isSelected: Bool {
        get { super.isSelected }
        set { changeFlag(super.isSelected, newValue) { super.isSelected = newValue } }
    }

    open override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { changeFlag(super.isHighlighted, newValue) { super.isHighlighted = newValue } }
    }

    private func changeFlag(_ old: Bool, _ new: Bool, _ set: () -> Void) {
        guard old != new else { return }
        set()
        updateButtonContent()
    }

    // MARK: Content per state

    /// Texture's `setTitle(_:with:with:for:)`: `title` in `font` (default: the system font at
    /// `UIFont.buttonFontSize`) and `color` (default black). Replaces any attributed title for `state`.
    public func setTitle(_ title: String, with font: UIFont?, with color: UIColor?, for state: UIControl.State) {
        let attributes: [NSAttributedString.Key: Any] = [
            .font: font ?? UIFont.systemFont(ofSize: UIFont.buttonFontSize),
            .foregroundColor: color ?? UIColor.black,
        ]
        setAttributedTitle(NSAttributedString(string: title, attributes: attributes), for: state)
    }

    /// Texture's `setAttributedTitle(_:for:)`; the title is copied.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        let copy = title.map(ImmutableAttributedString.init)
        store(state) { $0.titles.set(copy, for: state) }
    }

    /// Texture's `attributedTitle(for:)`: the title set for `state` (the normal one for a state
    /// Texture keeps no title for).
    public func attributedTitle(for state: UIControl.State) -> NSAttributedString? {
        buttonState.withLock { $0.titles.value(for: state) }?.value
    }

    /// Texture's `setImage(_:for:)`.
    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        store(state) { $0.images.set(image, for: state) }
    }

    /// Texture's `image(for:)`.
    public func image(for state: UIControl.State) -> UIImage? {
        buttonState.withLock { $0.images.value(for: state) }
    }

    /// Texture's `setBackgroundImage(_:for:)`.
    public func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        store(state) { $0.backgroundImages.set(image, for: state) }
    }

    /// Texture's `backgroundImage(for:)`.
    public func backgroundImage(for state: UIControl.State) -> UIImage? {
        buttonState.withLock { $0.backgroundImages.value(for: state) }
    }

    private func store(_ state: UIControl.State, _ change: (inout ButtonState) -> Bool) {
        guard buttonState.withLock({ change(&$0) }) else {
            WeftDiagnostics.report(.view, description, "control state \(state.rawValue) has no slot in ASButtonNode (normal, highlighted, selected, selected + highlighted, disabled); ignored, as in Texture")
            return
        }
        updateButtonContent()
    }

    /// Shows the title and images for the current control state; Texture's `updateButtonContent`.
    private func updateButtonContent() {
        let flags = controlStateFlags
        let (title, image, background) = buttonState.withLock {
            ($0.titles.resolved(for: flags), $0.images.resolved(for: flags), $0.backgroundImages.resolved(for: flags))
        }
        if backgroundImageNode.image !== background { backgroundImageNode.image = background }
        if imageNode.image !== image { imageNode.image = image }
        if titleNode.attributedText !== title?.value { titleNode.attributedText = title?.value }
        setNeedsLayout()
    }

    // MARK: Layout settings

    /// Space between the image and the title; Texture's `contentSpacing`, 8 pt by default. A
    /// negative spacing overlaps them; a NaN or infinite one is 0, reported (`GeometryRepair`).
    public var contentSpacing: CGFloat {
        get { self[layoutSetting: \.contentSpacing] }
        set { self[layoutSetting: \.contentSpacing] = GeometryRepair.length(newValue, self.description, "contentSpacing") }
    }

    /// Image beside the title (true, the default) or above it; Texture's `laysOutHorizontally`.
    public var laysOutHorizontally: Bool {
        get { self[layoutSetting: \.laysOutHorizontally] }
        set { self[layoutSetting: \.laysOutHorizontally] = newValue }
    }

    /// Texture's `contentHorizontalAlignment`; `.middle` by default.
    public var contentHorizontalAlignment: ASHorizontalAlignment {
        get { self[layoutSetting: \.contentHorizontalAlignment] }
        set { self[layoutSetting: \.contentHorizontalAlignment] = newValue }
    }

    /// Texture's `contentVerticalAlignment`; `.center` by default.
    public var contentVerticalAlignment: ASVerticalAlignment {
        get { self[layoutSetting: \.contentVerticalAlignment] }
        set { self[layoutSetting: \.contentVerticalAlignment] = newValue }
    }

    /// Insets around the title and image; Texture's `contentEdgeInsets`, none by default. NaN or
    /// infinite sides are 0, reported (`GeometryRepair`).
    public var contentEdgeInsets: UIEdgeInsets {
        get { self[layoutSetting: \.contentEdgeInsets] }
        set { self[layoutSetting: \.contentEdgeInsets] = GeometryRepair.insets(newValue, self.description, "contentEdgeInsets") }
    }

    /// Image before or after the title; Texture's `imageAlignment`, `.beginning` by default.
    public var imageAlignment: ASButtonNodeImageAlignment {
        get { self[layoutSetting: \.imageAlignment] }
        set { self[layoutSetting: \.imageAlignment] = newValue }
    }

    /// One layout setting, read under the lock; writing it invalidates the layout.
    private subscript<T: Sendable>(layoutSetting keyPath: WritableKeyPath<ButtonState, T>) -> T {
        get { buttonState.withLock { $0[keyPath: keyPath] } }
        set {
            buttonState.withLock { $0[keyPath: keyPath] = newValue }
            setNeedsLayout()
        }
    }

    /// Texture's layout: the image and title stacked (only those with content), inset by
    /// `contentEdgeInsets` when they are not zero, over the background image when there is one.
    open override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let settings = buttonState.withLock { $0 }
        let stack = ASStackLayoutSpec()
        stack.direction = settings.laysOutHorizontally ? .horizontal : .vertical
        stack.spacing = settings.contentSpacing
        stack.horizontalAlignment = settings.contentHorizontalAlignment
        stack.verticalAlignment = settings.contentVerticalAlignment
        var children: [any ASLayoutElement] = []
        if imageNode.image != nil { children.append(imageNode) }
        if (titleNode.attributedText?.length ?? 0) > 0 {
            if settings.imageAlignment == .beginning { children.append(titleNode) } else { children.insert(titleNode, at: 0) }
        }
        stack.children = children
        var spec: ASLayoutSpec = stack
        if settings.contentEdgeInsets != .zero { spec = ASInsetLayoutSpec(insets: settings.contentEdgeInsets, child: spec) }
        if backgroundImageNode.image != nil { spec = ASBackgroundLayoutSpec(child: spec, background: backgroundImageNode) }
        return spec
    }
}
