import Foundation
import Testing
@testable import Weft

/// A layer's background is not filled under the pixels an opaque sublayer then replaces
/// (`CompositeLayer.pixelsSublayersReplace`, `GraphicsContext.fill(_:with:sparing:)`), and every
/// pixel comes out as filling everywhere gives.
@Suite struct BackgroundSparingTests {
    /// A small deterministic generator, so a failure names its seed.
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    static let colors = [UIColor.white, UIColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 1), UIColor(red: 1, green: 0.3, blue: 0.2, alpha: 0.6),
                         UIColor(white: 0.2, alpha: 1), UIColor(red: 0.4, green: 0.9, blue: 0.3, alpha: 0.25)]

    static func store(_ size: CGSize, scale: CGFloat, opaque: Bool, seed: UInt64) throws -> Bitmap {
        try Bitmap(size: size, scale: scale) { context in
            var dice = Dice(state: seed)
            context.fill(CGRect(origin: .zero, size: size), with: opaque ? dice.pick(colors).withAlphaComponent(1) : dice.pick(colors).withAlphaComponent(0.5))
            context.fill(Path(roundedRect: CGRect(x: size.width / 4, y: size.height / 4, width: size.width / 2, height: size.height / 2), cornerRadius: 3),
                         with: dice.pick(colors))
        }
    }

    /// A random tree: positions on whole, half and third points, stores opaque or not and at their
    /// bounds' pixel size or not, rounded corners, clips, translucency.
    static func layer(_ dice: inout Dice, scale: CGFloat, depth: Int, root: Bool) throws -> CompositeLayer {
        let origin = root ? CGPoint.zero : CGPoint(x: dice.pick([0, 1, 2.5, 10, 1.0 / 3, 7.25]), y: dice.pick([0, 3, 4.5, 2.0 / 3, 12]))
        let size = CGSize(width: dice.pick([6, 10, 13.5, 20, 30]), height: dice.pick([5, 8, 11, 24.25]))
        let bounds = CGRect(origin: .zero, size: size)
        let store: Bitmap? = dice.chance(50)
            ? try Self.store(dice.chance(80) ? size : CGSize(width: size.width / 2, height: size.height), scale: scale, opaque: dice.chance(70), seed: dice.next())
            : nil
        let sublayers = depth > 0 ? try (0..<Int(dice.next() % 4)).map { _ in try layer(&dice, scale: scale, depth: depth - 1, root: false) } : []
        return CompositeLayer(frame: CGRect(origin: origin, size: size), bounds: bounds, asRoot: root, alpha: dice.chance(85) ? 1 : 0.7,
                              background: dice.chance(75) ? dice.pick(colors) : nil, radius: dice.chance(25) ? 3 : 0,
                              rounding: .defaultSlowCALayer, clips: dice.chance(20), borderWidth: dice.chance(15) ? 1 : 0,
                              borderColor: .black, store: store, sublayers: sublayers)
    }

    /// Drawn with `clipped: true`, a layer neither copies stores nor spares its background: every
    /// store is blended and every background filled everywhere, the bytes compositing promises.
    static func bothWays(_ layer: CompositeLayer, scale: CGFloat, offset: CGPoint, band: Range<Int>? = nil) throws -> (spared: Bitmap, filled: Bitmap) {
        func draw(clipped: Bool) throws -> Bitmap {
            try Bitmap(size: CGSize(width: 48, height: 40), scale: scale) { context in
                context.fill(CGRect(x: 0, y: 0, width: 48, height: 40), with: UIColor(red: 0.5, green: 0.2, blue: 0.7, alpha: 0.5))
                if let band {
                    context.withSavedState {
                        context.scaleBy(x: 1 / scale, y: 1 / scale)
                        context.clip(to: CGRect(x: 0, y: CGFloat(band.lowerBound), width: 48 * scale, height: CGFloat(band.count)))
                        context.scaleBy(x: scale, y: scale)
                        context.translateBy(x: offset.x, y: offset.y)
                        layer.draw(into: context, clipped: clipped)
                    }
                } else {
                    context.translateBy(x: offset.x, y: offset.y)
                    layer.draw(into: context, clipped: clipped)
                }
            }
        }
        return (try draw(clipped: false), try draw(clipped: true))
    }

    @Test(arguments: [1, 2, 3] as [CGFloat])
    func randomTreesComeOutAsFillingEverywhere(scale: CGFloat) throws {
        var spared = 0
        for seed in UInt64(1)...120 {
            var dice = Dice(state: seed &* 977)
            let layer = try Self.layer(&dice, scale: scale, depth: 2, root: false)
            let offset = CGPoint(x: dice.pick([0, 1, 0.5, 1.0 / 3]), y: dice.pick([0, 2, 0.25]))
            let band = dice.chance(30) ? 7..<(7 + Int(20 * scale)) : nil
            let (withSparing, filling) = try Self.bothWays(layer, scale: scale, offset: offset, band: band)
            #expect(withSparing.hasSamePixels(as: filling), "seed \(seed) at @\(scale)")
            _ = try Bitmap(size: CGSize(width: 48, height: 40), scale: scale) { context in
                context.translateBy(x: offset.x, y: offset.y)
                context.translateBy(x: layer.frame.minX, y: layer.frame.minY)
                let fills = (layer.background?.alpha ?? 0) > 0 && !(layer.radius > 0) && !layer.clips
                if fills && !layer.pixelsSublayersReplace(in: context).isEmpty { spared += 1 }
            }
        }
        // The trees exercise the sparing at their roots, not only the fallback.
        #expect(spared > 10, "only \(spared) of 120 trees had a sublayer to spare at @\(scale)")
    }

    /// A white card with an opaque photo on whole pixels and a translucent caption: the photo's
    /// pixels are spared, the caption's are not, and the card draws as filling everywhere.
    @Test func aCardSparesItsPhotoOnly() throws {
        let photo = try Self.store(CGSize(width: 30, height: 20), scale: 2, opaque: true, seed: 3)
        let caption = try Self.store(CGSize(width: 30, height: 6), scale: 2, opaque: false, seed: 4)
        let card = CompositeLayer(
            frame: CGRect(x: 0, y: 0, width: 40, height: 36), bounds: CGRect(x: 0, y: 0, width: 40, height: 36), asRoot: false, alpha: 1,
            background: .white, radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0, borderColor: .black, store: nil,
            sublayers: [
                CompositeLayer(frame: CGRect(x: 5, y: 2, width: 30, height: 20), bounds: CGRect(x: 0, y: 0, width: 30, height: 20), asRoot: false,
                               alpha: 1, background: nil, radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0,
                               borderColor: .black, store: photo, sublayers: []),
                CompositeLayer(frame: CGRect(x: 5, y: 24, width: 30, height: 6), bounds: CGRect(x: 0, y: 0, width: 30, height: 6), asRoot: false,
                               alpha: 1, background: nil, radius: 0, rounding: .defaultSlowCALayer, clips: false, borderWidth: 0,
                               borderColor: .black, store: caption, sublayers: []),
            ])
        _ = try Bitmap(size: CGSize(width: 40, height: 36), scale: 2) { context in
            context.translateBy(x: 0.5, y: 1)
            #expect(card.pixelsSublayersReplace(in: context) == [PixelRegion.Rect(x: 11, y: 6, width: 60, height: 40)])
            context.translateBy(x: 0.25, y: 0)
            #expect(card.pixelsSublayersReplace(in: context).isEmpty, "a photo off whole pixels is blended, not copied")
        }
        let (withSparing, filling) = try Self.bothWays(card, scale: 2, offset: CGPoint(x: 1, y: 0.5))
        #expect(withSparing.hasSamePixels(as: filling))
    }

    /// Under a rounded clip the spared pixels at the clip's edge would blend what lies beneath
    /// with the photo, not the card: the background is filled everywhere there.
    @Test func underASoftClipEverythingIsFilled() throws {
        _ = try Bitmap(size: CGSize(width: 10, height: 10), scale: 2) { context in
            #expect(context.clipIsWholePixels, "no clip: the surface's extent")
            context.clip(to: CGRect(x: 0, y: 0.5, width: 10, height: 5))
            #expect(context.clipIsWholePixels, "a rectangle on whole device pixels")
            context.clip(to: Path(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 4))
            #expect(!context.clipIsWholePixels)
        }
        _ = try Bitmap(size: CGSize(width: 10, height: 10), scale: 3) { context in
            context.clip(to: CGRect(x: 0.1, y: 0, width: 5, height: 5))
            #expect(!context.clipIsWholePixels, "a rectangle off whole pixels")
        }
        let marker = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
        func draw(sparing: [PixelRegion.Rect]) throws -> Bitmap {
            try Bitmap(size: CGSize(width: 20, height: 20), scale: 2) { context in
                context.clip(to: Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 6))
                context.fill(CGRect(x: 0, y: 0.5, width: 20, height: 19.25), with: marker, sparing: sparing)
            }
        }
        #expect(try draw(sparing: [PixelRegion.Rect(x: 0, y: 0, width: 20, height: 20)]).hasSamePixels(as: try draw(sparing: [])))
    }
}
