import Foundation
import Synchronization

/// How a node's corners are rounded; Texture's `ASCornerRoundingType`.
public enum ASCornerRoundingType: Int, Sendable {
    /// Like Core Animation's `cornerRadius`: the background and border are rounded; contents and
    /// subnodes are clipped only when `clipsToBounds` is set.
    case defaultSlowCALayer
    /// The node's own background and contents are rounded when they are drawn, without clipping
    /// subnodes.
    case precomposited
    /// Treated as `precomposited`: Texture draws corner overlays in the supernode's colour to get
    /// the same picture, which an offscreen renderer does not need.
    case clipping
}

/// The basic drawable node; Texture's `ASDisplayNode`.
///
/// A node has geometry (frame, bounds, position), a tree of subnodes, appearance (background,
/// corners, border, alpha, clipping) and optionally contents it draws into a backing store:
/// - subclass: override `drawParameters()` to capture what drawing needs, and the class method
///   `draw(_:withParameters:isCancelled:in:)` to draw it on the display queue; or
/// - subclass as in Texture: override the class method `draw(_:withParameters:isCancelled:isRasterizing:)`
///   and draw into `UIGraphicsGetCurrentContext()` (with or without `drawParameters()`); or
/// - set a `displayBlock`.
/// A node in `.display` interface state draws asynchronously on `displayQueue` (or inline when
/// `displaysAsynchronously` is false); `recursivelyEnsureDisplaySynchronously(_:)` draws now, and
/// `renderBitmap(scale:)` renders the whole subtree in Texture's order: background, backing store,
/// subnodes, border.
///
/// Thread-safe: every property is guarded by the node's own lock, as in Texture, so a node can be
/// built on one thread and drawn on another. Structural edits (adding, inserting, removing
/// subnodes) also hold the process-wide tree-edit lock, see `ASDisplayNode+Tree.swift`.
open class ASDisplayNode: ASLayoutElement, CustomStringConvertible, CustomDebugStringConvertible {
    // SAFETY: all mutable state lives in `state`, behind its mutex (the style, once made, is
    // itself thread-safe).

    /// The node's mutable state, guarded by the mutex.
    struct State: @unchecked Sendable {
        // SAFETY: only touched under `state`'s mutex. The subnodes and the supernode are nodes
        // (not Sendable only so that user subclasses need not say so, see `UncheckedSendable`),
        // each guarded by its own mutex; the layout spec block runs on the thread that lays out.
        var bounds = CGRect.zero
        var position = CGPoint.zero
        var anchorPoint = CGPoint(x: 0.5, y: 0.5)
        var subnodes: [ASDisplayNode] = []
        weak var supernode: ASDisplayNode?
        var debugName: String?

        var backgroundColor: UIColor?
        var cornerRadius: CGFloat = 0
        var cornerRoundingType = ASCornerRoundingType.defaultSlowCALayer
        var borderWidth: CGFloat = 0
        var borderColor = UIColor.black
        var clipsToBounds = false
        var alpha: CGFloat = 1
        var isOpaque = true
        var isHidden = false
        var contentMode = UIView.ContentMode.scaleToFill
        var displaysAsynchronously = true
        var isDisplaySuspended = false
        var displayBlock: ASDisplayNodeDisplayBlock?
        var willDisplayContent: ASDisplayNodeContextModifier?
        var didDisplayContent: ASDisplayNodeContextModifier?
        /// The scale the contents are drawn at: Texture's `contentsScaleForDisplay`.
        var contentsScaleForDisplay: CGFloat = ASScreenScale()
        /// The layer's `contentsScale` once set; nil for Core Animation's default (see `contentsScale`).
        var layerContentsScale: CGFloat?
        var interfaceState: ASInterfaceState = []
        /// Texture's `isInHierarchy` flag: set by `enterHierarchy()`, cleared by `exitHierarchy()`.
        var isInHierarchy = false
        var displayQueue = DisplayQueue.shared
        /// See `ASDisplayNode+Traits.swift`.
        var traits = NodeTraits()
        /// See `ASDisplayNode+SafeArea.swift`.
        var safeArea = NodeSafeArea()
        /// See `ASDisplayNode+LayoutDirection.swift`.
        var semanticContentAttribute = UISemanticContentAttribute.unspecified
        /// The layer and the properties bridged to it; see `ASDisplayNode+LayerProperties.swift`.
        var layerModel = LayerModel()
        /// The tint colour set on this node; see `ASDisplayNode+TintColor.swift`.
        var tintColor: UIColor?
        /// See `ASDisplayNode+Placeholder.swift`.
        var placeholder = NodePlaceholder()
        /// See `ASDisplayNode+SubtreeRasterization.swift`.
        var rasterizesSubtree = false
        /// The open transaction while the node is an async transaction container; see
        /// `ASDisplayNode+AsyncTransactionContainer.swift`.
        var asyncTransaction: AsyncTransaction?

