import Foundation

/// A controller that shows one of its child controllers at a time, chosen by a bar of tabs;
/// UIKit's `UITabBarController`.
///
/// Its view holds the selected controller's view and the `tabBar`, laid out as UIKit lays them
/// out: the bar along the bottom, `UITabBar.itemRowHeight` (49) points tall plus the view's
/// bottom safe-area inset (83 points above a home indicator). While the bar is translucent (the
/// default) the selected view fills the controller's view, under the bar, and gets the bar's
/// row as additional bottom safe area (so its safe area ends at the bar's top); an opaque bar
/// (`tabBar.isTranslucent = false`) has the selected view end at the bar's top edge. A hidden bar
/// takes no room.
///
/// Selecting another controller swaps the views (there are no transitions offscreen); while the
/// controller is shown, the appearance callbacks go to the selected child, as UIKit forwards
/// them. A selection outside `viewControllers` is ignored and reported, as UIKit ignores it.
/// The "More" tab UIKit adds past five controllers, the delegate and customizing are not here.
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
    /// UIKit's `tabBar`: the bar this controller lays out and whose items are its controllers'
    /// `tabBarItem`s.
    public let tabBar = UITabBar(frame: .zero)

    private var storedViewControllers: [UIViewController]?
    private var selection: Int?
    /// Whether the appearance callbacks said the controller is on screen; the selected child's are
    /// forwarded while it is.
    private var isShown = false

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.managingController = self
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// UIKit's `viewControllers`: the controllers the tabs show, left to right. Setting them
    /// keeps the selected controller selected if it is among them, else selects the same index if
    /// there is one, else the first (UIKit's rule). A controller given twice is kept once, and this
    /// controller or one above it is left out (either would make a cycle); both are reported.
    open var viewControllers: [UIViewController]? {
        get { storedViewControllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// UIKit's `setViewControllers(_:animated:)`; there are no animations offscreen.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let accepted = viewControllers.map(acceptable)
        let old = storedViewControllers ?? []
        let previous = selectedViewController
        for controller in old where accepted?.contains(where: { $0 === controller }) != true {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in accepted ?? [] where controller.parent !== self { addChild(controller) }
        storedViewControllers = accepted
        let count = accepted?.count ?? 0
        if let previous, let index = accepted?.firstIndex(where: { $0 === previous }) {
            selection = index
        } else if let index = selection, index < count {
            selection = index
        } else {
            selection = count > 0 ? 0 : nil
        }
        let now = selectedViewController
        if now !== previous { moveAppearance(from: previous, to: now) }
        showSelected()
    }

    /// The controllers of `controllers` that can be children: each once, and not this controller
    /// or one of its ancestors.
    private func acceptable(_ controllers: [UIViewController]) -> [UIViewController] {
        var accepted: [UIViewController] = []
        for (index, controller) in controllers.enumerated() {
            if accepted.contains(where: { $0 === controller }) {
                WeftDiagnostics.report(.view, "\(type(of: self))", "viewControllers[\(index)] (\(type(of: controller))) is already at an earlier index; it is kept there once")
                continue
            }
            var ancestor: UIViewController? = self
            while let current = ancestor, current !== controller { ancestor = current.parent }
            if ancestor != nil {
                WeftDiagnostics.report(.view, "\(type(of: self))", "viewControllers[\(index)] (\(type(of: controller))) is this tab bar controller or contains it; it was left out")
                continue
            }
            accepted.append(controller)
        }
        return accepted
    }

    /// UIKit's `selectedIndex`: the index of the selected controller in `viewControllers`, or
    /// `NSNotFound` when there are none. An index outside `viewControllers` is ignored and reported.
    open var selectedIndex: Int {
        get { selection ?? NSNotFound }
        set {
            let count = storedViewControllers?.count ?? 0
            guard newValue >= 0, newValue < count else {
                WeftDiagnostics.report(.view, "\(type(of: self))", "selectedIndex \(newValue) is outside the \(count) view controllers (0..<\(count)); the selection was kept")
                return
            }
            select(newValue)
        }
    }

    /// UIKit's `selectedViewController`: the controller whose view is shown. Setting a controller
    /// that is not one of `viewControllers`, or nil, is ignored and reported.
    open var selectedViewController: UIViewController? {
        get { selection.flatMap { index in storedViewControllers?[index] } }
        set {
            guard let newValue, let index = storedViewControllers?.firstIndex(where: { $0 === newValue }) else {
                let given = newValue.map { "\(type(of: $0))" } ?? "nil"
                WeftDiagnostics.report(.view, "\(type(of: self))", "selectedViewController \(given) is not one of the \(storedViewControllers?.count ?? 0) view controllers; the selection was kept")
                return
            }
            select(index)
        }
    }

    private func select(_ index: Int) {
        guard index != selection else { return }
        let previous = selectedViewController
        selection = index
        moveAppearance(from: previous, to: selectedViewController)
        showSelected()
    }

    /// The appearance callbacks of a change of selection while the controller is shown.
    private func moveAppearance(from previous: UIViewController?, to next: UIViewController?) {
        guard isShown else { return }
        previous?.viewWillDisappear(false)
        next?.viewWillAppear(false)
        previous?.viewIfLoaded?.removeFromSuperview()
        showSelected()
        view.layoutIfNeeded()
        previous?.viewDidDisappear(false)
        next?.viewDidAppear(false)
    }

    open override func loadView() {
        let container = TabBarContainerView(frame: .zero)
        container.controller = self
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected()
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isShown = true
        selectedViewController?.viewWillAppear(animated)
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        selectedViewController?.viewDidAppear(animated)
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        selectedViewController?.viewWillDisappear(animated)
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        isShown = false
        selectedViewController?.viewDidDisappear(animated)
    }

    /// Puts the selected controller's view under the bar, in place of any other controller's view.
    private func showSelected() {
        guard let view = viewIfLoaded else { return }
        let selected = selectedViewController
        for subview in view.subviews where subview !== tabBar && subview !== selected?.viewIfLoaded { subview.removeFromSuperview() }
        if let selected {
            let selectedView: UIView = selected.view
            if selectedView.superview !== view { view.insertSubview(selectedView, at: 0) }
        }
        if tabBar.superview !== view { view.addSubview(tabBar) }
        view.setNeedsLayout()
    }

    /// Lays the bar along the bottom and the selected view above or under it; see the type's doc.
    fileprivate func layoutBarAndSelectedView() {
        guard let view = viewIfLoaded else { return }
        let bounds = view.bounds
        // A view shorter than the bar is all bar.
        let barHeight = min(UITabBar.itemRowHeight + view.safeAreaInsets.bottom, bounds.height)
        tabBar.frame = CGRect(x: bounds.minX, y: bounds.maxY - barHeight, width: bounds.width, height: barHeight)
        guard let selected = selectedViewController, let selectedView = selected.viewIfLoaded, selectedView.superview === view else { return }
        let barShown = !tabBar.isHidden
        let opaqueBar = barShown && !tabBar.isTranslucent
        selectedView.frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width,
                                    height: opaqueBar ? max(0, bounds.height - barHeight) : bounds.height)
        selected.containerSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: barShown && !opaqueBar ? UITabBar.itemRowHeight : 0, right: 0)
        selectedView.handSafeAreaToNodesInSubtree()
    }
}

extension UIViewController {
    /// The nearest tab bar controller above this controller, or nil; UIKit's `tabBarController`.
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }
}

/// The tab bar controller's view: it lays out the bar and the selected view whenever its size or
/// safe area changes, or the selection or the bar's translucency does.
@MainActor
private final class TabBarContainerView: UIView {
    weak var controller: UITabBarController?

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutBarAndSelectedView()
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }
}
