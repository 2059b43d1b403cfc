import Foundation

/// The screen Texture code sizes things by; UIKit's `UIScreen`, reached as `UIScreen.main`.
///
/// There is no device offscreen, so the main screen is a documented default: `bounds` is
/// 390 × 844 pt (an iPhone 12/13/14 in portrait, UIKit points), and
/// `scale` is `ASScreenScale()` (2 unless set with `ASSetScreenScale(_:)` or overridden for a task
/// with `withScreenScale(_:_:)`), so layout rounding and the screen agree.
/// Unlike UIKit's, it is not main-actor isolated: Texture code reads `UIScreen.main.bounds` inside
/// node blocks, which run on background threads. Sendable; use from any context.
public final class UIScreen: Sendable {
    /// UIKit's `UIScreen.main`.
    public static let main = UIScreen()

    /// The default screen size, in points: 390 × 844.
    public static let defaultSize = CGSize(width: 390, height: 844)

    private init() {}

    /// UIKit's `bounds`: the screen in points, at the origin; `UIScreen.defaultSize`.
    public var bounds: CGRect { CGRect(origin: .zero, size: UIScreen.defaultSize) }

    /// UIKit's `scale`: pixels per point, `ASScreenScale()`.
    public var scale: CGFloat { ASScreenScale() }

    /// UIKit's `nativeScale`; the same as `scale` here.
    public var nativeScale: CGFloat { scale }
}
