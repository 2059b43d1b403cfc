import Foundation

/// A view's accessibility values as set, and UIKit's defaults for the views Weft has.
///
/// Unset values (nil) read as the class's default: `UILabel` is an element whose label is its
/// text (or attributed text) and whose traits are `.staticText`; `UIImageView` has the `.image`
/// trait and is not an element; other views are not elements and have no traits, as in UIKit.
/// Owned by the view; main-actor isolated, as the view is.
struct UIViewAccessibility {
    var isElement: Bool?
    /// `.none`: the default label; `.some(nil)`: set to nil.
    var label: String??
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var language: String?
    var frame: CGRect?
    var elementsHidden = false
    var viewIsModal = false
    var shouldGroupChildren = false

    @MainActor static func defaultIsElement(_ view: UIView) -> Bool {
        view is UILabel
    }

    @MainActor static func defaultLabel(_ view: UIView) -> String? {
        guard let label = view as? UILabel else { return nil }
        return label.attributedText?.string ?? label.text
    }

    @MainActor static func defaultTraits(_ view: UIView) -> UIAccessibilityTraits {
        switch view {
        case is UILabel: .staticText
        case is UIImageView: .image
        default: .none
        }
    }
}

extension UIView {
    /// UIKit's `accessibilityIdentifier`, for UI tests; nil by default.
    public var accessibilityIdentifier: String? {
        get { accessibility.identifier }
        set { accessibility.identifier = newValue }
    }

    /// UIKit's `accessibilityLanguage` (BCP 47); nil by default.
    public var accessibilityLanguage: String? {
        get { accessibility.language }
        set { accessibility.language = newValue }
    }

    /// UIKit's `accessibilityElementsHidden`: hides the view's subtree from VoiceOver; false by default.
    public var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }

    /// UIKit's `accessibilityViewIsModal`: VoiceOver ignores the view's siblings; false by default.
    public var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue }
    }

    /// UIKit's `shouldGroupAccessibilityChildren`; false by default.
    public var shouldGroupAccessibilityChildren: Bool {
        get { accessibility.shouldGroupChildren }
        set { accessibility.shouldGroupChildren = newValue }
    }

    /// UIKit's `accessibilityFrame`: until set, the view's frame in its topmost superview's
    /// coordinates (the offscreen "screen"). Non-finite values and negative sizes are repaired
    /// (0) and reported, as `frame` is.
    public var accessibilityFrame: CGRect {
        get {
            if let frame = accessibility.frame { return frame }
            var origin = frame.origin
            var current = superview
            while let view = current, let parent = view.superview {
                origin.x += view.frame.minX - view.bounds.minX
                origin.y += view.frame.minY - view.bounds.minY
                current = parent
            }
            if let root = current {
                origin.x -= root.bounds.minX
                origin.y -= root.bounds.minY
            }
            return superview == nil ? CGRect(origin: .zero, size: bounds.size) : CGRect(origin: origin, size: frame.size)
        }
        set { accessibility.frame = UIView.checked(newValue, "accessibilityFrame") }
    }
}
