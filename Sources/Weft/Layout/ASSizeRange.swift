import Foundation

/// A range of sizes a layout element may take; Texture's `ASSizeRange`.
/// Sendable value; use from any context.
public struct ASSizeRange: Hashable, Sendable, CustomStringConvertible {
    public var min: CGSize
    public var max: CGSize

    public init(min: CGSize, max: CGSize) {
        self.min = min
        self.max = max
    }

    /// Exactly `size`.
    public init(exactly size: CGSize) { self.init(min: size, max: size) }

    /// Texture's `ASSizeRangeUnconstrained`: {0, 0} … {∞, ∞}.
    public static let unconstrained = ASSizeRange(min: .zero, max: CGSize(width: CGFloat.infinity, height: .infinity))
    /// Texture's `ASSizeRangeZero`.
    public static let zero = ASSizeRange(min: .zero, max: .zero)

    /// `size` clamped into the range; Texture's `ASSizeRangeClamp`.
    public func clamp(_ size: CGSize) -> CGSize {
        CGSize(width: Swift.max(min.width, Swift.min(max.width, size.width)),
               height: Swift.max(min.height, Swift.min(max.height, size.height)))
    }

    /// The overlap of two ranges; where an axis does not overlap, the receiver's point nearest the
    /// other range wins ({0,0}–{5,5} ∩ {10,10}–{15,15} = {5,5}). Texture's `ASSizeRangeIntersect`.
    public func intersect(_ other: ASSizeRange) -> ASSizeRange {
        func axis(_ a: (CGFloat, CGFloat), _ b: (CGFloat, CGFloat)) -> (CGFloat, CGFloat) {
            let low = Swift.max(a.0, b.0), high = Swift.min(a.1, b.1)
            if low <= high { return (low, high) }
            return a.0 < b.0 ? (a.1, a.1) : (a.0, a.0)
        }
        let w = axis((min.width, max.width), (other.min.width, other.max.width))
        let h = axis((min.height, max.height), (other.min.height, other.max.height))
        return ASSizeRange(min: CGSize(width: w.0, height: h.0), max: CGSize(width: w.1, height: h.1))
    }

    /// The range made valid by Weft's rule for bad input: a NaN, negative or infinite minimum
    /// becomes 0 and a NaN or negative maximum becomes the minimum. Returns nil when no bound was
    /// bad. A maximum below the minimum is not bad input: stacks make such ranges on purpose, and
    /// intersecting with the element's style resolves them to the minimum, as in Texture.
    func sanitized() -> ASSizeRange? {
        func fix(_ low: CGFloat, _ high: CGFloat) -> (CGFloat, CGFloat) {
            let l = (low.isNaN || low < 0 || low == .infinity) ? 0 : low
            let h = (high.isNaN || high < 0) ? l : high
            return (l, h)
        }
        let w = fix(min.width, max.width), h = fix(min.height, max.height)
        let fixed = ASSizeRange(min: CGSize(width: w.0, height: h.0), max: CGSize(width: w.1, height: h.1))
        return fixed == self ? nil : fixed
    }

    public var description: String {
        min == max ? "{\(min.width), \(min.height)}" : "{\(min.width), \(min.height)}…{\(max.width), \(max.height)}"
    }
}

/// Texture's `ASSizeRangeMake(min, max)`.
public func ASSizeRangeMake(_ min: CGSize, _ max: CGSize) -> ASSizeRange { ASSizeRange(min: min, max: max) }
/// Texture's `ASSizeRangeMake(exactSize)`.
public func ASSizeRangeMake(_ exactSize: CGSize) -> ASSizeRange { ASSizeRange(exactly: exactSize) }
/// Texture's `ASSizeRangeUnconstrained`.
public let ASSizeRangeUnconstrained = ASSizeRange.unconstrained
/// Texture's `ASSizeRangeZero`.
public let ASSizeRangeZero = ASSizeRange.zero
/// Texture's `ASSizeRangeClamp`.
public func ASSizeRangeClamp(_ range: ASSizeRange, _ size: CGSize) -> CGSize { range.clamp(size) }
/// Texture's `ASSizeRangeIntersect`.
public func ASSizeRangeIntersect(_ range: ASSizeRange, _ other: ASSizeRange) -> ASSizeRange { range.intersect(other) }
/// Whether two ranges have the same minimum and maximum; Texture's `ASSizeRangeEqualToSizeRange(_:_:)`.
public func ASSizeRangeEqualToSizeRange(_ lhs: ASSizeRange, _ rhs: ASSizeRange) -> Bool { lhs == rhs }
/// Whether the maximum is over 0.1 pt wide and high; Texture's `ASSizeRangeHasSignificantArea(_:)`.
public func ASSizeRangeHasSignificantArea(_ sizeRange: ASSizeRange) -> Bool {
    sizeRange.max.width > 0.1 && sizeRange.max.height > 0.1
}

/// The range as Texture writes it, in `NSStringFromCGSize`'s style with 17 significant digits:
/// `"{{0, 0}, {320, inf}}"`, or `"{{50, 50}}"` when minimum and maximum are equal; Texture's
/// `NSStringFromASSizeRange(_:)`. (`description` writes Swift's number forms, `{0.0, 0.0}…{320.0, inf}`.)
public func NSStringFromASSizeRange(_ sizeRange: ASSizeRange) -> String {
    func number(_ value: CGFloat) -> String { String(format: "%.17g", Double(value)) }
    func size(_ size: CGSize) -> String { "{\(number(size.width)), \(number(size.height))}" }
    if sizeRange.min == sizeRange.max { return "{\(size(sizeRange.min))}" }
    return "{\(size(sizeRange.min)), \(size(sizeRange.max))}"
}
