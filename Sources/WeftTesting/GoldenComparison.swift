import Foundation
import Weft

/// Weft's bitmap comparison, for other snapshot libraries (see the WeftSnapshotTesting product).
public enum GoldenComparison {
    /// Nil when `actual` matches `reference` within `tolerance`; otherwise what differs, with the
    /// numbers found ("12 of 4800 pixels differ (0.250 %), largest ΔE 31.2").
    public static func difference(_ reference: Bitmap, _ actual: Bitmap, tolerance: GoldenTolerance = .exact) -> String? {
        if let problem = tolerance.problem { return "invalid tolerance: \(problem)" }
        guard reference.pixelWidth == actual.pixelWidth, reference.pixelHeight == actual.pixelHeight else {
            return "size \(actual.pixelWidth)×\(actual.pixelHeight) differs from the reference's \(reference.pixelWidth)×\(reference.pixelHeight)"
        }
        if actual.hasSamePixels(as: reference) { return nil }
        let comparison = PixelComparison.compare(reference, actual, tolerance: tolerance)
        if comparison.passes(tolerance) { return nil }
        let percent = Double(comparison.differing) / Double(max(1, comparison.total)) * 100
        return "\(comparison.differing) of \(comparison.total) pixels differ (\(String(format: "%.3f", percent)) %), largest ΔE \(String(format: "%.1f", comparison.largestDeltaE))"
    }
}

/// Renders any subject a golden can show; public for other snapshot libraries.
public enum GoldenRendering {
    /// A collection composites its visible cells at its content offset; any other node renders its subtree.
    public static func render(_ node: ASDisplayNode, scale: CGFloat) throws -> Bitmap {
        try GoldenSubject.render(node, scale: scale)
    }
}
