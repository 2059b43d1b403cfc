import Foundation

extension FrameComposition {
    /// The frame as a layer of a larger composite, for a collection or table inside a tree
    /// (`ComposedContent`): its background, corners and border (`container`) on the node's own
    /// layer, then its items clipped to the viewport on a sublayer, then `sublayers` (the node's
    /// subnodes). Drawn so, the cells' stores are copied into the tree's picture once, rather than
    /// into a frame of their own first; the result matches drawing `render()`'s bitmap there.
    func layer(frame: CGRect, bounds: CGRect, asRoot: Bool, alpha: CGFloat, rounding: ASCornerRoundingType,
               sublayers: [CompositeLayer]) -> CompositeLayer {
        let viewportRect = CGRect(origin: .zero, size: viewport)
        let content = CompositeLayer(frame: CGRect(origin: bounds.origin, size: viewport), bounds: viewportRect, asRoot: false, alpha: 1,
                                     background: nil, radius: 0, rounding: rounding, clips: true, borderWidth: 0, borderColor: .clear,
                                     store: nil, sublayers: items.flatMap(Self.layers(of:)))
        return CompositeLayer(frame: frame, bounds: bounds, asRoot: asRoot, alpha: alpha, background: background,
                              radius: container?.cornerRadius ?? 0, rounding: rounding, clips: container?.clips ?? false,
                              borderWidth: container?.borderWidth ?? 0, borderColor: container?.borderColor ?? .clear,
                              store: nil, sublayers: [content] + sublayers)
    }

    /// One item as the layers that draw what `draw(_:into:)` draws for it, in the frame's coordinates.
    private static func layers(of item: Item) -> [CompositeLayer] {
        switch item {
        case .layer(let layer, let shift, let alpha):
            guard let layer else { return [] }
            // A point-sized layer at `shift`: it moves the cell's layer there and applies the
            // attributes' alpha to it as a group, as `draw` does.
            return [CompositeLayer(frame: CGRect(origin: shift, size: .zero), bounds: .zero, asRoot: false, alpha: alpha, background: nil,
                                   radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0, borderColor: .clear,
                                   store: nil, sublayers: [layer])]
        case .placeholder(let frame):
            return [filled(frame, with: ASCollectionNode.placeholderColor)]
        case .fills(let rects, let color):
            return rects.map { filled($0, with: color) }
        case .bitmap(let cell, let frame, let alpha):
            return [CompositeLayer(frame: frame, bounds: CGRect(origin: .zero, size: frame.size), asRoot: false, alpha: alpha, background: nil,
                                   radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0, borderColor: .clear,
                                   store: cell, sublayers: [])]
        }
    }

    private static func filled(_ rect: CGRect, with color: UIColor) -> CompositeLayer {
        CompositeLayer(frame: rect, bounds: CGRect(origin: .zero, size: rect.size), asRoot: false, alpha: 1, background: color,
                       radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0, borderColor: .clear, store: nil, sublayers: [])
    }
}
