import Foundation

/// The root of a view hierarchy; UIKit's `UIWindow`, offscreen: there is no screen, but a window
/// is what puts nodes in the interface hierarchy, as on iOS.
///
/// - `rootViewController` installs the controller's view as the window's content view, laid out
///   to the window's bounds in each layout pass (`layoutIfNeeded()`), with the controller's
///   `viewWillLayoutSubviews()` / `viewDidLayoutSubviews()` around it and, for an
///   `ASDKViewController` (or one among its children), its traits handed to its node tree first.
/// - A node whose view enters a window (`addSubnode(_:)`, `addSubview(node.view)`, a root
///   controller's node) enters the interface hierarchy with its subnodes, as Texture's
///   `didMoveToWindow` does: `.inHierarchy` (measureLayout, preload, display and visible), so
///   `didEnterPreloadState()`, `didEnterDisplayState()` and `didEnterVisibleState()` run and the
///   node starts displaying. Leaving the window (`removeFromSuperview()`, or the root controller
///   replaced) leaves them all. As in Texture, what counts is being in a window, key or not,
///   hidden or not.
/// - Like UIKit's, a window starts hidden; `makeKeyAndVisible()` shows it and makes it the key
///   window (there is one key window at a time). A hidden window renders nothing.
///
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The key window, if any; held weakly, as a window lives as long as the app keeps it.
    private static weak var keyWindow: UIWindow?
    /// The root controller whose appearance callbacks ran (`viewWillAppear`/`viewDidAppear`), so
    /// that they run once per showing.
    private weak var appearedRoot: UIViewController?
    private weak var storedFirstResponder: UIView?

    /// The view that is this window's first responder (see `UIView.becomeFirstResponder()`); a
    /// view that has left the window holds the role no longer.
    var firstResponderView: UIView? {
        get { storedFirstResponder.flatMap { $0.window === self ? $0 : nil } }
        set { storedFirstResponder = newValue }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// A window the size of the screen (`UIScreen.main.bounds`), as UIKit's `init()` makes one.
    public convenience init() { self.init(frame: UIScreen.main.bounds) }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "\(Self.self)", "windows cannot be decoded from an archive (storyboard or nib); use init(frame:)")
        return nil
    }

    /// UIKit's `rootViewController`: its view becomes the window's content view, filling the
    /// window (the previous root's view leaves the window, with its nodes' interface states).
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue {
                if appearedRoot === old {
                    old.viewWillDisappear(false)
                    old.viewIfLoaded?.removeFromSuperview()
                    old.viewDidDisappear(false)
                    appearedRoot = nil
                } else {
                    old.viewIfLoaded?.removeFromSuperview()
                }
            }
            guard let root = rootViewController else { return }
            let view: UIView = root.view
            view.frame = bounds
            addSubview(view)
            appearIfVisible()
        }
    }

    /// UIKit's `isKeyWindow`: whether this is the window `makeKey()` or `makeKeyAndVisible()` made
    /// key last.
    public var isKeyWindow: Bool { UIWindow.keyWindow === self }

    /// UIKit's `makeKeyAndVisible()`: shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// UIKit's `makeKey()`: makes this the key window; the previous key window resigns.
    open func makeKey() {
        guard !isKeyWindow else { return }
        let previous = UIWindow.keyWindow
        UIWindow.keyWindow = self
        previous?.resignKey()
        becomeKey()
    }

    /// UIKit's `becomeKey()`: called when the window became the key window. Does nothing by default.
    open func becomeKey() {}
    /// UIKit's `resignKey()`: called when another window became key. Does nothing by default.
    open func resignKey() {}

    /// Shows or hides the window; showing it runs the root controller's appearance callbacks.
    open override var isHidden: Bool {
        didSet { if !isHidden { appearIfVisible() } }
    }

    /// UIKit's layout pass of a window: the root controller's view fills the bounds, and the
    /// controller's layout callbacks run around the layout of its view.
    open override func layoutIfNeeded() {
        guard let root = rootViewController else { return super.layoutIfNeeded() }
        let view: UIView = root.view
        if view.frame != bounds { view.frame = bounds }
        root.propagateTraitsToNodes()
        root.viewWillLayoutSubviews()
        super.layoutIfNeeded()
        root.viewDidLayoutSubviews()
    }

    /// Runs the root controller's `viewWillAppear`, a layout pass and `viewDidAppear`, once the
    /// window is shown with a root controller.
    private func appearIfVisible() {
        guard !isHidden, let root = rootViewController, appearedRoot !== root else { return }
        appearedRoot = root
        root.viewWillAppear(false)
        layoutIfNeeded()
        root.viewDidAppear(false)
    }
}
