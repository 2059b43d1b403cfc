import Foundation

/// Insets for each edge of a rectangle; UIKit's `UIEdgeInsets`. Sendable value; use from any context.
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }

    /// Each edge of this plus the same edge of `other` (a content inset and its safe-area adjustment).
    func adding(_ other: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: top + other.top, left: left + other.left, bottom: bottom + other.bottom, right: right + other.right)
    }
}

extension CGRect {
    /// UIKit's `inset(by:)`: the rectangle shrunk by `insets` (grown by negative ones).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right,
               height: height - insets.top - insets.bottom)
    }
}
