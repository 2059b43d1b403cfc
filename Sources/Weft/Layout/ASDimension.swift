import Foundation

/// The unit of an `ASDimension`; Texture's `ASDimensionUnit`.
public enum ASDimensionUnit: Int, Sendable {
    /// Decided by the layout.
    case auto
    /// An absolute length in points.
    case points
    /// A fraction (0...1) of the parent's size.
    case fraction
}

/// A length that is automatic, in points, or a fraction of the parent; Texture's `ASDimension`.
///
/// Rule for bad values: points that are NaN become `auto`, negative points 0; fractions are
/// clamped to 0...1 (NaN becomes `auto`). Sendable value; use from any context.
public struct ASDimension: Hashable, Sendable, CustomStringConvertible {
    public let unit: ASDimensionUnit
    public let value: CGFloat

    public init(unit: ASDimensionUnit, value: CGFloat) {
        switch unit {
        case .auto:
            (self.unit, self.value) = (.auto, 0)
        case .points:
            if value.isNaN { (self.unit, self.value) = (.auto, 0) } else { (self.unit, self.value) = (.points, max(0, value)) }
        case .fraction:
            if value.isNaN { (self.unit, self.value) = (.auto, 0) } else { (self.unit, self.value) = (.fraction, min(max(value, 0), 1)) }
        }
    }

    /// Texture's `ASDimensionAuto`.
    public static let auto = ASDimension(unit: .auto, value: 0)

    /// Parses `"100pt"`, `"50%"` or `"auto"` (surrounding spaces allowed), throwing for anything
    /// else: the checked form of `ASDimensionMake(_: String)`. Points must be finite and not
    /// negative, fractions 0% to 100%.
    public init(parsing string: String) throws(ASDimensionParseError) {
        let text = string.trimmingCharacters(in: .whitespaces)
        if text == "auto" {
            self = .auto
            return
        }
        guard !text.isEmpty else { throw .empty(string) }
        guard let (unit, number) = ASDimension.split(text) else { throw .unknownUnit(string) }
        guard let value = Double(number), value.isFinite else { throw .invalidNumber(string) }
        switch unit {
        case .points where value < 0, .fraction where value < 0 || value > 100: throw .outOfRange(string)
        default: break
        }
        self.init(unit: unit, value: CGFloat(unit == .fraction ? value / 100 : value))
    }

    /// The unit and number of a `"…pt"` or `"…%"` string, the number unchecked.
    private static func split(_ text: String) -> (ASDimensionUnit, Substring)? {
        if text.hasSuffix("pt") { return (.points, text.dropLast(2)) }
        if text.hasSuffix("%") { return (.fraction, text.dropLast()) }
        return nil
    }

    /// The unit and value of a string with a finite number, unit range unchecked.
    static func parse(_ string: String) -> (unit: ASDimensionUnit, value: CGFloat)? {
        let text = string.trimmingCharacters(in: .whitespaces)
        guard let (unit, number) = split(text), let value = Double(number), value.isFinite else { return nil }
        return (unit, CGFloat(unit == .fraction ? value / 100 : value))
    }

    /// The length for a parent of `parentSize`, or `autoSize` when automatic.
    public func resolve(parentSize: CGFloat, autoSize: CGFloat) -> CGFloat {
        switch unit {
        case .auto: return autoSize
        case .points: return value
        case .fraction: return value * parentSize
        }
    }

    public var description: String {
        switch unit {
        case .auto: return "auto"
        case .points: return "\(value)pt"
        case .fraction: return "\(value * 100)%"
        }
    }
}

/// Texture's `ASDimensionAuto`.
public let ASDimensionAuto = ASDimension.auto

/// A length in points; Texture's `ASDimensionMake(CGFloat)`.
public func ASDimensionMake(_ points: CGFloat) -> ASDimension { ASDimension(unit: .points, value: points) }

/// A dimension of `unit` and `value`; Texture's `ASDimensionMake(unit, value)`.
public func ASDimensionMake(_ unit: ASDimensionUnit, _ value: CGFloat) -> ASDimension { ASDimension(unit: unit, value: value) }

