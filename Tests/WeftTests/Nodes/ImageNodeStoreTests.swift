import Foundation
import Testing
@testable import Weft

/// An image node whose image fills its bounds pixel for pixel commits the image's own bitmap as
/// its backing store; anything that would change a pixel draws a store of its own, and both give
/// the same picture.
@Suite struct ImageNodeStoreTests {
    /// A 3×2 pt image at @2x with a translucent corner, so a blend and a copy could differ.
    static func image(scale: CGFloat = 2) throws -> UIImage {
        UIImage(bitmap: try Bitmap(size: CGSize(width: 3, height: 2), scale: scale) { context in
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 2), with: UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: UIColor(red: 1, green: 0, blue: 0, alpha: 0.4))
        })
    }

    static func displayed(_ configure: (ASImageNode) -> Void, scale: CGFloat = 2) -> ASImageNode {
        let node = ASImageNode()
        node.frame = CGRect(x: 0, y: 0, width: 3, height: 2)
        configure(node)
        node.setNeedsDisplayAtScale(scale)
        node.recursivelyEnsureDisplaySynchronously(true)
        return node
    }

    @Test func anImageThatFitsPixelForPixelIsTheStore() throws {
        let image = try Self.image()
        let node = Self.displayed { $0.image = image }
        #expect(node.contents === image.bitmap)
    }

    @Test func theSharedStoreShowsWhatADrawnStoreShows() throws {
        let image = try Self.image()
        let shared = Self.displayed { $0.image = image }
        // A modification block that changes nothing still makes the node draw its own store.
        let drawn = Self.displayed { node in
            node.image = image
            node.imageModificationBlock = { image, _ in image }
        }
        #expect(shared.contents === image.bitmap)
        let drawnStore = try #require(drawn.contents)
        #expect(drawnStore !== image.bitmap)
        #expect(drawnStore.hasSamePixels(as: image.bitmap))
        #expect(try shared.renderBitmap(scale: 2).hasSamePixels(as: try drawn.renderBitmap(scale: 2)))
    }

    @Test(arguments: ["scale", "size", "template", "crop", "forced size", "content mode"])
    func anythingThatChangesAPixelDraws(_ change: String) throws {
        let image = try Self.image()
        let node = Self.displayed({ node in
            switch change {
            case "scale": node.image = image  // drawn at @3x below: resampled
            case "size": node.image = image; node.frame = CGRect(x: 0, y: 0, width: 4, height: 2)
            case "template": node.image = image.withRenderingMode(.alwaysTemplate)
            case "crop": node.image = image; node.cropRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
            case "forced size": node.image = image; node.forcedSize = CGSize(width: 3, height: 2)
            default: node.image = image; node.contentMode = .center; node.frame = CGRect(x: 0, y: 0, width: 3, height: 3)
            }
        }, scale: change == "scale" ? 3 : 2)
        let store = try #require(node.contents)
        #expect(store !== image.bitmap)
    }
}
