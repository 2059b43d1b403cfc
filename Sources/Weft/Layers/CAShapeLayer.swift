import Foundation
import Synchronization

/// A layer that draws a path; QuartzCore's `CAShapeLayer`: `path` filled with `fillColor` (opaque
/// black by default, non-zero winding) and stroked with `strokeColor` (none by default) at
/// `lineWidth` (1 by default), in the layer's coordinates, above its background and clipped to its
/// bounds (Weft draws it into contents of the bounds' size). A shape layer
/// used as a node's layer (`ASDisplayNode(layerBlock:)`) draws the node's contents instead, as
/// the node owns its layer's contents.
///
/// Thread-safe, as `CALayer`: its own properties sit behind its own mutex.
open class CAShapeLayer: CALayer {
    /// What a shape layer keeps.
    struct Shape: Sendable {
        var path: Path?
        var fillColor: CGColor? = UIColor.black.cgColor
        var strokeColor: CGColor?
        var lineWidth: CGFloat = 1
    }

    private let shape = LockedBox(Shape())

    /// The shape, in the layer's coordinates; nil (nothing drawn) by default.
    open var path: Path? {
        get { shape[\.path] }
        set { shape[\.path] = newValue }
    }

    /// The fill; opaque black by default, nil for none.
    open var fillColor: CGColor? {
        get { shape[\.fillColor] }
        set { shape[\.fillColor] = newValue }
    }

    /// The stroke; nil (none) by default.
    open var strokeColor: CGColor? {
        get { shape[\.strokeColor] }
        set { shape[\.strokeColor] = newValue }
    }

    /// The stroke's width in points; 1 by default. A negative or non-finite width counts as 0, reported.
    open var lineWidth: CGFloat {
        get { shape[\.lineWidth] }
        set {
            let width = CALayer.checked(newValue, "lineWidth")
            shape[\.lineWidth] = width
        }
    }

    /// The path drawn at `scale` over the bounds; nil without a path or a scale, or when nothing would show.
    override func drawnContents(scale: CGFloat?) -> Bitmap? {
        let shape = shape.withLockedValue { $0 }
        let bounds = snapshot.bounds
        guard let scale, let path = shape.path, !path.isEmpty, bounds.width > 0, bounds.height > 0,
              shape.fillColor != nil || (shape.strokeColor != nil && shape.lineWidth > 0) else { return nil }
        return try? Bitmap(size: bounds.size, scale: scale) { context in
            context.translateBy(x: -bounds.minX, y: -bounds.minY)
            if let fill = shape.fillColor { context.fill(path, with: fill.uiColor) }
            if let stroke = shape.strokeColor, shape.lineWidth > 0 { context.stroke(path, with: stroke.uiColor, lineWidth: shape.lineWidth) }
        }
    }
}
