import Foundation

/// What a node tells VoiceOver: the values set on it. Unset values (nil here) fall back to the
/// class's defaults when read, which is how Texture's defaults follow the text and the control
/// state (Texture writes them again on every change of text or `enabled`; reading them is the
/// same result without hooks in every setter).
///
/// Owned by the node, behind `ASDisplayNode.accessibilityState`'s mutex (made on the first write,
/// see `AccessibilityStorage`).
struct AccessibilityState: @unchecked Sendable {
    // SAFETY: only touched under `accessibilityState`'s mutex. `elements` holds what the caller
    // set (nodes, which are thread-safe; anything else is only read back, never touched), and the
    // attributed label is an immutable copy.
    var isElement: Bool?
    /// `.none`: the default label; `.some(nil)`: set to nil.
    var label: ImmutableAttributedString??
    var value: String?
    var hint: String?
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var language: String?
    var frame: CGRect?
    var activationPoint: CGPoint?
    var elements: [Any]?
    var elementsHidden = false
    var viewIsModal = false
    var shouldGroupChildren = false
    var isContainer = false
    var navigationStyle = UIAccessibilityNavigationStyle.automatic
    var customActions: [UIAccessibilityCustomAction]?
    var path: UIBezierPath?
}

extension ASDisplayNode {
    /// Reads or writes one accessibility value under the accessibility lock.
    final subscript<T: Sendable>(accessibility keyPath: WritableKeyPath<AccessibilityState, T>) -> T {
        get { accessibilityState.read { $0[keyPath: keyPath] } }
        set { accessibilityState.write { $0[keyPath: keyPath] = newValue } }
    }

    /// A name for the node in UI tests, never read aloud; UIKit's `accessibilityIdentifier`, nil by default.
    public var accessibilityIdentifier: String? {
        get { self[accessibility: \.identifier] }
        set { self[accessibility: \.identifier] = newValue }
    }

    /// The BCP 47 language VoiceOver reads the element in ("fr-FR"); UIKit's `accessibilityLanguage`,
    /// nil (the app's language) by default.
    public var accessibilityLanguage: String? {
        get { self[accessibility: \.language] }
        set { self[accessibility: \.language] = newValue }
    }

    /// Hides the node and its subtree from VoiceOver while they stay drawn; UIKit's
    /// `accessibilityElementsHidden`, false by default.
    public var accessibilityElementsHidden: Bool {
        get { self[accessibility: \.elementsHidden] }
        set { self[accessibility: \.elementsHidden] = newValue }
    }

    /// When true, VoiceOver reads only this node's subtree and ignores its siblings (an alert
    /// over a screen); UIKit's `accessibilityViewIsModal`, false by default. When several
    /// siblings are modal, the last one (frontmost) wins, as in UIKit and Texture.
    public var accessibilityViewIsModal: Bool {
        get { self[accessibility: \.viewIsModal] }
        set { self[accessibility: \.viewIsModal] = newValue }
    }

    /// When true, the elements in this subtree are read together, in their own order, before
    /// VoiceOver moves on, instead of interleaved with their neighbours by position (a card
    /// whose title and price sit beside another card's); UIKit's `shouldGroupAccessibilityChildren`,
    /// false by default.
    public var shouldGroupAccessibilityChildren: Bool {
        get { self[accessibility: \.shouldGroupChildren] }
        set { self[accessibility: \.shouldGroupChildren] = newValue }
    }

    /// UIKit's `accessibilityNavigationStyle` (Texture bridges it to the view): how Switch Control
    /// moves through the node's elements; `.automatic` by default. Weft's accessibility
    /// hierarchy is VoiceOver's, which does not read it: it reads back as set.
    public var accessibilityNavigationStyle: UIAccessibilityNavigationStyle {
        get { self[accessibility: \.navigationStyle] }
        set { self[accessibility: \.navigationStyle] = newValue }
    }

    /// UIKit's `accessibilityCustomActions`, nil by default: the actions VoiceOver offers on the
    /// node as an element, whose names its `AccessibilityElement` lists in `customActions`.
    public var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibilityState.read { $0.customActions } }
        set { accessibilityState.write { $0.customActions = newValue } }
    }

    /// UIKit's `accessibilityPath`, nil by default: the outline VoiceOver's cursor draws in place
    /// of `accessibilityFrame`'s rectangle. Weft draws no cursor: it reads back as set.
    public var accessibilityPath: UIBezierPath? {
        get { accessibilityState.read { $0.path } }
        set { accessibilityState.write { $0.path = newValue } }
    }

    /// Texture's `isAccessibilityContainer` (ASDisplayNode+Beta.h): the node becomes one element
    /// whose label joins its subtree's labels in reading order ("Jane, 2 hours ago, Hello"),
    /// unless it has a label of its own and no interactive trait. Subnodes with an interactive
    /// trait (button, link, keyboard key) become the element's custom actions instead, and nested
    /// containers stay separate elements. False by default.
    public var isAccessibilityContainer: Bool {
        get { self[accessibility: \.isContainer] }
        set { self[accessibility: \.isContainer] = newValue }
    }

    /// The node's frame in its topmost supernode's coordinates: what `accessibilityFrame` is
    /// until set, and where a node is drawn in `renderBitmap` of that root.
    public func frameInRootCoordinates() -> CGRect {
        var chain: [ASDisplayNode] = []
        var current: ASDisplayNode? = self
        while let node = current {
            chain.append(node)
            current = node.supernode
        }
        // The root's bounds are the image; below it, each node sits at its frame in its
        // supernode's bounds.
        var origin = CGPoint(x: -chain[chain.count - 1].bounds.minX, y: -chain[chain.count - 1].bounds.minY)
        for node in chain.dropLast().reversed() {
            let frame = node.frame
            origin.x += frame.minX
            origin.y += frame.minY
            if node !== self {
                let bounds = node.bounds
                origin.x -= bounds.minX
                origin.y -= bounds.minY
            }
        }
        if chain.count == 1 { return CGRect(origin: .zero, size: bounds.size) }
        return CGRect(origin: origin, size: frame.size)
    }
}
