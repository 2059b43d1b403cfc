import Foundation

/// A rectangle of UI drawn synchronously; UIKit's `UIView`, enough for the cells apps mix into a
/// node collection (Texture's UICollectionViewCell interop) and for view-controller code that
/// touches `view`.
///
/// A view has a frame and bounds, a tree of subviews, appearance (background, alpha, hidden,
/// clipping, and its `layer`'s corner radius and border) and optional custom drawing: override
/// `draw(_:)` and draw into `UIGraphicsGetCurrentContext()`. Unlike nodes, views draw when they
/// are composited, on the compositing thread, with no backing store, preloading or async drawing,
/// exactly as Texture's interop documentation warns. `layoutSubviews()` runs before drawing when
/// `setNeedsLayout()` was called or the bounds changed.
///
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UIView {
    private var needsLayout = true

    /// The view this one was added to (`addSubview` and its kin).
    private(set) weak var addedTo: UIView?
    /// The views added to this one, held as UIKit's superview holds them. Their order is their
    /// layers' in `layer.sublayers` (see `ownSubviews`); this array only owns them.
    private var addedViews: [UIView] = []

    /// The views added to this one, back to front, in the order of their layers among the layer's
    /// sublayers (UIKit's model: a view's subviews are the sublayers that are its subviews'
    /// layers): what it draws, lays out and walks itself.
    var ownSubviews: [UIView] {
        layer.ownSublayers.compactMap { sublayer in sublayer.addedView(under: self) }
    }

    /// The superview: the view this one was added to while its layer is in that view's layer's
    /// list (a layer taken out with `removeFromSuperlayer()` takes the view out, as in UIKit); nil
    /// for a root. A node's view answers its supernode's view (see `ASDisplayNodeView`).
    open var superview: UIView? {
        guard let addedTo, layer.storage.withLock({ $0.superlayer }) === addedTo.layer else { return nil }
        return addedTo
    }
    /// The subviews, back to front, in the order of their layers among `layer.sublayers`. A node's
    /// view lists its view-backed subnodes' views among them (see `ASDisplayNodeView`); the view a
    /// node's view block made lists them after its own, as they draw: the view and what was added
    /// to it are the node's contents, under its subnodes (Texture adds a view-backed node's
    /// subnodes' views on top of what its view holds when it loads).
    open var subviews: [UIView] {
        guard let node = layer.owningNode, node.blockMadeView === self else { return ownSubviews }
        return ownSubviews + node.subnodes.filter { !$0.isLayerBacked }.map(\.view)
    }

    /// The view's layer, which keeps its geometry (`bounds`, `position` as `center`, `anchorPoint`)
    /// and its layer properties (corner radius, border, masking, shadow...). A node's view's layer is
    /// the node's (see `CALayer`): a node's view takes it as it is made.
    public internal(set) var layer: CALayer {
        didSet { layerForDeinit = layer }
    }
    /// `layer`, for the nonisolated deinit to take its subviews' layers out of it. Written on the
    /// main actor (as `layer` is set), read only by the deinit, when nothing else holds the view.
    private nonisolated(unsafe) var layerForDeinit: CALayer?

    open var backgroundColor: UIColor?
    /// UIKit's `overrideUserInterfaceStyle`: the appearance this view and its subviews draw in
    /// (their dynamic colours resolve for it); `.unspecified` inherits the superview's, or the
    /// drawing's. See UIView+UserInterfaceStyle.swift.
    public var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    /// Opacity of the view and its subviews, 0…1 (values outside are clamped, NaN counts as 1 and is reported).
    open var alpha: CGFloat = 1 {
        didSet {
            if alpha.isNaN {
                WeftDiagnostics.report(.appearance, "\(type(of: self))", "alpha NaN is not a number; 1 was used")
                alpha = 1
            } else if alpha < 0 || alpha > 1 {
                alpha = min(max(alpha, 0), 1)
            }
        }
    }
    open var isHidden = false
    /// UIKit's `isOpaque`: a hint that the view fills its bounds with opaque paint; true by
    /// default. Setting a background colour does not change it.
    open var isOpaque = true
    /// Clips subviews to the bounds; the same as `layer.masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var contentMode = ContentMode.scaleToFill
    /// UIKit's `semanticContentAttribute`; see `UIView+LayoutDirection.swift`.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified
    open var tag = 0
    open var isUserInteractionEnabled = true
    /// How the view resizes when its superview's size changes; see UIView+AutoresizingMask.swift.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews resize by their `autoresizingMask` when this view's size changes; true.
    open var autoresizesSubviews = true
    /// The insets a window or a controller gives this view; see `UIView+SafeArea.swift`.
    var safeAreaSource = SafeAreaSource()

    // MARK: Accessibility (see UIView+Accessibility.swift)
    // In the class because UIKit code overrides these in subclasses, which Swift allows only for
    // members declared in the class.
    var accessibility = UIViewAccessibility()

    /// UIKit's `isAccessibilityElement`: true for a `UILabel`, false for other views, until set.
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? UIViewAccessibility.defaultIsElement(self) }
        set { accessibility.isElement = newValue }
    }

    /// UIKit's `accessibilityLabel`: a `UILabel`'s text until set; nil for other views.
    open var accessibilityLabel: String? {
        get { accessibility.label ?? UIViewAccessibility.defaultLabel(self) }
        set { accessibility.label = .some(newValue) }
    }

    /// UIKit's `accessibilityValue`, nil by default.
    open var accessibilityValue: String?
    /// UIKit's `accessibilityHint`, nil by default.
    open var accessibilityHint: String?

    /// UIKit's `accessibilityTraits`: `.staticText` for a `UILabel`, `.image` for a
    /// `UIImageView`, none for other views, until set.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? UIViewAccessibility.defaultTraits(self) }
        set { accessibility.traits = newValue }
    }

    /// UIKit's `accessibilityElements`: this container's elements in reading order; nil by default.
    open var accessibilityElements: [Any]?

    public init(frame: CGRect) {
        layer = CALayer()
        layerForDeinit = layer
        let frame = UIView.checked(frame, "frame")
        layer.bounds = CGRect(origin: .zero, size: frame.size)
        layer.position = CGPoint(x: frame.midX, y: frame.midY)
        layer.storage.withLock { s in
            s.hostView = self
            s.ownerView = self
        }
    }

    public convenience init() { self.init(frame: .zero) }

    /// Views are not decoded from archives (storyboards, nibs) here: this reports it and returns
    /// nil. Declared, as UIKit declares it, so that subclasses written for UIKit compile unchanged.
    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "\(Self.self)", "views cannot be decoded from an archive (storyboard or nib); use init(frame:)")
        return nil
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates, the layer's (`bounds`, `position`, `anchorPoint`);
    /// setting it sets `bounds.size` and `center`. Non-finite or negative values are repaired (0) and reported.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let frame = UIView.checked(newValue, "frame")
            let old = layer.bounds.size
            layer.frame = frame
            if frame.size != old { setNeedsLayout(); resizeSubviews(from: old) }
        }
    }

    /// The view's own coordinate space; the layer's `bounds`.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let bounds = UIView.checked(newValue, "bounds")
            let old = layer.bounds.size
            layer.bounds = bounds
            if bounds.size != old { setNeedsLayout(); resizeSubviews(from: old) }
        }
    }

    /// The layer's `position` in the superview's coordinates: the frame's centre while the
    /// anchor point is the layer's default. A non-finite point is not kept.
    open var center: CGPoint {
        get { layer.position }
        set { if newValue.x.isFinite && newValue.y.isFinite { layer.position = newValue } }
    }

    static func checked(_ rect: CGRect, _ what: String) -> CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let repaired = CGRect(x: finite(rect.origin.x), y: finite(rect.origin.y),
                              width: max(0, finite(rect.size.width)), height: max(0, finite(rect.size.height)))
        if repaired != rect.standardized || !rect.width.isFinite || !rect.height.isFinite || rect.width < 0 || rect.height < 0 {
            WeftDiagnostics.report(.geometry, "UIView", "\(what) \(rect) is not finite and non-negative; \(repaired) was used")
        }
        return repaired
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the other subviews (its layer on top of the layer's sublayers),
    /// removing it from its old superview first. Adding a view to itself or to one of its own
    /// subviews is ignored and reported: it would make a cycle.
    open func addSubview(_ view: UIView) { insert(view, atSublayerIndex: { $0 }) }

    /// UIKit's `insertSubview(_:at:)`, which puts the view's layer at `index` among the layer's
    /// SUBLAYERS (not the subviews: Texture's testAppleBugInsertSubview checks UIKit does so),
    /// clamped to their count.
    open func insertSubview(_ view: UIView, at index: Int) { insert(view, atSublayerIndex: { _ in index }) }

    /// UIKit's `insertSubview(_:aboveSubview:)`: the view's layer goes directly above
    /// `siblingSubview`'s; on top, reported, when that is not a subview.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insert(view, atSublayerIndex: { count in
            self.sublayerIndex(of: siblingSubview, for: "insertSubview(_:aboveSubview:)").map { $0 + 1 } ?? count
        })
    }

    /// UIKit's `insertSubview(_:belowSubview:)`: the view's layer goes directly below
    /// `siblingSubview`'s; on top, reported, when that is not a subview.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, atSublayerIndex: { count in self.sublayerIndex(of: siblingSubview, for: "insertSubview(_:belowSubview:)") ?? count })
    }

    /// The index of `subview`'s layer among the layer's sublayers; nil, reported for `api`, when
    /// it is not a subview whose layer is there.
    private func sublayerIndex(of subview: UIView, for api: String) -> Int? {
        if subview.superview === self, let index = layer.sublayers?.firstIndex(where: { $0 === subview.layer }) { return index }
        WeftDiagnostics.report(.view, "\(type(of: self)).\(api)", "\(type(of: subview)) is not a subview of it; the view went on top")
        return nil
    }

    /// Adds `view` with its layer at the sublayer index `index` gives, asked once `view` has left
    /// its old place (given the sublayer count then).
    private func insert(_ view: UIView, atSublayerIndex index: (Int) -> Int) {
        guard view !== self, !isDescendant(of: view) else {
            WeftDiagnostics.report(.geometry, "\(type(of: self))", "adding \(type(of: view)) as a subview would make a cycle; ignored")
            return
        }
        // A node's view added to a node's view makes its node a subnode there, as Texture's
        // `_ASDisplayView` hitches itself up to its new superview's node (`willMoveToSuperview:`).
        if let parent = (self as? ASDisplayNodeView)?.node, let child = (view as? ASDisplayNodeView)?.node {
            // Out of its old place first (a supernode's, or a plain view's with its keepalive), so
            // that `index` counts the list without it; `child` keeps the node alive meanwhile.
            if child.supernode != nil || view.addedTo != nil { view.removeFromSuperview() }
            parent.insertSubnode(child, atSublayerIndex: index(layer.sublayers?.count ?? 0))
            return
        }
        let oldWindow = view.window
        let moves = view.addedTo !== self
        if moves { view.willMove(toSuperview: self) }
        view.detachFromSuperview()
        view.addedTo = self
        addedViews.append(view)
        layer.insertOwnSublayer(view.layer, at: index(layer.sublayers?.count ?? 0), byView: true)
        if moves { view.didMoveToSuperview() }
        view.windowMayHaveChanged(from: oldWindow)
    }

    /// Removes the view from its superview; leaving a window takes its nodes out of the interface
    /// hierarchy (see `UIWindow`).
    open func removeFromSuperview() {
        let oldWindow = window
        guard addedTo != nil else { return }
        willMove(toSuperview: nil)
        detachFromSuperview()
        didMoveToSuperview()
        windowMayHaveChanged(from: oldWindow)
    }

    /// UIKit's `willMove(toSuperview:)`: called before the view is added to `newSuperview` (moved
    /// there from another superview, or added with none), or, with nil, removed from its superview.
    /// The default does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// UIKit's `didMoveToSuperview()`: called after the view was added to a superview or removed
    /// from it (`superview` is then nil). The default does nothing.
    open func didMoveToSuperview() {}

    /// Called on each added subview as this view is deinitialized, which drops its subviews without
    /// removing them one by one: a subview that holds something only while it has a superview lets
    /// go of it here (a node's view, its node). Runs in the deinit, on the thread of the last release.
    nonisolated func superviewWillDeinit() {}

    deinit {
        // The layer may outlive this view (a node's view's is its node's): the subviews' layers leave it.
        if !addedViews.isEmpty { layerForDeinit?.unlinkViewLayers(of: Set(addedViews.map(ObjectIdentifier.init))) }
        for subview in addedViews { subview.superviewWillDeinit() }
    }

    /// Unlinks the view from its superview; false when it had none.
    @discardableResult
    private func detachFromSuperview() -> Bool {
        guard let addedTo else { return false }
        addedTo.addedViews.removeAll { $0 === self }
        layer.leaveOwnSuperlayer()
        self.addedTo = nil
        return true
    }

    /// UIKit's `bringSubviewToFront(_:)`: the view's layer goes on top of the layer's sublayers.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.addedTo === self else { return }
        layer.moveOwnSublayer(view.layer) { count in count }
    }

    /// UIKit's `sendSubviewToBack(_:)`: the view's layer goes to the bottom of the layer's sublayers.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.addedTo === self else { return }
        layer.moveOwnSublayer(view.layer) { _ in 0 }
    }

    /// UIKit's `exchangeSubview(at:withSubviewAt:)`: swaps the layers at the two sublayer indices
    /// when both are subviews' layers added to this view (a subnode's place is the node tree's);
    /// otherwise nothing changes and a diagnostic says so.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let list = layer.sublayers ?? []
        guard list.indices.contains(index1), list.indices.contains(index2),
              let first = list[index1].addedView(under: self), let second = list[index2].addedView(under: self) else {
            WeftDiagnostics.report(.view, "\(type(of: self)).exchangeSubview(at:withSubviewAt:)",
                                   "indices \(index1) and \(index2) are not both subviews added to this view among its \(list.count) sublayers; nothing was changed")
            return
        }
        guard index1 != index2 else { return }
        let (low, high) = index1 < index2 ? (first, second) : (second, first)
        let lowIndex = min(index1, index2), highIndex = max(index1, index2)
        layer.moveOwnSublayer(high.layer) { _ in lowIndex }
        layer.moveOwnSublayer(low.layer) { _ in highIndex }
    }

    /// True when `view` is this view, its superview, or an ancestor further up.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view in this subtree (this one included) whose `tag` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: Layout

    /// Lays out subviews; override it to set their frames. Called by `layoutIfNeeded()`.
    open func layoutSubviews() {}

    open func setNeedsLayout() { needsLayout = true }

    /// Runs `layoutSubviews()` if layout was asked for, then does the same for the subviews.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in ownSubviews { subview.layoutIfNeeded() }
    }

    /// UIKit's `willMove(toWindow:)`: called before the view (or an ancestor) enters or leaves a
    /// window; `newWindow` is nil when it leaves. The default does nothing.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// UIKit's `didMoveToWindow()`: called after the view (or an ancestor) entered or left a
    /// window, once its nodes' interface states changed. The default does nothing.
    open func didMoveToWindow() {}

    /// UIKit's `safeAreaInsetsDidChange()`: called when `safeAreaInsets` changed (a controller
    /// was rendered on a device, or its `additionalSafeAreaInsets` changed). The default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// The size that fits `size`; the current size by default, as UIView's.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` its current size.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    // MARK: Drawing

    /// Draws the view's contents into `UIGraphicsGetCurrentContext()`; `rect` is the bounds. The
    /// default draws nothing. Called synchronously while the view is composited.
    open func draw(_ rect: CGRect) {}

    /// UIKit's `setNeedsDisplay()`: a view draws every time it is composited, so there is nothing to mark.
    open func setNeedsDisplay() {}

    // MARK: Tint (see UIView+TintColor.swift)
    // In the class because UIKit code overrides these.

    /// The tint set on this view; nil when it inherits its superview's.
    var ownTintColor: UIColor?

    /// UIKit's `tintColor` (null_resettable): the colour set on this view, else its superview's,
    /// else UIKit's default (system blue). Template images in an image view are drawn in it.
    /// Setting it calls `tintColorDidChange()` on this view and the subviews that inherit it.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? ASDisplayNode.defaultTintColor }
        set {
            ownTintColor = newValue
            tintDidChangeInSubtree()
        }
    }

    /// UIKit's `tintColorDidChange()`: called when this view's tint colour changed, set on it or
    /// on an ancestor it inherits from. The default does nothing.
    open func tintColorDidChange() {}

    // MARK: Hit testing
    // In the class because UIKit code overrides these (a collection view does).

    /// UIKit's `hitTest(_:with:)`: the deepest view under `point` (in this view's coordinates)
    /// that takes touches: the subviews are asked front to back, then this view. Nil when the
    /// point is outside (`point(inside:with:)`), or the view is hidden, nearly transparent (alpha
    /// 0.01 or less) or not `isUserInteractionEnabled`, as in UIKit. Weft delivers no events: pass nil.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// UIKit's `point(inside:with:)`: whether `point` (in this view's coordinates) is in its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Responder (see UIView+FirstResponder.swift)

    /// UIKit's `canBecomeFirstResponder`; false by default.
    open var canBecomeFirstResponder: Bool { false }

    /// UIKit's `becomeFirstResponder()`: makes this view its window's first responder, after the
    /// current one resigns. False when the view cannot become one, is in no window, or the current
    /// first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool { takeFirstResponder() }

    /// UIKit's `canResignFirstResponder`; true by default.
    open var canResignFirstResponder: Bool { true }

    /// UIKit's `resignFirstResponder()`: stops being its window's first responder; true by default.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        giveUpFirstResponder()
        return true
    }

    /// UIKit's `isFirstResponder`: whether this view is its window's first responder.
    open var isFirstResponder: Bool { window?.firstResponderView === self }
}

