import Foundation

/// When two captures of a layer draw the same pixels: a cell captured again in the next frame,
/// unchanged, is a new `CompositeLayer` value holding the same backing stores. A cache of what a
/// layer draws (`CellYUVCache`) keys on this.
extension CompositeLayer {
    /// True when `other` draws exactly what this layer draws, at the same place: the same
    /// geometry, colours and flags, the same backing store objects (stores are immutable, so the
    /// same object is the same pixels), and sublayers that draw the same, in the same order.
    func drawsSame(as other: CompositeLayer) -> Bool {
        guard frame == other.frame, bounds == other.bounds, asRoot == other.asRoot, alpha == other.alpha, radius == other.radius,
              rounding == other.rounding, clips == other.clips, borderWidth == other.borderWidth, store === other.store,
              Self.sameColor(background, other.background), Self.sameColor(borderColor, other.borderColor),
              sublayers.count == other.sublayers.count, effects == other.effects else { return false }
        return zip(sublayers, other.sublayers).allSatisfy { mine, theirs in StackSpace.ensuringSpace { mine.drawsSame(as: theirs) } }
    }

    /// A hash that agrees with `drawsSame(as:)`: layers that draw the same hash the same.
    func hashDrawing(into hasher: inout Hasher) {
        hasher.combine(frame.minX)
        hasher.combine(frame.minY)
        hasher.combine(frame.width)
        hasher.combine(frame.height)
        hasher.combine(store.map(ObjectIdentifier.init))
        hasher.combine(sublayers.count)
        for sublayer in sublayers { StackSpace.ensuringSpace { sublayer.hashDrawing(into: &hasher) } }
    }

    /// The bytes of the backing stores of this layer and every one below it.
    var storeBytes: Int {
        (store.map { $0.bytesPerRow * $0.pixelHeight } ?? 0)
            + sublayers.reduce(0) { total, sublayer in total + StackSpace.ensuringSpace { sublayer.storeBytes } }
    }

    /// The same object, or two fixed colours with equal components. (Captured colours are
    /// resolved for the node's traits already; a dynamic one left is compared by identity.)
    private static func sameColor(_ a: UIColor?, _ b: UIColor?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        if a === b { return true }
        guard case .fixed(let r1, let g1, let b1, let a1) = a.kind, case .fixed(let r2, let g2, let b2, let a2) = b.kind else { return false }
        return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
    }
}
