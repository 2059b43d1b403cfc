import Foundation

/// One frame of a collection as captured by `capture`: the background and each element's layers,
/// drawn by `render()`. Sendable value; use from any context.
struct FrameComposition: Sendable {
    enum Item: Sendable {
        /// A cell's layers, translated by `shift` from the cell's own frame to its place in the
        /// frame, at `alpha` (an update animation fades cells through their attributes' alpha).
        case layer(CompositeLayer?, shift: CGPoint, alpha: CGFloat)
        /// A cell not displayed yet (real-time frames): a box of `ASCollectionNode.placeholderColor`.
        case placeholder(CGRect)
        /// A UIKit cell (interop), already drawn on the main actor, placed at `frame`.
        case bitmap(Bitmap, frame: CGRect, alpha: CGFloat)
    }

    let viewport: CGSize
    let scale: CGFloat
    let background: UIColor?
    let items: [Item]

    var notReady: Int { items.filter { if case .placeholder = $0 { true } else { false } }.count }

    /// The pixels that opaque cells cover whole: a cell layer at full alpha whose own background
    /// is opaque (the pixels wholly inside it) or whose backing store is opaque and lies on whole
    /// device pixels (`CompositeLayer.opaqueCover`). The background is not painted there, since
    /// each such cell replaces every pixel it covers whole.
    var opaquePixels: [PixelRegion.Rect] {
        items.compactMap { item in
            guard case .layer(let layer?, let shift, let alpha) = item, alpha >= 1, let cover = layer.opaqueCover(scale: scale) else { return nil }
            switch cover {
            case .fill(let frame): return PixelRegion.innerPixels(frame.offsetBy(dx: shift.x, dy: shift.y), scale: scale)
            case .store(let frame): return PixelRegion.wholePixels(frame.offsetBy(dx: shift.x, dy: shift.y), scale: scale)
            }
        }
    }

    /// Composites the frame: the background where no opaque cell covers it (`opaquePixels`), then
    /// each item in order, clipped to the viewport; opaque backing stores on whole pixels are
    /// copied rather than blended (see `CompositeLayer.draw`). The bytes are those of painting the
    /// whole background and blending every store.
    func render() throws(CollectionError) -> Bitmap {
        do {
            return try Bitmap(size: viewport, scale: scale, background: background, covered: opaquePixels) { context in
                for item in items { Self.draw(item, into: context) }
            }
        } catch {
            throw .renderFailed("\(error)")
        }
    }

    /// Draws one item into `context`, whose origin is the frame's.
    static func draw(_ item: Item, into context: GraphicsContext) {
        switch item {
        case .placeholder(let frame):
            context.fill(frame, with: ASCollectionNode.placeholderColor)
        case .bitmap(let cell, let frame, let alpha):
            context.draw(cell, in: frame, alpha: alpha)
        case .layer(let layer, let shift, let alpha):
            guard let layer else { return }
            context.withSavedState {
                context.translateBy(x: shift.x, y: shift.y)
                context.withTransparencyLayer(alpha: alpha) { layer.draw(into: context) }
            }
        }
    }
}
