import Testing
import Weft
@testable import InteropApp

@MainActor
@Suite struct InteropRendering {
    @Test func interopControllerRenders() throws {
        let controller = ViewController()
        let bitmap = try controller.renderBitmap(size: CGSize(width: 200, height: 300), scale: 1)
        var orange = 0
        for y in 0..<bitmap.pixelHeight {
            for x in 0..<bitmap.pixelWidth where bitmap.pixel(x: x, y: y) == 0xFFFF_8000 { orange += 1 }
        }
        #expect(orange > 2_000, "the UIKit cells are orange in the frame: \(orange) orange pixels")
        #expect(controller.displayed.contains(IndexPath(item: 2, section: 0)))
    }
}
