import Foundation
import Testing
import Weft

/// UIKit's `UIScreen.main`: a documented 390 × 844 pt screen at `ASScreenScale()`.
@Suite struct UIScreenTests {
    @Test func theMainScreenHasTheDefaultSizeAndTheScreenScale() {
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(UIScreen.main.scale == ASScreenScale())
        withScreenScale(3) {
            #expect(UIScreen.main.scale == 3 && UIScreen.main.nativeScale == 3)
        }
    }

    @Test func itCanBeReadOffTheMainActor() async {
        let width = await Task.detached { UIScreen.main.bounds.width }.value
        #expect(width == 390)
    }
}
