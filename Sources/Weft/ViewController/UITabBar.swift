import Foundation

/// The bar of tabs at the bottom of a tab bar controller's view; UIKit's `UITabBar`.
///
/// It draws what the screen shows: its background (`barTintColor`, or the system bar colour),
/// a hairline separator along its top edge, and its items side by side in equal slots across the
/// top 49 points, each with its image (centred, at its size) over its title, the selected one in
/// the bar's `tintColor` and the others in `unselectedItemTintColor` (system gray by default).
/// The part below the 49 points is the home indicator's, left empty as in UIKit.
///
/// `isTranslucent` (UIKit's `translucent`, true by default) decides, in a `UITabBarController`,
/// whether the selected controller's view extends under the bar. A translucent bar draws the
/// bar colour at 94 % opacity: Weft draws no blur, only the material's tint.
///
/// A bar its controller manages (`UITabBarController.tabBar`) shows its controllers'
/// `tabBarItem`s; setting `items` or `selectedItem` on it is ignored and reported, where UIKit
/// raises. Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The height of the items' row, in points, on a phone in portrait; the bar adds the safe
    /// area's bottom inset below it (83 points in all above a home indicator).
    public static let itemRowHeight: CGFloat = 49

    /// The controller that owns this bar and whose controllers' items it shows.
    weak var managingController: UITabBarController?
    private var ownItems: [UITabBarItem]?
    private weak var ownSelectedItem: UITabBarItem?

    /// UIKit's `isTranslucent`: whether content shows through the bar (true by default). In a
    /// tab bar controller, a translucent bar lies over the selected controller's view, which gets
    /// the bar's height as safe area; an opaque one sits below it.
    open var isTranslucent = true {
        didSet { if isTranslucent != oldValue { managingController?.viewIfLoaded?.setNeedsLayout() } }
    }

    /// A hidden bar takes no room in its tab bar controller, which lays its view out again.
    open override var isHidden: Bool {
        didSet { if isHidden != oldValue { managingController?.viewIfLoaded?.setNeedsLayout() } }
    }

    /// UIKit's `barTintColor`: the bar's background; nil draws the system bar colour.
    open var barTintColor: UIColor?

    /// UIKit's `unselectedItemTintColor`: the colour of the items not selected; nil draws them in
    /// `systemGray`.
    open var unselectedItemTintColor: UIColor?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// UIKit's `items`: the tabs shown, left to right. For a bar a controller manages, its
    /// controllers' `tabBarItem`s.
    open var items: [UITabBarItem]? {
        get {
            guard let managingController else { return ownItems }
            return managingController.viewControllers?.map { controller -> UITabBarItem in controller.tabBarItem }
        }
        set {
            guard managingController == nil else { return reportManaged("items") }
            ownItems = newValue
        }
    }

    /// UIKit's `setItems(_:animated:)`; there are no animations offscreen.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }

    /// UIKit's `selectedItem`: the item drawn as selected, one of `items` or nil. For a bar a
    /// controller manages, its selected controller's item. An item that is not one of `items` is
    /// ignored and reported.
    open var selectedItem: UITabBarItem? {
        get {
            if let managingController { return managingController.selectedViewController?.tabBarItem }
            return ownSelectedItem.flatMap { item in ownItems?.contains { $0 === item } == true ? item : nil }
        }
        set {
            guard managingController == nil else { return reportManaged("selectedItem") }
            if let newValue, ownItems?.contains(where: { $0 === newValue }) != true {
                WeftDiagnostics.report(.view, "UITabBar", "selectedItem \(newValue.title.map { "\"\($0)\"" } ?? "(untitled)") is not one of the bar's \(ownItems?.count ?? 0) items; the selection was kept")
                return
            }
            ownSelectedItem = newValue
        }
    }

    private func reportManaged(_ property: String) {
        WeftDiagnostics.report(.view, "UITabBar", "\(property) was set on a tab bar managed by a tab bar controller, which UIKit does not allow; set the controller's viewControllers or selectedIndex instead")
    }

    /// UIKit's size for a bar: the width given, and the items' row over the bar's bottom safe area.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.itemRowHeight + safeAreaInsets.bottom)
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.fill(bounds, with: barTintColor ?? (isTranslucent ? Self.translucentBarColor : Self.opaqueBarColor))
        context.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 1 / context.scale), with: Self.separatorColor)
        guard let items, !items.isEmpty else { return }
        let selected = selectedItem
        let slotWidth = bounds.width / CGFloat(items.count)
        for (index, item) in items.enumerated() {
            let slot = CGRect(x: bounds.minX + CGFloat(index) * slotWidth, y: bounds.minY, width: slotWidth, height: Self.itemRowHeight)
            Self.draw(item, isSelected: item === selected, in: slot, color: item === selected ? tintColor : (unselectedItemTintColor ?? .systemGray), context: context)
        }
    }

    /// Draws one item in its slot: the image centred in the upper 30 points, the title in
    /// UIKit's 10-point medium system font along the bottom.
    private static func draw(_ item: UITabBarItem, isSelected: Bool, in slot: CGRect, color: UIColor, context: CGContext) {
        let scale = context.scale
        func aligned(_ value: CGFloat) -> CGFloat { (value * scale).rounded() / scale }
        if let image = (isSelected ? item.selectedImage : nil) ?? item.image {
            let template = image.renderingMode == .automatic ? image.withRenderingMode(.alwaysTemplate) : image
            let size = image.size
            context.draw(template, in: CGRect(x: aligned(slot.midX - size.width / 2), y: aligned(slot.minY + 3 + (30 - size.height) / 2),
                                              width: size.width, height: size.height), tint: color)
        }
        if let title = item.title, !title.isEmpty {
            let label = UILabel()
            label.text = title
            label.font = .systemFont(ofSize: 10, weight: .medium)
            label.textColor = color
            label.textAlignment = .center
            label.draw(CGRect(x: slot.minX + 2, y: slot.minY + 33, width: max(0, slot.width - 4), height: 13))
        }
    }

    /// The system bar colour of a translucent bar, without its blur.
    private static let translucentBarColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(red: 0.08, green: 0.08, blue: 0.08, alpha: 0.94) : UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.94)
    }

    /// An opaque bar's background: the system background.
    private static let opaqueBarColor = UIColor.systemBackground

    /// UIKit's bar shadow: black at 30 % in light appearance, white at 15 % in dark.
    private static let separatorColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3)
    }
}
