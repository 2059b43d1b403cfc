import Foundation

/// A stack of view controllers; UIKit's `UINavigationController`, as a stand-in. It keeps the
/// stack (`pushViewController`, `popViewController`, `viewControllers`) and its view shows the top
/// controller's view, filling its bounds. There is no navigation bar, toolbar or transition:
/// nothing of `navigationItem` or `hidesBarsOnSwipe` is drawn, so a render of the stack is the
/// top controller's content alone. Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The stack, root first.
    public private(set) var viewControllers: [UIViewController] = []
    /// Stored for code that reads it back; there are no bars to hide.
    open var hidesBarsOnSwipe = false
    /// Stored for code that reads it back; there is no bar to draw.
    open var isNavigationBarHidden = false

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The controller on top of the stack.
    public var topViewController: UIViewController? { viewControllers.last }
    /// The controller shown; the top one.
    public var visibleViewController: UIViewController? { viewControllers.last }

    /// Pushes `viewController` on the stack; it becomes the one shown. `animated` has no effect:
    /// there are no transitions offscreen.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        addChild(viewController)
        viewControllers.append(viewController)
        showTop()
    }

    /// Pops the top controller (never the root) and returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.viewIfLoaded?.removeFromSuperview()
        popped.removeFromParent()
        showTop()
        return popped
    }

    /// Replaces the stack.
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        for controller in viewControllers { controller.viewIfLoaded?.removeFromSuperview(); controller.removeFromParent() }
        viewControllers = []
        for controller in controllers { addChild(controller); viewControllers.append(controller) }
        showTop()
    }

    /// A view that keeps the top controller's view filling it.
    open override func loadView() { view = FillingView(frame: .zero) }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showTop()
    }

    /// Puts the top controller's view in this view, in place of any other.
    private func showTop() {
        guard isViewLoaded, let top = topViewController else { return }
        for subview in view.subviews where subview !== top.viewIfLoaded { subview.removeFromSuperview() }
        let topView: UIView = top.view
        topView.frame = view.bounds
        if topView.superview !== view { view.addSubview(topView) }
    }
}

extension UIViewController {
    /// The nearest navigation controller above this controller, or nil; UIKit's `navigationController`.
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
}

/// The navigation controller's view: its subview (the top controller's view) fills its bounds.
@MainActor
private final class FillingView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        for subview in subviews { subview.frame = bounds }
    }
}
