import Foundation

/// UIKit's spinner, drawn still: a snapshot cannot show motion, so an animating indicator draws
/// the first frame of its spin (the brightest spoke at twelve o'clock, fading clockwise), the same
/// pixels every time. A stopped one with `hidesWhenStopped` (the default) is hidden, as in UIKit.
/// Sizes are UIKit's: 20×20 points for `.medium` (and the older `.gray` and `.white`), 37×37 for
/// `.large` and `.whiteLarge`. Main-actor isolated, as UIKit views are.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// UIKit's `UIActivityIndicatorView.Style`.
    public enum Style: Int, Sendable {
        case whiteLarge = 0
        case white = 1
        case gray = 2
        case medium = 100
        case large = 101

        var isLarge: Bool { self == .large || self == .whiteLarge }
        /// The side of the indicator, in points.
        var side: CGFloat { isLarge ? 37 : 20 }
    }

    /// The style; setting it resizes the view to the style's size, as UIKit does.
    open var style: Style {
        didSet { frame = CGRect(origin: frame.origin, size: CGSize(width: style.side, height: style.side)) }
    }

    private var explicitColor: UIColor?

    /// The spokes' colour: white for `.white` and `.whiteLarge`, grey otherwise, until set.
    open var color: UIColor! {
        get { explicitColor ?? ((style == .white || style == .whiteLarge) ? .white : .gray) }
        set { explicitColor = newValue }
    }

    /// Whether the view hides while stopped; true by default, as in UIKit.
    open var hidesWhenStopped = true {
        didSet { updateHidden() }
    }

    /// Whether `startAnimating()` was called without a later `stopAnimating()`.
    public private(set) var isAnimating = false

    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        updateHidden()
    }

    /// A `.medium` indicator in `frame`, as UIKit's `init(frame:)`.
    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        updateHidden()
    }

    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.view, "UIActivityIndicatorView", "a view cannot be decoded from an archive")
        return nil
    }

    /// Shows the spinner (unhiding it if `hidesWhenStopped`).
    open func startAnimating() {
        isAnimating = true
        updateHidden()
    }

    /// Stops the spinner (hiding it if `hidesWhenStopped`).
    open func stopAnimating() {
        isAnimating = false
        updateHidden()
    }

    private func updateHidden() {
        if hidesWhenStopped { isHidden = !isAnimating }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: style.side, height: style.side)
    }

    /// Eight spokes around the centre, each a rounded bar, fading clockwise from twelve o'clock.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let spokes = 8
        let outer = side / 2, inner = side * (style.isLarge ? 0.22 : 0.2), width = side * (style.isLarge ? 0.1 : 0.11)
        let color = self.color ?? .gray
        context.withSavedState {
            context.translateBy(x: rect.midX, y: rect.midY)
            for spoke in 0..<spokes {
                let alpha = 1 - CGFloat(spoke) / CGFloat(spokes) * 0.75
                let bar = Path(roundedRect: CGRect(x: -width / 2, y: -outer, width: width, height: outer - inner), cornerRadius: width / 2)
                context.fill(bar, with: color.withAlphaComponent(color.alpha * alpha))
                context.rotate(by: 2 * .pi / CGFloat(spokes))
            }
        }
    }
}