/// A colour as Core Graphics passes it around (`UIColor.cgColor`); wraps a `UIColor`.
/// Sendable value; use from any context.
public struct CGColor: Sendable, Equatable {
    public let uiColor: UIColor
    public static func == (a: CGColor, b: CGColor) -> Bool { a.uiColor == b.uiColor }
}

extension UIColor {
    /// The colour as a `CGColor`, for `layer.borderColor`. Unlike UIKit's, a dynamic colour's
    /// `CGColor` stays dynamic and resolves where it is drawn (a layer's border for its node's or
    /// view's traits), so a border set once follows the appearance; UIKit code that sets it again
    /// in `traitCollectionDidChange` gets the same pixels.
    public var cgColor: CGColor { CGColor(uiColor: self) }

    /// UIKit's `UIColor(cgColor:)`.
    public convenience init(cgColor: CGColor) {
        let c = cgColor.uiColor
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }
}

extension CALayer {
    /// The view whose layer this is, when that view was added to `superview` (`addSubview` and its
    /// kin); nil for a layer of its own or a view's layer linked with `addSublayer` alone.
    @MainActor func addedView(under superview: UIView) -> UIView? {
        guard let view = storage.withLock({ $0.ownerView }), view.addedTo === superview else { return nil }
        return view
    }
}