/// Parses `"100pt"`, `"50%"` or `"auto"`, as Texture's `ASDimensionMake(NSString)`.
///
/// Non-throwing, as Texture's is: a string that is not a dimension (`"abc%"`, `"nanpt"`, `"12xy"`,
/// `""`) is read as `auto`, and a number out of range (`"-5pt"`, `"150%"`) is clamped; each repair
/// is reported as a `WeftDiagnostic` (area `.layout`) showing the string given. Use
/// `ASDimension(parsing:)` to get the error instead.
public func ASDimensionMake(_ string: String) -> ASDimension {
    do {
        return try ASDimension(parsing: string)
    } catch {
        let used: ASDimension
        if case .outOfRange = error, let parsed = ASDimension.parse(string) {
            used = ASDimension(unit: parsed.unit, value: parsed.value)
        } else {
            used = .auto
        }
        WeftDiagnostics.report(.layout, "ASDimensionMake(\"\(string)\")", "\(error); used \(used)")
        return used
    }
}

/// Texture's `ASDimensionMakeWithPoints`.
public func ASDimensionMakeWithPoints(_ points: CGFloat) -> ASDimension { ASDimension(unit: .points, value: points) }

/// Texture's `ASDimensionMakeWithFraction`.
public func ASDimensionMakeWithFraction(_ fraction: CGFloat) -> ASDimension { ASDimension(unit: .fraction, value: fraction) }

/// A width and a height as dimensions; Texture's `ASLayoutSize`. Sendable value; use from any context.
public struct ASLayoutSize: Hashable, Sendable {
    public var width: ASDimension
    public var height: ASDimension
    public init(width: ASDimension, height: ASDimension) {
        self.width = width
        self.height = height
    }
    public static let auto = ASLayoutSize(width: .auto, height: .auto)
}

/// Texture's `ASLayoutSizeMake`.
public func ASLayoutSizeMake(_ width: ASDimension, _ height: ASDimension) -> ASLayoutSize { ASLayoutSize(width: width, height: height) }

/// Texture's `ASLayoutSizeAuto`: both dimensions automatic.
public let ASLayoutSizeAuto = ASLayoutSize.auto

/// Whether two dimensions have the same unit and value; Texture's `ASDimensionEqualToDimension(_:_:)`.
public func ASDimensionEqualToDimension(_ lhs: ASDimension, _ rhs: ASDimension) -> Bool {
    lhs.unit == rhs.unit && lhs.value == rhs.value
}

/// The dimension as Texture writes it: points and percent rounded to whole numbers (`"100pt"`,
/// `"50%"`) and `"Auto"`; Texture's `NSStringFromASDimension(_:)`. (`description` keeps the
/// fractional digits and writes `"auto"`, the form `ASDimensionMake(_: String)` reads.)
public func NSStringFromASDimension(_ dimension: ASDimension) -> String {
    switch dimension.unit {
    case .points: String(format: "%.0fpt", Double(dimension.value))
    case .fraction: String(format: "%.0f%%", Double(dimension.value * 100))
    case .auto: "Auto"
    }
}

/// The length for a parent of `parentSize`, or `autoSize` when automatic; Texture's `ASDimensionResolve(_:_:_:)`.
public func ASDimensionResolve(_ dimension: ASDimension, _ parentSize: CGFloat, _ autoSize: CGFloat) -> CGFloat {
    dimension.resolve(parentSize: parentSize, autoSize: autoSize)
}

/// `layoutSize` resolved against a parent of `parentSize`, automatic sides taking `autoSize`'s;
/// Texture's `ASLayoutSizeResolveSize(_:_:_:)`.
public func ASLayoutSizeResolveSize(_ layoutSize: ASLayoutSize, _ parentSize: CGSize, _ autoSize: CGSize) -> CGSize {
    CGSize(width: layoutSize.width.resolve(parentSize: parentSize.width, autoSize: autoSize.width),
           height: layoutSize.height.resolve(parentSize: parentSize.height, autoSize: autoSize.height))
}

/// `"{100pt, 50%}"`; Texture's `NSStringFromASLayoutSize(_:)`.
public func NSStringFromASLayoutSize(_ size: ASLayoutSize) -> String {
    "{\(NSStringFromASDimension(size.width)), \(NSStringFromASDimension(size.height))}"
}
