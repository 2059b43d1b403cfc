import Foundation

/// Converting points and rectangles between views' coordinate spaces, through their layers'
/// geometry and transforms (see `CoordinateSpace`); UIKit's `convert(_:to:)` family. A node's view
/// converts as its node, so node views and plain views mix.
extension UIView {
    /// `point` in this view's coordinates, in `view`'s; nil means the window's (this view's root
    /// when it is in no window). Views in two trees are reported; their roots are taken as one.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        point.applying(transform(from: CoordinateSpace.normalized(self), to: space(view), api: "UIView.convert(_:to:)"))
    }

    /// `point` in `view`'s coordinates (nil: the window's), in this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        point.applying(transform(from: space(view), to: CoordinateSpace.normalized(self), api: "UIView.convert(_:from:)"))
    }

    /// The bounding box of `rect`, in this view's coordinates, in `view`'s (nil: the window's).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.applying(transform(from: CoordinateSpace.normalized(self), to: space(view), api: "UIView.convert(_:to:)"))
    }

    /// The bounding box of `rect`, in `view`'s coordinates (nil: the window's), in this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect.applying(transform(from: space(view), to: CoordinateSpace.normalized(self), api: "UIView.convert(_:from:)"))
    }

    /// `view`'s space, or for nil the root of this view's tree (its window, when it is in one).
    private func space(_ view: UIView?) -> CoordinateSpace {
        if let view { return CoordinateSpace.normalized(view) }
        return CoordinateSpace.normalized(self).toRoot().root
    }

    private func transform(from source: CoordinateSpace, to target: CoordinateSpace, api: String) -> CGAffineTransform {
        CoordinateSpace.transform(from: source, to: target, api: api, subject: "\(type(of: self))")
    }
}

/// QuartzCore's conversions between layers, through each layer's geometry and transforms. A
/// node's layer converts as its node.
extension CALayer {
    /// `p` in this layer's coordinates, in `l`'s; nil means the root of this layer's tree.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        p.applying(transform(from: .of(self), to: space(l), api: "CALayer.convert(_:to:)"))
    }

    /// `p` in `l`'s coordinates (nil: the root's), in this layer's.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        p.applying(transform(from: space(l), to: .of(self), api: "CALayer.convert(_:from:)"))
    }

    /// The bounding box of `r`, in this layer's coordinates, in `l`'s (nil: the root's).
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        r.applying(transform(from: .of(self), to: space(l), api: "CALayer.convert(_:to:)"))
    }

    /// The bounding box of `r`, in `l`'s coordinates (nil: the root's), in this layer's.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        r.applying(transform(from: space(l), to: .of(self), api: "CALayer.convert(_:from:)"))
    }

    private func space(_ layer: CALayer?) -> CoordinateSpace {
        if let layer { return .of(layer) }
        return CoordinateSpace.of(self).toRoot().root
    }

    private func transform(from source: CoordinateSpace, to target: CoordinateSpace, api: String) -> CGAffineTransform {
        CoordinateSpace.transform(from: source, to: target, api: api, subject: diagnosticSubject)
    }
}
