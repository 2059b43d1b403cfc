import Foundation
import Weft

/// How close a rendering must be to its golden; exact by default.
///
/// The two numbers mean what they mean in swift-snapshot-testing:
/// - `precision`: the fraction of pixels that must match (1 = all of them);
/// - `perceptualPrecision`: how close a pixel must be to count as matching, as 1 − ΔE/100, where ΔE
///   is the CIE 1994 colour distance in Lab (0.98–0.99 is about what the eye can tell apart);
///   1 compares exact bytes.
/// Sendable value; use from any context.
public struct GoldenTolerance: Sendable, Equatable, CustomStringConvertible {
    public var precision: Double
    public var perceptualPrecision: Double

    public init(precision: Double = 1, perceptualPrecision: Double = 1) {
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
    }

    /// Pixels must be byte-for-byte equal.
    public static let exact = GoldenTolerance()

    /// Nil when both numbers are in 0...1, else why not (showing the value given).
    var problem: String? {
        if !(0...1).contains(precision) { return "precision \(precision) is not in 0…1" }
        if !(0...1).contains(perceptualPrecision) { return "perceptualPrecision \(perceptualPrecision) is not in 0…1" }
        return nil
    }

    public var description: String {
        self == .exact ? "exact" : "precision \(precision), perceptualPrecision \(perceptualPrecision)"
    }
}
