import Foundation
import Weft

/// Weft's bitmap comparison, shared by `expectGolden` and other snapshot libraries (see the
/// WeftSnapshotTesting product), so both report the same numbers and the same nodes.
public enum GoldenComparison {
    /// Nil when `actual` matches `reference` within `tolerance`; otherwise what differs, with the
    /// numbers found ("12 of 4800 pixels differ (0.250 %), largest ΔE 31.2").
    public static func difference(_ reference: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance = .exact) -> String? {
        mismatch(reference, actual, tolerance: tolerance)?.message
    }

    /// Nil when `actual` matches `reference` within `tolerance`; otherwise the message (the
    /// numbers found, then, given an `attribution` captured when `actual` was rendered, one line per
    /// node whose area differs) and the difference image when the sizes agree.
    public static func mismatch(_ reference: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance = .exact,
                                attribution: NodeAttribution? = nil) -> GoldenMismatch? {
        if let problem = tolerance.problem { return GoldenMismatch(message: "invalid tolerance: \(problem)", differenceImage: nil) }
        guard reference.pixelWidth == actual.pixelWidth, reference.pixelHeight == actual.pixelHeight else {
            return GoldenMismatch(message: "size \(actual.pixelWidth)×\(actual.pixelHeight) differs from the reference's \(reference.pixelWidth)×\(reference.pixelHeight)",
                                  differenceImage: nil)
        }
        if actual.hasSamePixels(as: reference) { return nil }
        let comparison = PixelComparison.compare(reference, actual, tolerance: tolerance)
        if comparison.passes(tolerance) { return nil }
        return GoldenMismatch(message: summary(comparison, tolerance: tolerance, attribution: attribution, actual: actual),
                              differenceImage: PixelDifference.image(reference, comparison: comparison))
    }

    /// The count line, the tolerance when it is not exact, then the nodes whose area differs.
    static func summary(_ comparison: PixelComparison, tolerance: GoldenTolerance, attribution: NodeAttribution?, actual: Bitmap) -> String {
        let percent = Double(comparison.differing) / Double(max(1, comparison.total)) * 100
        var summary = "\(comparison.differing) of \(comparison.total) pixels differ (\(String(format: "%.3f", percent)) %), largest ΔE \(String(format: "%.1f", comparison.largestDeltaE))"
        if tolerance != .exact { summary += "; allowed: \(tolerance)" }
        if let attribution {
            let nodes = attribution.describe(comparison, scale: actual.scale)
            if !nodes.isEmpty { summary += "\n" + nodes }
        }
        return summary
    }
}

/// What a failed comparison found: the message and, when the sizes agree, the difference image
/// (differing pixels in red over a faint copy of the reference). Sendable value; use from any context.
public struct GoldenMismatch: Sendable {
    public let message: String
    public let differenceImage: Bitmap?
}

/// Renders any subject a golden can show; public for other snapshot libraries.
public enum GoldenRendering {
    /// A collection composites its visible cells at its content offset; any other node renders its subtree.
    public static func render(_ node: ASDisplayNode, scale: CGFloat) throws -> Bitmap {
        try GoldenSubject.render(node, scale: scale)
    }
}
