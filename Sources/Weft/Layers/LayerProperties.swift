import Foundation

/// The Core Animation properties a layer has beyond a node's own appearance (geometry, colours,
/// corners, border, clipping and alpha live in the node's state): depth, transforms, shadow, group
/// opacity, antialiasing and the display-on-resize flag, with Core Animation's defaults. A node
/// keeps one in its state (`ASDisplayNode.State.layerModel`), a layer of its own in its storage,
/// so the two spell each property once. Sendable value; use from any context.
struct LayerProperties: Sendable, Equatable {
    var zPosition: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var shadowOpacity: Float = 0
    var shadowRadius: CGFloat = 3
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowColor: CGColor? = UIColor.black.cgColor
    var shadowPath: Path?
    var allowsGroupOpacity = true
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask = CAEdgeAntialiasingMask.allEdges
    var needsDisplayOnBoundsChange = false

    // MARK: Repairs shared by a node's and a layer's setters

    /// `value` if finite, else `fallback`, reported for `api` on `subject`.
    static func finite(_ value: CGFloat, _ api: String, _ subject: String, fallback: CGFloat) -> CGFloat {
        if value.isFinite { return value }
        WeftDiagnostics.report(.appearance, subject, "\(api) set to \(value), which is not finite; \(fallback) was used")
        return fallback
    }

    /// `value` if finite and not negative, else the nearest such (0 for NaN), reported.
    static func nonNegative(_ value: CGFloat, _ api: String, _ subject: String) -> CGFloat {
        if value.isFinite && value >= 0 { return value }
        let used: CGFloat = value == .infinity ? WeftLimits.maximumShadowRadius : 0
        WeftDiagnostics.report(.appearance, subject, "\(api) set to \(value), which is not finite and non-negative; \(used) was used")
        return used
    }

    /// A shadow radius: finite, not negative and at most `WeftLimits.maximumShadowRadius`, reported otherwise.
    static func shadowRadius(_ value: CGFloat, _ subject: String) -> CGFloat {
        let radius = nonNegative(value, "shadowRadius", subject)
        guard radius > WeftLimits.maximumShadowRadius else { return radius }
        WeftDiagnostics.report(.appearance, subject, "shadowRadius set to \(value), beyond WeftLimits.maximumShadowRadius; \(WeftLimits.maximumShadowRadius) was used")
        return WeftLimits.maximumShadowRadius
    }

    /// An opacity clamped to 0...1 as Core Animation clamps it; NaN counts as `nanValue`, reported.
    static func opacity(_ value: Float, _ api: String, _ subject: String, nanValue: Float) -> Float {
        if value.isNaN {
            WeftDiagnostics.report(.appearance, subject, "\(api) set to nan, which is not a number; \(nanValue) was used")
            return nanValue
        }
        return min(max(value, 0), 1)
    }

    /// A size with finite components, a non-finite one becoming 0, reported.
    static func finite(_ size: CGSize, _ api: String, _ subject: String) -> CGSize {
        guard !size.width.isFinite || !size.height.isFinite else { return size }
        let used = CGSize(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
        WeftDiagnostics.report(.appearance, subject, "\(api) set to (\(size.width), \(size.height)), which is not finite; (\(used.width), \(used.height)) was used")
        return used
    }

    /// A transform with finite entries, else the identity, reported. A finite transform with
    /// perspective is kept, as Core Animation keeps it, and reported: only its affine part is drawn.
    static func transform(_ value: CATransform3D, _ api: String, _ subject: String) -> CATransform3D {
        guard value.isFinite else {
            WeftDiagnostics.report(.geometry, subject, "\(api) set to \(value), which is not finite; CATransform3DIdentity was used")
            return CATransform3DIdentity
        }
        if !value.isAffineInPlane {
            WeftDiagnostics.report(.geometry, subject, "\(api) set to \(value), which has perspective (m14, m24, m34, m44); Weft composites flat, so only its affine part is drawn")
        }
        return value
    }
}

/// Which edges of a layer are antialiased; Core Animation's `CAEdgeAntialiasingMask`. As in Core
/// Animation's own coordinates, the bottom edge is the layer's minimum-y edge (drawn at the top in
/// UIKit's flipped space) and the top edge its maximum-y edge.
/// Sendable value; use from any context.
public struct CAEdgeAntialiasingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
    /// All four edges, the default.
    static let allEdges: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}
