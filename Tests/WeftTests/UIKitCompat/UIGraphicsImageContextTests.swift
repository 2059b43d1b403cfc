import Foundation
import Synchronization
import Testing
import Weft

/// UIKit's image contexts: begun, drawn with UIKit calls, read and ended on any thread, each
/// thread with its own stack; misuse reported, never a trap.
@Suite struct UIGraphicsImageContextTests {
    @Test func drawsAndReadsBackAtTheGivenScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 6), false, 2)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 6))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 10, height: 6) && image.scale == 2)
        #expect(image.bitmap.pixelWidth == 20 && image.bitmap.pixelHeight == 12)
        #expect(image.bitmap.pixel(x: 9, y: 5) == 0xFFFF_0000)
        #expect(image.bitmap.pixel(x: 10, y: 5) == 0, "the right half was not drawn: transparent")
    }

    @Test func beginImageContextIsScaleOne() throws {
        UIGraphicsBeginImageContext(CGSize(width: 3, height: 4))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(image.scale == 1 && image.bitmap.pixelWidth == 3 && image.bitmap.pixelHeight == 4)
    }

    @Test func scaleZeroIsTheMainScreens() throws {
        let image = try withScreenScale(3) { () throws -> UIImage in
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 0)
            defer { UIGraphicsEndImageContext() }
            return try #require(UIGraphicsGetImageFromCurrentImageContext())
        }
        #expect(image.scale == 3 && image.bitmap.pixelWidth == 6)
    }

    @Test func anOpaqueContextKeepsEveryPixelOpaque() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
        UIColor(red: 1, green: 0, blue: 0, alpha: 0.5).setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 4)).fill()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(image.bitmap.isOpaque)
        #expect(image.bitmap.pixel(x: 3, y: 0) == 0xFF00_0000, "an opaque context starts black")
        let half = try #require(image.bitmap.pixel(x: 0, y: 0))
        #expect(half >> 24 == 0xFF && (0x7F...0x80).contains((half >> 16) & 0xFF) && half & 0xFFFF == 0, "half red over black")
    }

    @Test func contextsNestAndTheSnapshotIsACopy() throws {
        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let early = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let late = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(inner.bitmap.pixel(x: 0, y: 0) == 0xFF00_FF00)
        #expect(early.bitmap.pixel(x: 0, y: 0) == 0xFF00_00FF, "drawing after a snapshot does not change it")
        #expect(late.bitmap.pixel(x: 0, y: 0) == 0xFFFF_0000 && late.bitmap.pixel(x: 1, y: 1) == 0xFF00_00FF)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func eachThreadHasItsOwnStack() throws {
        // Both threads begin before either draws, so a shared stack would mix them up.
        let bothBegun = DispatchGroup()
        bothBegun.enter(); bothBegun.enter()
        let finished = DispatchGroup()
        let results = Mutex<[Int: UInt32]>([:])
        let sawAnotherThreadsContext = Mutex(false)
        // This thread's context must not be current on the others.
        UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
        defer { UIGraphicsEndImageContext() }
        for (index, color) in [UIColor.red, UIColor.blue].enumerated() {
            finished.enter()
            Thread {
                if UIGraphicsGetCurrentContext() != nil { sawAnotherThreadsContext.withLock { $0 = true } }
                UIGraphicsBeginImageContextWithOptions(CGSize(width: 8, height: 8), false, 1)
                bothBegun.leave()
                bothBegun.wait()
                for _ in 0..<50 {
                    color.setFill()
                    UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
                }
                let pixel = UIGraphicsGetImageFromCurrentImageContext()?.bitmap.pixel(x: 4, y: 4)
                UIGraphicsEndImageContext()
                results.withLock { $0[index] = pixel ?? 1 }
                finished.leave()
            }.start()
        }
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(results.withLock { $0 } == [0: 0xFFFF_0000, 1: 0xFF00_00FF])
        #expect(!sawAnotherThreadsContext.withLock { $0 })
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.size == CGSize(width: 1, height: 1), "this thread's context is untouched")
    }

    @Test func misuseIsReportedAndNeverTraps() {
        let (image, reports) = WeftDiagnostics.collect(matching: "UIGraphics") { () -> UIImage? in
            UIGraphicsEndImageContext()
            return UIGraphicsGetImageFromCurrentImageContext()
        }
        #expect(image == nil)
        #expect(reports.contains { $0.subject == "UIGraphicsEndImageContext()" })
        #expect(reports.contains { $0.subject == "UIGraphicsGetImageFromCurrentImageContext()" })
    }

    @Test(arguments: [CGSize.zero, CGSize(width: CGFloat.nan, height: 4), CGSize(width: -1, height: 4), CGSize(width: 1e9, height: 1e9)])
    func aSizeThatCannotBeDrawnBeginsAnEmptyContext(_ size: CGSize) throws {
        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let (inner, reports) = WeftDiagnostics.collect(matching: "UIGraphicsBeginImageContextWithOptions") { () -> UIImage? in
            UIGraphicsBeginImageContextWithOptions(size, false, 1)
            #expect(UIGraphicsGetCurrentContext() == nil, "drawing after a failed begin goes nowhere")
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
            defer { UIGraphicsEndImageContext() }
            return UIGraphicsGetImageFromCurrentImageContext()
        }
        #expect(inner == nil)
        #expect(reports.contains { $0.message.contains("cannot be drawn") })
        // The failed context's End ended it, not the outer one.
        let outer = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(outer.bitmap.pixel(x: 1, y: 1) == 0xFF00_FF00)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func anImageContextInsideANodesDrawingEndsBackInTheNode() throws {
        let node = ASDisplayNode(displayBlock: { bounds, context, _ in
            UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
            let dot = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            // Back in the node's context: draw the dot stretched over it.
            if UIGraphicsGetCurrentContext() === context { dot?.draw(in: bounds) }
        })
        node.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let bitmap = try node.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 2, y: 2) == 0xFFFF_0000)
    }
}