        var display = DisplayState()
        var layout = LayoutState()
        /// See `ASDisplayNode+Loading.swift`.
        var loading = LoadingState()
        /// The node's style, made on first access (see `style`).
        var style: ASLayoutElementStyle?
        /// The baselines measuring set (`setBaselines`) while the node had no style: the style
        /// starts with them when it is made.
        var baselinesWithoutStyle: (ascender: CGFloat, descender: CGFloat) = (0, 0)
    }

    let state = Mutex(State())

    /// Sizing and flex properties for layout specs; Texture's `style`.
    ///
    /// Made on first access, under the node's lock (`state`): most nodes of a feed (images, text,
    /// cells) never have a style property set, and a style is 216 bytes a node. Reading a property
    /// of a node's fresh style gives the defaults (and the baselines a text node measured), as
    /// always; the layout engine reads `storedStyleValues`, which makes no style.
    public var style: ASLayoutElementStyle {
        state.withLock { s in
            if let made = s.style { return made }
            var values = ASLayoutElementStyle.Values.defaults
            (values.ascender, values.descender) = s.baselinesWithoutStyle
            let made = ASLayoutElementStyle(values: values)
            s.style = made
            return made
        }
    }

    /// The style's values for layout, making no style: the shared defaults (with the measured
    /// baselines) when none was made.
    var storedStyleValues: ASLayoutElementStyle.Values {
        let (style, baselines) = state.withLock { ($0.style, $0.baselinesWithoutStyle) }
        if let style { return style.values }
        guard baselines != (0, 0) else { return .defaults }
        var values = ASLayoutElementStyle.Values.defaults
        (values.ascender, values.descender) = baselines
        return values
    }

    /// Sets `style.ascender` and `style.descender` as measuring finds them (a text node's), without
    /// making a style for them: kept in the node's state until one is made.
    func setBaselines(ascender: CGFloat, descender: CGFloat) {
        // Non-finite values count as 0, as the style's setters take them.
        let (ascender, descender) = (ascender.isFinite ? ascender : 0, descender.isFinite ? descender : 0)
        let style = state.withLock { s -> ASLayoutElementStyle? in
            if s.style == nil { s.baselinesWithoutStyle = (ascender, descender) }
            return s.style
        }
        // Once made, a style is the node's for good: the values go to it (outside the node's lock,
        // the style has its own).
        if let style {
            style.ascender = ascender
            style.descender = descender
        }
    }

    /// What VoiceOver is told about the node, behind its own mutex so that `State` stays about
    /// drawing and layout; see `ASDisplayNode+Accessibility.swift`.
    let accessibilityState = AccessibilityStorage()

    public init() {}

    /// Called when the node's traits change (appearance, text size, direction, size classes...),
    /// on the thread that changed them; Texture's
    /// `asyncTraitCollectionDidChange(withPreviousTraitCollection:)`. The default redraws the node
    /// when its appearance changed; override to rebuild trait-dependent content, and call super.
    open func asyncTraitCollectionDidChange(withPreviousTraitCollection previousTraitCollection: ASPrimitiveTraitCollection) {
        redisplayIfAppearanceChanged(from: previousTraitCollection)
    }

    /// Called when `safeAreaInsets` changed (its controller was rendered on a device, or the
    /// controller's `additionalSafeAreaInsets` changed); Texture's `safeAreaInsetsDidChange`. The
    /// default relayouts the node when `automaticallyRelayoutOnSafeAreaChanges` is set, as
    /// Texture's does; override it to update by hand, and call super.
    open func safeAreaInsetsDidChange() {
        if automaticallyRelayoutOnSafeAreaChanges { setNeedsLayout() }
    }

    /// Weft's own hook after a trait change, for nodes whose content depends on traits beyond
    /// what `asyncTraitCollectionDidChange` covers (a collection relays out its cells).
    func traitsDidChange(from previous: ASPrimitiveTraitCollection) {}

