import Foundation

/// UIKit's `UIEvent`, so that hit testing has UIKit's signature (`hitTest(_:with:)`,
/// `point(inside:with:)`). Weft renders offscreen and delivers no touches, so it never makes one:
/// pass nil. Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UIEvent {}
