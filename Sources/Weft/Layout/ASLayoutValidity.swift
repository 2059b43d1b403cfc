import Foundation

// Texture's checks of lengths, sizes and positions, from ASDimension.h: a length is valid for
// layout when it is zero or a normal number (not NaN, infinite or subnormal), not negative, and
// below half of CGFloat's maximum; valid for a size when below 10,000,000 pt instead (Texture
// wants Yoga's "undefined", 10^20, to count as invalid). Positions may be negative.

/// Texture's `ASPointsValidForLayout(_:)`.
public func ASPointsValidForLayout(_ points: CGFloat) -> Bool {
    (points.isNormal || points == 0) && points >= 0 && points < CGFloat.greatestFiniteMagnitude / 2
}

/// Both sides pass `ASPointsValidForLayout`; Texture's `ASIsCGSizeValidForLayout(_:)`.
public func ASIsCGSizeValidForLayout(_ size: CGSize) -> Bool {
    ASPointsValidForLayout(size.width) && ASPointsValidForLayout(size.height)
}

/// Texture's `ASPointsValidForSize(_:)`: zero or normal, not negative, below 10,000,000.
public func ASPointsValidForSize(_ points: CGFloat) -> Bool {
    (points.isNormal || points == 0) && points >= 0 && points < 10_000_000
}

/// Both sides pass `ASPointsValidForSize`; Texture's `ASIsCGSizeValidForSize(_:)`.
public func ASIsCGSizeValidForSize(_ size: CGSize) -> Bool {
    ASPointsValidForSize(size.width) && ASPointsValidForSize(size.height)
}

/// Texture's `ASIsCGPositionPointsValidForLayout(_:)`: zero or normal, below 10,000,000 (negative allowed).
public func ASIsCGPositionPointsValidForLayout(_ points: CGFloat) -> Bool {
    (points.isNormal || points == 0) && points < 10_000_000
}

/// Both coordinates pass `ASIsCGPositionPointsValidForLayout`; Texture's `ASIsCGPositionValidForLayout(_:)`.
public func ASIsCGPositionValidForLayout(_ point: CGPoint) -> Bool {
    ASIsCGPositionPointsValidForLayout(point.x) && ASIsCGPositionPointsValidForLayout(point.y)
}

/// A valid position and a size valid for layout; Texture's `ASIsCGRectValidForLayout(_:)`.
public func ASIsCGRectValidForLayout(_ rect: CGRect) -> Bool {
    ASIsCGPositionValidForLayout(rect.origin) && ASIsCGSizeValidForLayout(rect.size)
}

/// A point whose coordinates are both NaN, standing for "no position"; Texture's `ASPointNull`.
public let ASPointNull = CGPoint(x: CGFloat.nan, y: .nan)

/// Whether both coordinates are NaN (as in `ASPointNull`); Texture's `ASPointIsNull(_:)`.
public func ASPointIsNull(_ point: CGPoint) -> Bool { point.x.isNaN && point.y.isNaN }