    deinit {
        let (rasterizes, container) = state.withLock { ($0.rasterizesSubtree, $0.asyncTransaction != nil) }
        if rasterizes { SubtreeRasterization.live.subtract(1, ordering: .releasing) }
        if container { AsyncTransactionContainers.live.subtract(1, ordering: .releasing) }
        releaseSubtreeIteratively()
    }

    /// A node whose contents are drawn by `displayBlock` (for a node backed by a view of your
    /// own, see `init(viewBlock:)`).
    public convenience init(displayBlock: @escaping ASDisplayNodeDisplayBlock) {
        self.init()
        self.displayBlock = displayBlock
    }

    /// Reads or writes one field of the state under the lock.
    final subscript<T: Sendable>(locked keyPath: WritableKeyPath<State, T>) -> T {
        get { state.withLock { $0[keyPath: keyPath] } }
        set { state.withLock { $0[keyPath: keyPath] = newValue } }
    }

    // MARK: Geometry

    /// The frame in the supernode's coordinates. Setting it sets `bounds.size` and `position`.
    ///
    /// Rule for bad values: a NaN or infinite component becomes 0 and a negative size becomes 0,
    /// so geometry is always finite; each such repair is reported as a `WeftDiagnostic` (area
    /// `.geometry`) showing the value given and the value used. A node left with no width or height
    /// cannot be rendered (`RenderError.emptyBounds`), and a size too large to draw makes
    /// `renderBitmap` throw too.
    public var frame: CGRect {
        get {
            state.withLock { s in
                CGRect(x: s.position.x - s.bounds.width * s.anchorPoint.x, y: s.position.y - s.bounds.height * s.anchorPoint.y,
                       width: s.bounds.width, height: s.bounds.height)
            }
        }
        set {
            let frame = Self.sanitized(newValue)
            reportRepair(.geometry, "frame", given: newValue, used: frame)
            let (resized, blockView) = state.withLock { s -> (Bool, UIView?) in
                let resized = s.bounds.size != frame.size
                s.bounds.size = frame.size
                s.position = CGPoint(x: frame.minX + frame.width * s.anchorPoint.x, y: frame.minY + frame.height * s.anchorPoint.y)
                return (resized, s.blockMadeView)
            }
            if resized { boundsSizeDidChange() }
            bridge(to: blockView) { $0.frame = frame }
        }
    }

    /// The node's own coordinate space; its size is the frame's size. Sanitized and reported like `frame`.
    public var bounds: CGRect {
        get { self[locked: \.bounds] }
        set {
            let bounds = Self.sanitized(newValue)
            reportRepair(.geometry, "bounds", given: newValue, used: bounds)
            let (resized, blockView) = state.withLock { s -> (Bool, UIView?) in
                let resized = s.bounds.size != bounds.size
                s.bounds = bounds
                return (resized, s.blockMadeView)
            }
            if resized { boundsSizeDidChange() }
            bridge(to: blockView) { $0.bounds = bounds }
        }
    }

    /// Where the anchor point sits in the supernode's coordinates. A NaN or infinite coordinate
    /// becomes 0, reported like `frame`.
    public var position: CGPoint {
        get { self[locked: \.position] }
        set {
            let position = CGPoint(x: newValue.x.isFinite ? newValue.x : 0, y: newValue.y.isFinite ? newValue.y : 0)
            reportRepair(.geometry, "position", given: newValue, used: position)
            let blockView = state.withLock { s -> UIView? in
                s.position = position
                return s.blockMadeView
            }
            bridge(to: blockView) { $0.center = position }
        }
    }

    /// The point of the bounds, in unit coordinates, that `position` refers to; (0.5, 0.5) by
    /// default. A NaN or infinite coordinate becomes 0.5, reported like `frame`.
    public var anchorPoint: CGPoint {
        get { self[locked: \.anchorPoint] }
        set {
            let anchor = CGPoint(x: newValue.x.isFinite ? newValue.x : 0.5, y: newValue.y.isFinite ? newValue.y : 0.5)
            reportRepair(.geometry, "anchorPoint", given: newValue, used: anchor)
            self[locked: \.anchorPoint] = anchor
        }
    }

    /// Core Animation's rule for a resize: new contents when `needsDisplayOnBoundsChange` asks, or
    /// when there are no finished contents to stretch (none yet, or stale ones; Texture's
    /// `_ASDisplayLayer` likewise redisplays a layer that tried to display while zero-sized).
    private func boundsSizeDidChange() {
        let redraw = state.withLock { s in
            s.layout.layerNeedsLayout = true
            return s.layerModel.properties.needsDisplayOnBoundsChange || s.display.backingStore == nil
                || s.display.committedGeneration != s.display.generation
        }
        if redraw { setNeedsDisplay() }
    }

