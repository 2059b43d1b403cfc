import Foundation

/// Manages a view and its lifecycle; UIKit's `UIViewController`, with UIKit's loading rules:
/// `view` loads on first access (`loadView()` then `viewDidLoad()`, exactly once),
/// `loadViewIfNeeded()`, `isViewLoaded`, `viewIfLoaded`, and `viewWillLayoutSubviews()` /
/// `viewDidLayoutSubviews()` around each layout pass. Appearance callbacks run when a controller is
/// rendered (`viewWillAppear`, `viewDidAppear`). Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UIViewController {
    private var loadedView: UIView?
    private var isLoadingView = false

    /// UIKit's `title`; setting it sets the title of the controller's `tabBarItem` too, once
    /// that item exists, as UIKit does.
    open var title: String? {
        didSet { storedTabBarItem?.title = title }
    }
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    public convenience init() { self.init(nibName: nil, bundle: nil) }

    /// Controllers are not decoded from storyboards or nibs here: this reports it and returns nil.
    /// Declared as UIKit declares it, so subclasses written for UIKit compile unchanged.
    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "\(Self.self)", "view controllers cannot be decoded from an archive (storyboard or nib); use init(nibName:bundle:) or init(node:)")
        return nil
    }

    /// The root view, loaded on first access.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// The view if it is loaded; never loads it.
    public var viewIfLoaded: UIView? { loadedView }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded: `loadView()`, then `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { loadedView = UIView(frame: .zero) }
        isLoadingView = false
        applySafeArea()
        viewDidLoad()
    }

    /// Makes the root view; the default makes a plain `UIView`. Override it to set `view`.
    open func loadView() { loadedView = UIView(frame: .zero) }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Safe area (see UIViewController+SafeArea.swift)

    /// The safe area the screen or window gives this controller's view when it is a root: a
    /// device's notch, status bar and home indicator. Weft has no window: rendering on a
    /// `ViewImageConfig` sets it, and so can a test.
    public var hostSafeAreaInsets = UIEdgeInsets.zero {
        didSet { applySafeArea() }
    }

    /// UIKit's `additionalSafeAreaInsets` (Texture's `ASDKViewController` has it from UIKit): insets
    /// added to the view's safe area, for bars and overlays of the controller's own.
    /// NaN or infinite sides are 0, reported (`GeometryRepair`).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            let repaired = GeometryRepair.insets(additionalSafeAreaInsets, "\(type(of: self))", "additionalSafeAreaInsets")
            // Assigning inside its own didSet does not run the observer again.
            if repaired != additionalSafeAreaInsets { additionalSafeAreaInsets = repaired }
            applySafeArea()
        }
    }

    /// UIKit's `prefersStatusBarHidden`: false by default. Rendered on a device whose top safe
    /// area is its 20-point status bar (a phone without a notch in portrait, an iPad), a
    /// controller that answers true has no top inset there, as on iOS; a notch's inset stays.
    open var prefersStatusBarHidden: Bool { false }

    /// UIKit's `viewSafeAreaInsetsDidChange()`: called when the view's `safeAreaInsets` changed,
    /// before the next layout. The default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// Insets a container controller gives this controller's view on top of its own
    /// `additionalSafeAreaInsets`, for the bars it lays over the view (a translucent tab bar):
    /// UIKit keeps these apart, so a child's `additionalSafeAreaInsets` stay what the child set.
    var containerSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if containerSafeAreaInsets != oldValue { applySafeArea() } }
    }

    // MARK: Traits

    /// The traits the screen or window gives this controller when it is a root (Weft has no
    /// window: a render, a device configuration or a test sets them). A child's come from its parent.
    public var hostTraitCollection = UITraitCollection() {
        didSet { traitsMayHaveChanged() }
    }
    private var childTraitOverrides: [ObjectIdentifier: UITraitCollection] = [:]
    private var lastSeenTraits: UITraitCollection?

    /// UIKit's `traitCollection`: the parent's traits overlaid with what the parent overrides for
    /// this child (`setOverrideTraitCollection(_:forChild:)`), or the host's for a root controller,
    /// and then with `overrideUserInterfaceStyle`.
    public var traitCollection: UITraitCollection {
        applyingUserInterfaceStyleOverride(to: inheritedTraitCollection)
    }

    private var inheritedTraitCollection: UITraitCollection {
        guard let parent else { return hostTraitCollection }
        let inherited = parent.traitCollection
        guard let override = parent.childTraitOverrides[ObjectIdentifier(self)] else { return inherited }
        return UITraitCollection(traitsFrom: [inherited, override])
    }

    /// UIKit's `overrideUserInterfaceStyle`: the appearance this controller and its children take,
    /// whatever they inherit; `.unspecified` inherits. See UIViewController+UserInterfaceStyle.swift.
    public var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { userInterfaceStyleOverrideDidChange() } }
    }

    /// UIKit's `setOverrideTraitCollection(_:forChild:)`: traits a container imposes on a child
    /// (nil removes them), as swift-snapshot-testing's hosting controller does.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        childTraitOverrides[ObjectIdentifier(childViewController)] = collection
        childViewController.traitsMayHaveChanged()
    }

    /// UIKit's `overrideTraitCollection(forChild:)`.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childTraitOverrides[ObjectIdentifier(childViewController)]
    }

    /// UIKit's `traitCollectionDidChange(_:)`: called when `traitCollection` changed, before the
    /// next layout uses it. Nil the first time traits are set.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Calls `traitCollectionDidChange` on this controller and its children whose traits changed.
    func traitsMayHaveChanged() {
        let now = traitCollection
        if lastSeenTraits != now {
            let previous = lastSeenTraits
            lastSeenTraits = now
            traitCollectionDidChange(previous)
        }
        for child in children { child.traitsMayHaveChanged() }
    }

    /// Adds a child controller; UIKit's `addChild(_:)`.
    open func addChild(_ child: UIViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
        child.traitsMayHaveChanged()
    }

    /// The nearest controller above this one (not this one) of type `Container`, or nil.
    func nearestAncestor<Container: UIViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let controller = current {
            if let container = controller as? Container { return container }
            current = controller.parent
        }
        return nil
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent?.childTraitOverrides[ObjectIdentifier(self)] = nil
        parent = nil
    }

    // MARK: Navigation and presentation stand-ins

    /// What a navigation bar would show for this controller; UIKit's `navigationItem`. Stored,
    /// never drawn (see `UINavigationItem`).
    public private(set) lazy var navigationItem = UINavigationItem()

    private var storedTabBarItem: UITabBarItem?

    /// UIKit's `tabBarItem`: the tab a tab bar controller's bar shows for this controller. Made
    /// on first access, titled with the controller's `title`.
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }

    /// The controller this one presented, until dismissed; UIKit's `presentedViewController`.
    public private(set) var presentedViewController: UIViewController?
    /// The controller that presented this one; UIKit's `presentingViewController`.
    public private(set) weak var presentingViewController: UIViewController?

    /// UIKit's `present(_:animated:completion:)`, as a stand-in: records the presentation (see
    /// `presentedViewController`) and runs `completion` at once. A presented controller is not
    /// drawn in this controller's render; render it on its own to see it.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }

    /// UIKit's `dismiss(animated:completion:)`: ends the presentation this controller made, or the
    /// one that presented it, then runs `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
        } else if let presenting = presentingViewController {
            presenting.presentedViewController = nil
            presentingViewController = nil
        }
        completion?()
    }
}
