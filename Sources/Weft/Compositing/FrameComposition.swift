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
        /// Rectangles filled with one colour, on whole or fractional points as given: a text
        /// node's line boxes over the placeholder of a cell not displayed yet
        /// (`ASTextNode.placeholderEnabled`), or a table's separators over its rows.
        case fills([CGRect], color: UIColor)
        /// A UIKit cell (interop), already drawn on the main actor, placed at `frame`.
        case bitmap(Bitmap, frame: CGRect, alpha: CGFloat)
    }

    /// The collection's own layer settings that change its picture beyond its background, as
    /// Core Animation draws them on the collection view's layer: the background filled within
    /// the rounded corners, the cells clipped to them when `clips`, the border over everything.
    /// Sendable value.
    struct Container: Sendable, Equatable {
        let cornerRadius: CGFloat
        let clips: Bool
        let borderWidth: CGFloat
        let borderColor: UIColor

        /// Nil for settings that draw nothing beyond a rectangle's (no radius, no visible border),
        /// so a plain collection keeps every fast path. The values are a node's, repaired by its
        /// setters (finite, not negative).
        static func of(cornerRadius: CGFloat, clips: Bool, borderWidth: CGFloat, borderColor: UIColor) -> Container? {
            guard cornerRadius > 0 || (borderWidth > 0 && borderColor.alpha > 0) else { return nil }
            return Container(cornerRadius: cornerRadius, clips: clips, borderWidth: borderWidth, borderColor: borderColor)
        }

        /// The rounded rectangle of `bounds`: where the background is filled, and the clip.
        func shape(_ bounds: CGRect) -> Path { Path(roundedRect: bounds, cornerRadius: cornerRadius) }

        /// Strokes the border inside `bounds`, over what is drawn, as `CompositeLayer.draw` does.
        func drawBorder(in bounds: CGRect, into context: GraphicsContext) {
            guard borderWidth > 0 else { return }
            context.stroke(Path(roundedRect: bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2), cornerRadius: max(0, cornerRadius - borderWidth / 2)),
                           with: borderColor, lineWidth: borderWidth)
        }
    }

    let viewport: CGSize
    let scale: CGFloat
    let background: UIColor?
    let items: [Item]
    /// Nil for a plain rectangle (no corner radius, no border): see `Container`.
    var container: Container? = nil

    /// This frame with `more` drawn after its items (a table's separators over its rows).
    func adding(_ more: [Item]) -> FrameComposition {
        var copy = FrameComposition(viewport: viewport, scale: scale, background: background, items: items + more)
        copy.container = container
        return copy
    }

    /// The background `FrameBackground` paints over the whole frame: none for a decorated one,
    /// whose background `drawContents` fills within its corners.
    var paintedBackground: UIColor? { container == nil ? background : nil }

    var notReady: Int { items.filter { if case .placeholder = $0 { true } else { false } }.count }

    /// The pixels that opaque cells cover whole: a cell layer at full alpha whose own background
    /// is opaque (the pixels wholly inside it) or whose backing store is opaque and lies on whole
    /// device pixels (`CompositeLayer.opaqueCover`). The background is not painted there, since
    /// each such cell replaces every pixel it covers whole.
    var opaquePixels: [PixelRegion.Rect] {
        // A decorated frame's background is filled as a shape, not painted outside the cells.
        guard container == nil else { return [] }
        return items.compactMap { item in
            guard case .layer(let layer?, let shift, let alpha) = item, alpha >= 1 else { return nil }
            return layer.replacedPixels(offset: shift, scale: scale)
        }
    }

    /// Composites the frame: the background where no opaque cell covers it (`opaquePixels`), then
    /// each item in order, clipped to the viewport (a decorated frame: see `drawContents`); opaque
    /// backing stores on whole pixels are copied rather than blended (see `CompositeLayer.draw`).
    /// The bytes are those of painting the whole background and blending every store.
    func render() throws(CollectionError) -> Bitmap {
        do {
            return try Bitmap(size: viewport, scale: scale, background: paintedBackground, covered: opaquePixels) { context in
                drawContents(items, into: context)
            }
        } catch {
            throw .renderFailed("\(error)")
        }
    }

    /// Draws `items` into `context` (whose origin is the frame's) after the background: alone for
    /// a plain frame, whose background `FrameBackground` paints; for a decorated one (`container`)
    /// the background within the rounded corners first, the items clipped to them when the
    /// container clips, then the border, as `CompositeLayer.draw` draws a layer.
    func drawContents(_ items: some Sequence<Item>, into context: GraphicsContext) {
        guard let container else {
            for item in items { Self.draw(item, into: context) }
            return
        }
        let bounds = CGRect(origin: .zero, size: viewport)
        let shape = container.shape(bounds)
        if let background, background.alpha > 0 { context.fill(shape, with: background) }
        context.withSavedState {
            if container.clips { context.clip(to: shape) }
            for item in items { Self.draw(item, into: context) }
        }
        container.drawBorder(in: bounds, into: context)
    }

    /// Draws one item into `context`, whose origin is the frame's.
    static func draw(_ item: Item, into context: GraphicsContext) {
        switch item {
        case .placeholder(let frame):
            context.fill(frame, with: ASCollectionNode.placeholderColor)
        case .fills(let rects, let color):
            for rect in rects { context.fill(rect, with: color) }
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
