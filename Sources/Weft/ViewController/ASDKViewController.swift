import Foundation

/// A view controller whose view is a node's; Texture's `ASDKViewController` (formerly
/// `ASViewController`). The node is made before the view; the view, loaded on first access, is
/// `node.view` itself (`controller.view === controller.node.view`; setting its `frame` or `bounds`
/// sizes the node, its `backgroundColor` is the node's), and `viewDidLoad()` runs once when it
/// loads, where Texture code touches `node.view`-side settings.
///
/// `renderBitmap(size:scale:)` and `snapshotPNG(size:scale:)` render the controller at a screen
/// size, running the loading and layout callbacks first; when the node scrolls (a collection or
/// table), its visible cells are composited at its content offset. Main-actor isolated, like
/// UIKit's `UIViewController`, so a node block may capture the controller.
///
/// Both of Texture's designated initializers are here: `init(node:)`, and `init()`, which (as in
/// Texture) makes a controller without a node, whose view is a plain `UIView`. Texture subclasses
/// written as `override init() { super.init(node: …) }` compile unchanged.
@preconcurrency @MainActor
open class ASDKViewController<DisplayNodeType: ASDisplayNode>: UIViewController {
    private let storedNode: DisplayNodeType?

    /// The controller's node; Texture's `node`. Implicitly unwrapped, as Texture's
    /// `null_unspecified` property imports into Swift: nil only for a controller made with `init()`
    /// (read it as `controller.node as DisplayNodeType?` there).
    public var node: DisplayNodeType! { storedNode }

    /// Texture's `init(node:)`: the controller's view will be `node.view`.
    public init(node: DisplayNodeType) {
        storedNode = node
        super.init(nibName: nil, bundle: nil)
    }

    /// Texture's `init()`, its designated initializer "for interoperability with normal
    /// UIViewControllers": no node, and a plain `UIView` (UIKit's `loadView()`) as the view.
    public init() {
        storedNode = nil
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "\(Self.self)", "view controllers cannot be decoded from an archive; use init(node:)")
        return nil
    }

    /// The view is the node's, as Texture's `loadView` sets `self.view = node.view`: an
    /// `ASCollectionView` for a collection or pager node, an `ASTableView` for a table, an
    /// `ASDisplayNodeView` for any other node. Loading it loads the node first (Texture's
    /// `didLoad`, the node's `onDidLoad` blocks), so `viewDidLoad()` can touch `node.view`. A
    /// controller without a node (made by `init()`) gets UIKit's plain `UIView`, as in Texture.
    open override func loadView() {
        guard let node = storedNode else { return super.loadView() }
        node.loadNodeIfNeeded()
        view = node.view
    }

    /// Loads the view, sizes it (and so the node) to `size`, runs the appearance and layout
    /// callbacks and lays the node out: what a window does before it first draws a controller.
    public func layout(in size: CGSize) {
        loadViewIfNeeded()
        if view.frame.size != size { view.frame = CGRect(origin: .zero, size: size) }
        propagateDisplayTraits()
        viewWillAppear(false)
        viewWillLayoutSubviews()
        view.layoutIfNeeded()
        storedNode?.layoutIfNeeded()
        viewDidLayoutSubviews()
        viewDidAppear(false)
    }

    /// Renders the controller at a screen `size` (in points) and `scale`; see `layout(in:)`. A
    /// controller without a node renders its view. To render on a device, with its traits and
    /// safe area, see `renderBitmap(on:size:traits:)`.
    public func renderBitmap(size: CGSize, scale: CGFloat) throws -> Bitmap {
        layout(in: size)
        // A plain view's dynamic colours resolve for the controller's traits.
        guard let node = storedNode else { return try UITraitCollection.withCurrent(traitCollection) { try view.renderBitmap(scale: scale) } }
        return try node.renderComposited(scale: scale)
    }

    /// Texture's `overrideDisplayTraitsWithTraitCollection`: the traits the node tree gets for the
    /// controller's `traitCollection`, instead of the same traits.
    public var overrideDisplayTraitsWithTraitCollection: ASDisplayTraitsForTraitCollectionBlock?

    /// Texture's `overrideDisplayTraitsWithWindowSize`, which Texture itself never reads; kept
    /// for source compatibility and, as there, never called.
    @available(*, deprecated, message: "This property is actually never accessed inside the framework")
    public var overrideDisplayTraitsWithWindowSize: ASDisplayTraitsForTraitWindowSizeBlock? {
        get { nil }
        set {}
    }

    /// Hands the controller's traits, with the view's size as the container size, to the node
    /// tree, as Texture's controller does before each layout.
    func propagateDisplayTraits() {
        traitsMayHaveChanged()
        guard let node = storedNode else { return }
        var traits = overrideDisplayTraitsWithTraitCollection.map { $0(traitCollection).primitiveTraitCollection() }
            ?? ASPrimitiveTraitCollectionFromUITraitCollection(traitCollection)
        traits.containerSize = view.bounds.size
        // Only subtrees whose traits change are walked: this runs before every layout and render of
        // the controller, and an unchanged tree already holds them (subnodes take their
        // supernode's traits when added, spec elements when laid out).
        TraitPropagation.propagate(traits, from: node, walkingUnchanged: false)
    }

    /// `renderBitmap(size:scale:)` encoded as PNG.
    public func snapshotPNG(size: CGSize, scale: CGFloat) throws -> Data {
        PNGEncoder().encode(try renderBitmap(size: size, scale: scale))
    }
}

/// Makes the node tree's traits from a controller's UIKit traits; Texture's
/// `ASDisplayTraitsForTraitCollectionBlock`.
public typealias ASDisplayTraitsForTraitCollectionBlock = (UITraitCollection) -> ASTraitCollection

/// Makes the node tree's traits from a window size; Texture's `ASDisplayTraitsForTraitWindowSizeBlock`.
public typealias ASDisplayTraitsForTraitWindowSizeBlock = (CGSize) -> ASTraitCollection

/// Texture's older name for `ASDKViewController`.
public typealias ASViewController<DisplayNodeType: ASDisplayNode> = ASDKViewController<DisplayNodeType>
