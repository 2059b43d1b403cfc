import Foundation

/// What an update animation changes of one element: where it is, how opaque, and its stacking
/// order; the animatable part of UIKit's layout attributes. Sendable value.
struct AnimatedAttributes: Sendable, Equatable {
    var frame: CGRect
    var alpha: CGFloat
    var zIndex: Int

    init(frame: CGRect, alpha: CGFloat = 1, zIndex: Int = 0) {
        self.frame = frame
        self.alpha = alpha
        self.zIndex = zIndex
    }

    init(_ attributes: UICollectionViewLayoutAttributes) {
        self.init(frame: attributes.frame, alpha: attributes.alpha, zIndex: attributes.zIndex)
    }

    /// The attributes `progress` of the way (already eased, 0…1) from `start` to `end`, as Core
    /// Animation interpolates a layer's position, bounds and opacity: linearly in the eased
    /// progress. The stacking order is the end's, as UIKit applies zIndex at once.
    static func interpolate(from start: AnimatedAttributes, to end: AnimatedAttributes, progress: Double) -> AnimatedAttributes {
        let p = CGFloat(min(max(progress, 0), 1))
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * p }
        return AnimatedAttributes(frame: CGRect(x: mix(start.frame.minX, end.frame.minX), y: mix(start.frame.minY, end.frame.minY),
                                                width: mix(start.frame.width, end.frame.width), height: mix(start.frame.height, end.frame.height)),
                                  alpha: mix(start.alpha, end.alpha), zIndex: end.zIndex)
    }

    /// Layout attributes for compositing this state of the element at `indexPath`, its origin
    /// snapped to device pixels at `scale` so a sliding cell is copied, never resampled.
    func layoutAttributes(for indexPath: IndexPath, kind: String?, scale: CGFloat) -> UICollectionViewLayoutAttributes {
        let attributes = kind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: (frame.minX * scale).rounded() / scale, y: (frame.minY * scale).rounded() / scale,
                                  width: frame.width, height: frame.height)
        attributes.alpha = alpha
        attributes.zIndex = zIndex
        return attributes
    }
}
