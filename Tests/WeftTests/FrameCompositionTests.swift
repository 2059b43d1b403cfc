import Foundation
import Testing
@testable import Weft

/// Compositing a frame copies opaque backing stores and skips the background under opaque cells;
/// the bytes must be those of blending everything over a whole background.
@Suite struct FrameCompositionTests {
    /// `width × height` pixels of noise; opaque, or at alpha levels that vary per pixel.
    static func noise(_ width: Int, _ height: Int, opaque: Bool, seed: UInt32) throws -> Bitmap {
        try Bitmap(pixelWidth: width, pixelHeight: height, scale: 2) { context in
            var state = seed
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let a: CGFloat = opaque ? 1 : CGFloat((state >> 24) % 200 + 20) / 255
                    let colour = UIColor(red: CGFloat(state & 0xFF) / 255, green: CGFloat((state >> 8) & 0xFF) / 255,
                                         blue: CGFloat((state >> 16) & 0xFF) / 255, alpha: a)
                    context.fill(CGRect(x: CGFloat(x) / 2, y: CGFloat(y) / 2, width: 0.5, height: 0.5), with: colour)
                }
            }
        }
    }

    static func layer(_ frame: CGRect, store: Bitmap?, background: UIColor? = nil, alpha: CGFloat = 1, sublayers: [CompositeLayer] = [],
                      clips: Bool = false) -> CompositeLayer {
        CompositeLayer(frame: frame, bounds: CGRect(origin: .zero, size: frame.size), asRoot: false, alpha: alpha, background: background,
                       radius: 0, rounding: .defaultSlowCALayer, clips: clips, borderWidth: 0, borderColor: .black, store: store,
                       sublayers: sublayers)
    }

    /// The frame as it was composited before the fast paths: the whole background painted, every
    /// store blended (`clipped: true` turns the copy off).
    static func blended(_ composition: FrameComposition) throws -> Bitmap {
        try Bitmap(size: composition.viewport, scale: composition.scale, background: composition.background) { context in
            for case .layer(let layer?, let shift, let alpha) in composition.items {
                context.withSavedState {
                    context.translateBy(x: shift.x, y: shift.y)
                    context.withTransparencyLayer(alpha: alpha) { layer.draw(into: context, clipped: true) }
                }
            }
        }
    }

    @Test(arguments: [UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1), UIColor(white: 0.5, alpha: 0.5), nil])
    func copyingOpaqueStoresGivesTheBlendedBytes(background: UIColor?) throws {
        let photo = try Self.noise(60, 40, opaque: true, seed: 1), glass = try Self.noise(40, 40, opaque: false, seed: 2)
        let items: [FrameComposition.Item] = [
            // An opaque cell partly outside the viewport (left and top), with an opaque photo inside.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 40, height: 30), store: nil, background: .white,
                              sublayers: [Self.layer(CGRect(x: 5, y: 5, width: 30, height: 20), store: photo)]),
                   shift: CGPoint(x: -12, y: -7), alpha: 1),
            // An opaque store whose cell runs past the right and bottom edges.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 30, height: 20), store: photo), shift: CGPoint(x: 35, y: 25), alpha: 1),
            // A translucent cell over the opaque ones.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), store: glass), shift: CGPoint(x: 8, y: 4), alpha: 1),
            // An opaque store fading in (a cell's attributes' alpha), over everything.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 30, height: 20), store: photo), shift: CGPoint(x: 10, y: 12), alpha: 0.6),
            // An opaque store off the pixel grid (x 20.5 px) is blended, as before.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 30, height: 20), store: photo), shift: CGPoint(x: 10.25, y: 18), alpha: 1),
            // An opaque store clipped square to its own bounds (as an image node clips) is copied.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 30, height: 20), store: photo, clips: true), shift: CGPoint(x: 30, y: 2), alpha: 1),
            // A white cell off the pixel grid: its inner pixels need no background, its edges blend.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 12.3, height: 7.7), store: nil, background: .white), shift: CGPoint(x: 33.4, y: 30.15), alpha: 1),
            // An opaque store inside a clipping cell is blended.
            .layer(Self.layer(CGRect(x: 0, y: 0, width: 20, height: 15), store: nil, sublayers: [Self.layer(CGRect(x: -5, y: 0, width: 30, height: 20), store: photo)],
                              clips: true), shift: CGPoint(x: 2, y: 22), alpha: 1),
        ]
        let composition = FrameComposition(viewport: CGSize(width: 50, height: 40), scale: 2, background: background, items: items)
        #expect(!composition.opaquePixels.isEmpty)
        let fast = try composition.render(), reference = try Self.blended(composition)
        #expect(fast.hasSamePixels(as: reference))
    }

    @Test func theBackgroundRegionLeavesOutExactlyTheCoveredPixels() {
        let covered = [PixelRegion.Rect(x: -4, y: 2, width: 10, height: 5), PixelRegion.Rect(x: 3, y: 4, width: 20, height: 2),
                       PixelRegion.Rect(x: 12, y: 8, width: 4, height: 30)]
        let region = PixelRegion(width: 16, height: 12, excluding: covered)
        for y in 0..<12 {
            for x in 0..<16 {
                func inside(_ r: PixelRegion.Rect) -> Bool { x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height }
                #expect(region.rects.filter(inside).count == (covered.contains(where: inside) ? 0 : 1), "pixel (\(x), \(y))")
            }
        }
    }
}