    static func sanitized(_ rect: CGRect) -> CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        return CGRect(x: finite(rect.origin.x), y: finite(rect.origin.y),
                      width: max(0, finite(rect.size.width)), height: max(0, finite(rect.size.height)))
    }

    /// Reports that `property` was set to `given` and `used` was stored instead, when they differ
    /// (NaN never equals itself, so a NaN given always counts as a repair).
    func reportRepair<T: Equatable>(_ area: WeftDiagnostic.Area, _ property: String, given: T, used: T) {
        guard given != used else { return }
        WeftDiagnostics.report(area, description, "\(property) set to \(Self.format(given)), which cannot be drawn; used \(Self.format(used))")
    }

    private static func format(_ value: Any) -> String {
        switch value {
        case let r as CGRect: return "(\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height))"
        case let p as CGPoint: return "(\(p.x), \(p.y))"
        default: return "\(value)"
        }
    }

    /// Whether `object` is this very class; `NSObject`'s class method `isEqual(_:)`, which Texture
    /// code uses to compare node classes (`nodeType.isEqual(HeaderNode.self)`).
    public class func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AnyClass else { return false }
        return other == self
    }

    /// A name for messages and layout dumps; Texture's `debugName`.
    public var debugName: String? {
        get { self[locked: \.debugName] }
        set { self[locked: \.debugName] = newValue }
    }

    open var description: String {
        let name = debugName.map { " \"\($0)\"" } ?? ""
        return "<\(type(of: self))\(name) frame=\(frame)>"
    }

    /// The description with the node's address, as Texture's `debugDescription` (Objective-C's
    /// `<ASDisplayNode: 0x…>`) has it: what `displayNodeRecursiveDescription()` lists. Diagnostics
    /// use `description`, whose words do not change from run to run.
    open var debugDescription: String {
        let name = debugName.map { "; \"\($0)\"" } ?? ""
        return "<\(type(of: self)): \(ObjectAddress.string(of: self))\(name); frame = \(frame)>"
    }

    /// The node's name in the diagnostics that text state keeps: the description without the
    /// frame, which is not known yet when text is set. Kept by every text node, so it is built
    /// by appending to a small string: a short class name ("<ASTextNode>") stays inline, with no
    /// allocation, where an interpolated description took about 100 bytes a node.
    var diagnosticSubject: String {
        var subject = "<"
        subject += String(describing: type(of: self))
        if let debugName { subject += " \"" + debugName + "\"" }
        subject += ">"
        return subject
    }

    // MARK: Drawing contract (override points)

    /// Captures everything drawing needs, on the thread that asks for display; Texture's
    /// `drawParameters(forAsyncLayer:)`. Return nil to draw nothing (no backing store is made).
    /// A subclass that overrides `draw(_:withParameters:isCancelled:in:)` returns its parameters
    /// here, even an empty value. The default returns the display block, if any.
    open func drawParameters() -> (any Sendable)? {
        displayBlock.map(DisplayBlockParameters.init)
    }

    /// Draws the contents into `context`, sized `bounds`, on the display queue; Weft's form of
    /// Texture's class method `draw(_:withParameters:isCancelled:isRasterizing:)`. Being a class
    /// method, it cannot reach the node: everything comes from `parameters`. Check `isCancelled()`
    /// between costly steps. `context` is also the thread's current UIKit context meanwhile.
    /// The default draws the display block, or calls Texture's spelling.
    open class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?,
                         isCancelled: () -> Bool, in context: GraphicsContext) {
        if let block = parameters as? DisplayBlockParameters {
            block.block(bounds, context, isCancelled)
        } else {
            draw(bounds, withParameters: parameters, isCancelled: isCancelled, isRasterizing: false)
        }
    }

    /// Contents that are already drawn, to commit as they are instead of drawing `parameters` into
    /// a fresh backing store of `bounds` at `scale`: an image node whose image fills its bounds
    /// pixel for pixel. Only when drawing would give exactly these pixels; nil (the default) draws.
    /// Internal: a subclass that draws differently must not inherit a class's shortcut.
    class func contentsWithoutDrawing(_ bounds: CGRect, scale: CGFloat, parameters: (any Sendable)?) -> Bitmap? { nil }

    /// Texture's class drawing method, as Texture code overrides it: draw into
    /// `UIGraphicsGetCurrentContext()` (a fresh backing store of `bounds`, at the node's
    /// `contentsScaleForDisplay`), on the display queue. `parameters` is what `drawParameters()` returned
    /// (nil when the subclass does not override it: a subclass that overrides only this method
    /// still draws, as in Texture). `isRasterizing` is always false: under a node that rasterizes
    /// its subtree, each node still draws into its own backing store, which that node composites.
    /// The default draws nothing; an override need not call it (one that always calls it is taken
    /// for a class that does not draw this way when `drawParameters()` is nil).
    open class func draw(_ bounds: CGRect, withParameters parameters: Any?, isCancelled isCancelledBlock: () -> Bool, isRasterizing: Bool) {
        TextureDrawOverrides.baseWasReached()
    }

    /// Texture's other class drawing method: return the contents as an image, made on the display
    /// queue from `parameters` (what `drawParameters()` returned). A class that overrides it
    /// displays through it rather than `draw(_:withParameters:isCancelled:isRasterizing:)`, as in
    /// Texture; the image fills the node's bounds. Nil leaves the node without contents. The
    /// default returns nil; an override need not call it.
    open class func display(withParameters parameters: Any?, isCancelled isCancelledBlock: () -> Bool) -> UIImage? {
        TextureDrawOverrides.baseWasReached()
        return nil
    }

    /// The node's natural size within `constrainedSize`; Texture's `calculateSizeThatFits(_:)`.
    /// Used when the node has no layout spec. The default is the constrained size itself when both
    /// sides are sizes a layout can have, else zero (which the range then clamps up to its
    /// minimum), as Texture's: a node with no size of its own under an unbounded side takes the
    /// least it may, not an infinite size.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        ASIsCGSizeValidForSize(constrainedSize) ? constrainedSize : .zero
    }

    /// Called in a layout pass (`layoutIfNeeded()`, which rendering runs first) once the node's
    /// layout has been applied and its subnodes have their frames, before the subnodes are laid
    /// out; Texture's `layout`. Override it to adjust frames by hand (a hairline separator, say),
    /// and call super. The default does nothing.
    open func layout() {}

    /// The spec that lays out this node's subnodes; Texture's `layoutSpecThatFits(_:)`. Override it
    /// (or set `layoutSpecBlock`); a node without either is sized by `calculateSizeThatFits(_:)`.
    open func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        NoLayoutSpec.marker
    }

    /// The node's layout within a range that already includes its style; Texture's
    /// `calculateLayoutThatFits(_:)`. The default uses the layout spec, or `calculateSizeThatFits`.
    open func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        calculateLayoutFromSpec(constrainedSize)
    }

    /// The layout within a range that already includes the node's style, knowing the parent size;
    /// Texture's `calculateLayoutThatFits(_:restrictedTo:relativeToParentSize:)`, as an override
    /// point for Weft's own nodes whose size depends on the parent's (a scroll node). The default
    /// is `calculateLayoutThatFits(_:)`, the override point subclasses outside Weft use.
    func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        calculateLayoutThatFits(constrainedSize)
    }

    // MARK: Accessibility (overridable)
    // Declared in the class, not in `ASDisplayNode+Accessibility.swift`, because UIKit and Texture
    // code overrides them in subclasses and Swift cannot override members of extensions.

    /// Whether the node is one element to VoiceOver (its subnodes are then not read); UIKit's
    /// `isAccessibilityElement`. Until set, the class's default: true for a text node with text
    /// and for a button, false otherwise (see `AccessibilityDefaults`).
    open var isAccessibilityElement: Bool {
        get { self[accessibility: \.isElement] ?? AccessibilityDefaults.isElement(self) }
        set { self[accessibility: \.isElement] = newValue }
    }

    /// What VoiceOver reads first; UIKit's `accessibilityLabel`. Until set, `defaultAccessibilityLabel`.
    open var accessibilityLabel: String? {
        get { accessibilityAttributedLabel?.string }
        set { accessibilityAttributedLabel = newValue.map { NSAttributedString(string: $0) } }
    }

    /// The label with attributes (language, pitch); UIKit's `accessibilityAttributedLabel`. Kept
    /// in step with `accessibilityLabel`, as Texture keeps the pair.
    open var accessibilityAttributedLabel: NSAttributedString? {
        get {
            switch self[accessibility: \.label] {
            case .some(let label): label?.value
            case .none: defaultAccessibilityLabel.map { NSAttributedString(string: $0) }
            }
        }
        set { accessibilityState.write { $0.label = .some(newValue.map(ImmutableAttributedString.init)) } }
    }

    /// The element's current value ("50%"), read after the label; UIKit's `accessibilityValue`, nil by default.
    open var accessibilityValue: String? {
        get { self[accessibility: \.value] }
        set { self[accessibility: \.value] = newValue }
    }

    /// What activating the element does ("Opens the profile."), read last; UIKit's `accessibilityHint`, nil by default.
    open var accessibilityHint: String? {
        get { self[accessibility: \.hint] }
        set { self[accessibility: \.hint] = newValue }
    }

    /// What kind of element it is (button, header...); UIKit's `accessibilityTraits`. Until set,
    /// `defaultAccessibilityTraits`.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { self[accessibility: \.traits] ?? defaultAccessibilityTraits }
        set { self[accessibility: \.traits] = newValue }
    }

    /// The element's frame in its root node's coordinates (the offscreen "screen"); UIKit's
    /// `accessibilityFrame`. Until set, the node's frame converted to the root's coordinates.
    /// Non-finite values and negative sizes are repaired (0) and reported, as `frame` is.
    open var accessibilityFrame: CGRect {
        get { self[accessibility: \.frame] ?? frameInRootCoordinates() }
        set {
            let frame = Self.sanitized(newValue)
            reportRepair(.accessibility, "accessibilityFrame", given: newValue, used: frame)
            self[accessibility: \.frame] = frame
        }
    }

    /// Where VoiceOver activates the element, in root coordinates; UIKit's
    /// `accessibilityActivationPoint`. Until set, the middle of `accessibilityFrame`. A point
    /// with a non-finite coordinate is reported and not kept (the middle of the frame is used).
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let point = self[accessibility: \.activationPoint] { return point }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                WeftDiagnostics.report(.accessibility, description,
                                       "accessibilityActivationPoint set to (\(newValue.x), \(newValue.y)), which is not a point; the middle of accessibilityFrame is used")
                self[accessibility: \.activationPoint] = nil
                return
            }
            self[accessibility: \.activationPoint] = newValue
        }
    }

    /// The elements of this container in reading order, instead of the order found from frames;
    /// UIKit's `accessibilityElements`. Entries that are nodes are read (an element, or a container
    /// whose own elements are read in its place); other entries are skipped. Nil by default.
    open var accessibilityElements: [Any]? {
        get { accessibilityState.read { $0.elements } }
        set { accessibilityState.write { $0.elements = newValue } }
    }

    /// The label the node has until one is set; Texture's `defaultAccessibilityLabel`: a text
    /// node's text, a button's title, nil otherwise.
    open var defaultAccessibilityLabel: String? { AccessibilityDefaults.label(self) }

    /// The traits the node has until they are set; Texture's `defaultAccessibilityTraits`.
    open var defaultAccessibilityTraits: UIAccessibilityTraits { AccessibilityDefaults.traits(self) }

    /// Whether the node can be layer-backed; Texture's `supportsLayerBacking`: not when it is
    /// backed by a view of its own (a view block) or is a scrolling container, which needs its view.
    /// Open, as Texture's: subclasses that need their view (a cell, a control taking touches, a
    /// text node with links) answer false.
    open var supportsLayerBacking: Bool {
        state.withLock { $0.loading.viewBlock == nil } && !(self is any ScrollingNode)
    }

    // MARK: Interface state callbacks (call super)

    /// Called after the interface state changes.
    /// Called once, on the main actor, when the node loads (see `isNodeLoaded`), before its
    /// `onDidLoad(_:)` blocks; override it to touch view-side state, and call super. Texture's `didLoad`.
    @preconcurrency @MainActor open func didLoad() {}
    /// Makes a container's view as the node loads (a collection's `ASCollectionView`); see `loadNodeIfNeeded()`.
    @MainActor func makeViewsForLoading() {}

    /// The node's view; Texture's `view`. A plain node's is an `ASDisplayNodeView`, whose frame,
    /// bounds, background and layer are the node's; asking for it loads the node, as Texture's
    /// accessor does (`didLoad()` and the `onDidLoad(_:)` blocks run first). A view-backed node's is
    /// the view its view block made (`setViewBlock(_:)`). A collection node's is
    /// its `ASCollectionView` and a table node's its `ASTableView`, which override this. It is made
    /// once and kept in the node's state (behind its mutex); the view holds the node weakly.
    /// Main-actor isolated, as UIKit views are.
    @preconcurrency @MainActor public var view: UIView {
        if !isNodeLoaded { loadNodeIfNeeded() }
        if let view = self[locked: \.loading.view] { return view }
        let made = makeViewFromBlock() ?? ASDisplayNodeView(node: self)
        return state.withLock { s -> UIView in
            if let view = s.loading.view { return view }
            s.loading.view = made
            return made
        }
    }

    /// For a container's `view` (collection, table) asked for before the node loaded: the
    /// programmer error Texture asserts on. Reports it, naming the rule, and loads the node then,
    /// as Texture's accessor does.
    @MainActor func loadForEarlyViewAccess(_ container: String) {
        guard !isNodeLoaded else { return }
        WeftDiagnostics.report(.view, "\(self).view",
                               "the view was asked for before the node loaded; touch a \(container)'s view in the hosting controller's viewDidLoad() or in the node's didLoad()/onDidLoad(_:), not in init. The node was loaded now")
        loadNodeIfNeeded()
    }

    /// The node's layer; Texture's `layer`: a plain or layer-backed node's shows the node's state
    /// (see `CALayer`); a view-backed node's is its view's. Asking for it loads the node. Main-actor isolated.
    @preconcurrency @MainActor public var layer: CALayer { loadedLayer() }
    open func interfaceStateDidChange(_ newState: ASInterfaceState, from oldState: ASInterfaceState) {}

    /// Called on the main actor as the node enters the view hierarchy (its view, or a layer-backed
    /// node's layer, enters a window), before its subnodes do; Texture's `willEnterHierarchy` (call
    /// super). The default gives a node outside a collection's ranges the `.inHierarchy`
    /// interface state, as Texture's does.
    @preconcurrency @MainActor open func willEnterHierarchy() {
        if interfaceState.isEmpty { setInterfaceState(.inHierarchy) }
    }

    /// Called on the main actor once the node and its subnodes entered the view hierarchy;
    /// Texture's `didEnterHierarchy` (call super). The default does nothing.
    @preconcurrency @MainActor open func didEnterHierarchy() {}

    /// Called on the main actor as the node leaves the view hierarchy, before its subnodes do;
    /// Texture's `didExitHierarchy` (call super). The default takes the `.inHierarchy` interface
    /// state `willEnterHierarchy()` gave away again.
    @preconcurrency @MainActor open func didExitHierarchy() {
        if interfaceState == .inHierarchy { setInterfaceState([]) }
    }
    open func didEnterDisplayState() {}
    open func didExitDisplayState() {}
    open func didEnterVisibleState() {}
    open func didExitVisibleState() {}
    open func didEnterPreloadState() {}
    open func didExitPreloadState() {}
    /// What every node lets go of as it leaves the preload range, whether or not an override of
    /// `didExitPreloadState()` calls super: the specs of its calculated layout (Texture keeps that
    /// layout flattened). Subclasses add their own caches (`ASTextNode`). Called on the thread that
    /// sets the interface state, after `didExitPreloadState()`.
    func dropCachesOutsidePreloadRange() {
        flattenCalculatedLayout()
    }
    /// Marks the contents stale; Texture's `setNeedsDisplay`. A node in display state redraws (on
    /// `displayQueue`, or inline when not asynchronous); any display work in flight for the old
    /// contents is cancelled. Open, as Texture's: an override that does not call super keeps the
    /// old contents.
    open func setNeedsDisplay() { markContentsStale() }

    /// Texture's `setNeedsDisplayAtScale(_:)`: draws the contents again at `contentsScale` device
    /// pixels per point, when that differs from `contentsScaleForDisplay`. A value that is not
    /// finite or outside `Bitmap.scaleRange` is ignored (the scale stays as it was), reported as a
    /// `WeftDiagnostic` (area `.appearance`).
    open func setNeedsDisplayAtScale(_ contentsScale: CGFloat) {
        guard contentsScale.isFinite, Bitmap.scaleRange.contains(contentsScale) else {
            WeftDiagnostics.report(.appearance, description, "setNeedsDisplayAtScale(\(contentsScale)) is not a drawable scale "
                                   + "(\(Bitmap.scaleRange.lowerBound)...\(Bitmap.scaleRange.upperBound)); kept \(contentsScaleForDisplay)")
            return
        }
        let changed = state.withLock { s in
            defer { s.contentsScaleForDisplay = contentsScale }
            return s.contentsScaleForDisplay != contentsScale
        }
        if changed { setNeedsDisplay() }
    }

    /// Texture's `recursivelySetNeedsDisplayAtScale(_:)`: `setNeedsDisplayAtScale(_:)` on this node
    /// and every node under it (the node tree, not the view or layer trees).
    open func recursivelySetNeedsDisplayAtScale(_ contentsScale: CGFloat) {
        var pending: [ASDisplayNode] = [self]
        while let node = pending.popLast() {
            node.setNeedsDisplayAtScale(contentsScale)
            pending += node.subnodes
        }
    }

    /// Texture's `placeholderImage()`: what the placeholder layer shows while the node's contents
    /// are not drawn (see `placeholderEnabled`). Called on the main thread as the node enters the
    /// hierarchy. The default returns nil (the layer is there, empty); a text node draws its line boxes.
    open func placeholderImage() -> UIImage? { nil }

    /// Texture's `placeholderShouldPersist()`: true keeps the placeholder layer after the contents
    /// are drawn. The default returns false.
    open func placeholderShouldPersist() -> Bool { false }

    /// Called when the node's tint colour changed after it loaded; Texture's `tintColorDidChange`
    /// (see `ASDisplayNode+TintColor.swift`). The default does nothing; override it to redraw
    /// tinted content, and call super.
    open func tintColorDidChange() {}

    // MARK: Responder (overridable; Texture's ASDisplayNode+UIViewBridge)
    // Each goes to the node's view, whose calls come back to the node (see `ASDisplayNodeView`),
    // so overriding either the node's or the view's method is enough. A layer-backed node has no
    // view: it cannot become first responder.

    /// Texture's `canBecomeFirstResponder`: the view's answer; false before the view is made.
    @preconcurrency @MainActor open func canBecomeFirstResponder() -> Bool {
        loadedResponderView?.canBecomeFirstResponder ?? false
    }

    /// Texture's `becomeFirstResponder`: makes the view (loading it) its window's first
    /// responder when `canBecomeFirstResponder()` allows.
    @discardableResult
    @preconcurrency @MainActor open func becomeFirstResponder() -> Bool {
        guard !isLayerBacked else { return false }
        let view = self.view
        guard canBecomeFirstResponder() else { return false }
        return view.becomeFirstResponder()
    }

    /// Texture's `canResignFirstResponder`: the view's answer; true before the view is made.
    @preconcurrency @MainActor open func canResignFirstResponder() -> Bool {
        loadedResponderView?.canResignFirstResponder ?? true
    }

    /// Texture's `resignFirstResponder`: the view (loading it) stops being first responder when
    /// `canResignFirstResponder()` allows.
    @discardableResult
    @preconcurrency @MainActor open func resignFirstResponder() -> Bool {
        guard !isLayerBacked else { return false }
        let view = self.view
        guard canResignFirstResponder() else { return false }
        return view.resignFirstResponder()
    }

    /// Texture's `isFirstResponder`: the view's answer; false before the view is made.
    @preconcurrency @MainActor open func isFirstResponder() -> Bool {
        loadedResponderView?.isFirstResponder ?? false
    }

    /// The node's view if it has been made (none for a layer-backed node).
    @MainActor private var loadedResponderView: UIView? { self[locked: \.loading.view] }

    /// Called on the display queue's thread (or the caller's, for synchronous display) before
    /// drawing, by the default `displayWillStartAsynchronously(_:)`; Texture's deprecated spelling.
    open func displayWillStart() {}
    /// Texture's `displayWillStartAsynchronously(_:)`: called before drawing, with whether the
    /// drawing runs on the display queue (true) or on the thread that asked for it. The default
    /// calls `displayWillStart()`; an override calls super, as Texture requires.
    open func displayWillStartAsynchronously(_ asynchronously: Bool) { displayWillStart() }
    /// Called after a backing store was committed, on the thread that committed it.
    open func displayDidFinish() {}
}

/// Draws a node's contents; the display-block form of Texture's custom drawing.
public typealias ASDisplayNodeDisplayBlock = @Sendable (_ bounds: CGRect, _ context: GraphicsContext, _ isCancelled: () -> Bool) -> Void

/// The draw parameters of a node drawn by a display block.
struct DisplayBlockParameters: Sendable {
    let block: ASDisplayNodeDisplayBlock
}
