import Foundation

/// A cell that paints every pixel of a run of whole frame rows, across the whole frame, and
/// nothing outside them: an item at full alpha whose layer fills its frame with an opaque colour,
/// square-cornered, on whole pixels, from the frame's left edge to its right, with everything
/// below it drawn inside that frame, and no layer below it under alpha less than 1. Drawn alone
/// (`render()`), it can stand for the cell in any frame in which nothing drawn after it touches
/// its rows, as a layer with `shouldRasterize` stands for its subtree: mp4 draws such cells so
/// (`FrameComposition.bandPlan`), converting each once and copying its rows into every frame it
/// is in (`CellYUVCache`), where a scroll otherwise composites it again in every frame: the bench
/// feed's cards are the whole frame.
///
/// The raster is the cell moved by a whole number of device pixels, which gives the same pixels
/// for copies, blends and fills. A store drawn resampled (its pixel size not its bounds') is the
/// exception: cairo fits pixman's fixed-point transform to where it is drawn, so its samples can
/// come out one level apart from the frame's own drawing of it (seen on the bench feed's text, in
/// a few pixels of each line). In a scroll the raster's are the steadier: the same pixels
/// in every frame, where compositing in place gives each position its own rounding. A layer under
/// alpha less than 1, whose group cairo sizes to the clip, would differ more: no raster then.
/// Sendable value; use from any context.
struct CellRaster: Sendable {
    /// The cell's layers, as the frame's item holds them.
    let layer: CompositeLayer
    /// The item's shift along x (frame points); y is the raster's own (its first row at 0).
    let shiftX: CGFloat
    let scale: CGFloat
    let pixelWidth: Int
    let pixelHeight: Int
    /// The frame row of the raster's first row (negative when the cell starts above the frame).
    let top: Int
    /// The frame rows the cell paints (some may lie outside the frame).
    var rows: Range<Int> { top..<(top + pixelHeight) }
    /// The index of the frame's item the cell is.
    let item: Int

    /// The raster of `layer`, item `item`, drawn at full alpha with `shift` in a frame `width` ×
    /// `height` pixels at `scale`, or nil when the cell does not paint whole rows alone (see the
    /// type's doc), or is taller than twice the frame (drawn whole for a frame that shows a part
    /// of it).
    init?(_ layer: CompositeLayer, item: Int, shift: CGPoint, scale: CGFloat, frameWidth width: Int, frameHeight height: Int) {
        guard !layer.asRoot, layer.alpha >= 1, layer.radius == 0, let background = layer.background, background.alpha >= 1 else { return nil }
        let rect = layer.frame.offsetBy(dx: shift.x, dy: shift.y)
        guard let pixels = PixelRegion.wholePixels(rect, scale: scale), pixels.x == 0, pixels.width == width,
              pixels.height >= 2, pixels.height <= 2 * height else { return nil }
        // Everything below inside the frame: a pixel partly covered from inside it lies inside it.
        // (Edge by edge: Foundation's `contains` compares a union, whose size is computed again.)
        let slack = 1 / (1024 * scale), extent = layer.drawnExtent.offsetBy(dx: shift.x, dy: shift.y)
        guard extent.minX >= rect.minX - slack, extent.minY >= rect.minY - slack, extent.maxX <= rect.maxX + slack,
              extent.maxY <= rect.maxY + slack, layer.rastersAlike else { return nil }
        self.layer = layer
        self.shiftX = shift.x
        self.scale = scale
        pixelWidth = pixels.width
        pixelHeight = pixels.height
        top = pixels.y
        self.item = item
    }

    /// The cell drawn alone, its first row that of the frame row `top`.
    func render() throws -> Bitmap {
        let item = FrameComposition.Item.layer(layer, shift: CGPoint(x: shiftX, y: -layer.frame.minY), alpha: 1)
        return try Bitmap(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale) { context in
            FrameComposition.draw(item, into: context)
        }
    }

    /// True when `other` draws the same pixels (`CompositeLayer.drawsSame(as:)`, the same place
    /// across, the same size and scale).
    func drawsSame(as other: CellRaster) -> Bool {
        shiftX == other.shiftX && scale == other.scale && pixelWidth == other.pixelWidth && pixelHeight == other.pixelHeight
            && layer.drawsSame(as: other.layer)
    }

    /// A hash that agrees with `drawsSame(as:)`.
    var drawingHash: Int {
        var hasher = Hasher()
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        layer.hashDrawing(into: &hasher)
        return hasher.finalize()
    }
}

extension CompositeLayer {
    /// True when this layer and every one below it are at alpha 1 with no effects (see `CellRaster`).
    var rastersAlike: Bool {
        alpha >= 1 && effects == nil && sublayers.allSatisfy { sublayer in StackSpace.ensuringSpace { sublayer.rastersAlike } }
    }
}
