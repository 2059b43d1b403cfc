import Foundation

/// What a layer draws beyond a plain one, captured with it (`CompositeLayer.effects`): its
/// placement by `transform` about its anchor point, the transform of its sublayers, opacity taken
/// part by part instead of as a group, and a shadow. A layer without any has none, so the trees
/// that set none composite exactly as before, with every fast path.
/// Sendable value; use from any context.
struct LayerEffects: Sendable, Equatable {
    /// Where the anchor point sits in the supernode's coordinates (Core Animation's `position`).
    let position: CGPoint
    /// The anchor point in unit coordinates of the bounds.
    let anchorPoint: CGPoint
    /// The affine part of the layer's transform, applied about the anchor point.
    let transform: CGAffineTransform
    /// The affine part of the sublayer transform, applied about the anchor point.
    let sublayerTransform: CGAffineTransform
    /// False when the layer's opacity multiplies into each part instead of one group
    /// (`allowsGroupOpacity`).
    let groupsOpacity: Bool
    let shadow: Shadow?
    /// The edges of the layer's own quad (background, contents, border) drawn without
    /// antialiasing: those `allowsEdgeAntialiasing` and `edgeAntialiasingMask` leave out, when the
    /// transform rotates or skews the layer (Core Animation's rule); none otherwise.
    let aliasedEdges: CAEdgeAntialiasingMask

    /// A layer's shadow, its colour resolved and its opacity multiplied in.
    struct Shadow: Sendable, Equatable {
        let color: UIColor
        /// The gaussian's standard deviation in points (Core Animation's `shadowRadius`).
        let radius: CGFloat
        let offset: CGSize
        /// The shape in the layer's coordinates, or nil for the layer's contents (see `CompositeLayer.drawShadow`).
        let path: Path?

        static func == (a: Shadow, b: Shadow) -> Bool {
            a.color.sameComponents(as: b.color) && a.radius == b.radius && a.offset == b.offset && a.path == b.path
        }
    }

    /// The effects `properties` ask for on a layer at `position` with `anchorPoint`, or nil when
    /// they draw as a plain layer. A shadow takes `shadowColor` resolved by `resolve`.
    static func capture(_ properties: LayerProperties, position: CGPoint, anchorPoint: CGPoint,
                        resolve: (UIColor) -> UIColor) -> LayerEffects? {
        let shadowColor = properties.shadowColor.map { resolve($0.uiColor) }
        let shadowAlpha = CGFloat(properties.shadowOpacity) * (shadowColor?.alpha ?? 0)
        let shadow = shadowAlpha > 0 ? shadowColor.map {
            Shadow(color: $0.withAlphaComponent(shadowAlpha), radius: properties.shadowRadius, offset: properties.shadowOffset,
                   path: properties.shadowPath)
        } : nil
        let transform = CATransform3DGetAffineTransform(properties.transform)
        let sublayerTransform = CATransform3DGetAffineTransform(properties.sublayerTransform)
        if CATransform3DIsIdentity(properties.sublayerTransform) && CATransform3DIsIdentity(properties.transform)
            && shadow == nil && properties.allowsGroupOpacity {
            return nil
        }
        let antialiased: CAEdgeAntialiasingMask = properties.allowsEdgeAntialiasing ? properties.edgeAntialiasingMask : []
        let turns = transform.b != 0 || transform.c != 0
        return LayerEffects(position: position, anchorPoint: anchorPoint, transform: transform, sublayerTransform: sublayerTransform,
                            groupsOpacity: properties.allowsGroupOpacity, shadow: shadow,
                            aliasedEdges: turns ? CAEdgeAntialiasingMask.allEdges.subtracting(antialiased) : [])
    }
}

extension UIColor {
    /// The same object, or two fixed colours with equal components.
    func sameComponents(as other: UIColor) -> Bool {
        if self === other { return true }
        guard case .fixed(let r1, let g1, let b1, let a1) = kind, case .fixed(let r2, let g2, let b2, let a2) = other.kind else { return false }
        return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
    }
}
