import Foundation

extension UIView {
    /// How a view resizes with its superview; UIKit's `UIView.AutoresizingMask`.
    /// Sendable value; use from any context.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}

extension UIView {
    /// UIKit's autoresizing: after this view's size changed from `oldSize`, each subview with an
    /// `autoresizingMask` takes the change along each axis, shared among its flexible parts (left
    /// margin, width, right margin; top margin, height, bottom margin) in proportion to their
    /// lengths, or equally when they are all 0.
    func resizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews else { return }
        let size = bounds.size
        for subview in ownSubviews where !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            var frame = subview.frame
            (frame.origin.x, frame.size.width) = Self.resized(start: frame.minX, length: frame.width, in: oldSize.width, to: size.width,
                                                               flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                                          mask.contains(.flexibleRightMargin)))
            (frame.origin.y, frame.size.height) = Self.resized(start: frame.minY, length: frame.height, in: oldSize.height, to: size.height,
                                                                flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                                           mask.contains(.flexibleBottomMargin)))
            if frame != subview.frame { subview.frame = frame }
        }
    }

    private static func resized(start: CGFloat, length: CGFloat, in old: CGFloat, to new: CGFloat,
                                flexible: (lead: Bool, length: Bool, trail: Bool)) -> (CGFloat, CGFloat) {
        let delta = new - old
        let parts = [(flexible.lead, start), (flexible.length, length), (flexible.trail, old - start - length)]
        let flexibleParts = parts.filter(\.0)
        guard delta != 0, !flexibleParts.isEmpty else { return (start, length) }
        let total = flexibleParts.reduce(0) { $0 + max(0, $1.1) }
        func share(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? delta * max(0, part.1) / total : delta / CGFloat(flexibleParts.count)
        }
        return (start + share(parts[0]), max(0, length + share(parts[1])))
    }
}
