// Texture's Tests/ASBatchFetchingTests.mm: `ASDisplayShouldFetchBatchForContext` (Texture's
// ASBatchFetching.h), called with Texture's arguments. The file's macros become the constants and
// functions below.
import Foundation
import XCTest
import Weft

private let PASSING_RECT = CGRect(x: 0, y: 0, width: 1, height: 1)
private let PASSING_SIZE = CGSize(width: 1, height: 1)
private let PASSING_POINT = CGPoint(x: 1, y: 1)
private func VERTICAL_RECT(_ h: CGFloat) -> CGRect { CGRect(x: 0, y: 0, width: 1, height: h) }
private func VERTICAL_SIZE(_ h: CGFloat) -> CGSize { CGSize(width: 0, height: h) }
private func VERTICAL_OFFSET(_ y: CGFloat) -> CGPoint { CGPoint(x: 0, y: y) }
private func HORIZONTAL_RECT(_ w: CGFloat) -> CGRect { CGRect(x: 0, y: 0, width: w, height: 1) }
private func HORIZONTAL_SIZE(_ w: CGFloat) -> CGSize { CGSize(width: w, height: 0) }
private func HORIZONTAL_OFFSET(_ x: CGFloat) -> CGPoint { CGPoint(x: x, y: 0) }

final class ASBatchFetchingTests: XCTestCase {
    func testBatchNullState() {
        let context = ASBatchContext()
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, .zero, .zero, .zero, 0.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == false, "Should not fetch in the null state")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, .zero, .zero, .zero, 0.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == false, "Should not fetch in the null state")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, .zero, .zero, .zero, 0.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == false, "Should not fetch in the null state")
    }

    func testBatchAlreadyFetching() {
        let context = ASBatchContext()
        context.beginBatchFetching()
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == false, "Should not fetch when context is already fetching")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == false, "Should not fetch when context is already fetching")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == false, "Should not fetch in the null state")
    }

    func testUnsupportedScrollDirections() {
        let context = ASBatchContext()
        let fetchRight = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, false, .zero, false, nil)
        XCTAssert(fetchRight == true, "Should fetch for scrolling right")
        let fetchDown = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, false, .zero, false, nil)
        XCTAssert(fetchDown == true, "Should fetch for scrolling down")
        let fetchUp = ASDisplayShouldFetchBatchForContext(context, .up, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, false, .zero, false, nil)
        XCTAssert(fetchUp == false, "Should not fetch for scrolling up")
        let fetchLeft = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, false, .zero, false, nil)
        XCTAssert(fetchLeft == false, "Should not fetch for scrolling left")

        // test RTL
        let fetchRightRTL = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, false, nil)
        XCTAssert(fetchRightRTL == false, "Should not fetch for scrolling right")
        let fetchDownRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, false, nil)
        XCTAssert(fetchDownRTL == true, "Should fetch for scrolling down")
        let fetchUpRTL = ASDisplayShouldFetchBatchForContext(context, .up, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, false, nil)
        XCTAssert(fetchUpRTL == false, "Should not fetch for scrolling up")
        let fetchLeftRTL = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, false, nil)
        XCTAssert(fetchLeftRTL == true, "Should fetch for scrolling left")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let fetchRightRTLFlip = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, true, nil)
        XCTAssert(fetchRightRTLFlip == false, "Should fetch for scrolling right")
        let fetchDownRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, true, nil)
        XCTAssert(fetchDownRTLFlip == true, "Should fetch for scrolling down")
        let fetchUpRTLFlip = ASDisplayShouldFetchBatchForContext(context, .up, ASScrollDirectionVerticalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, true, nil)
        XCTAssert(fetchUpRTLFlip == false, "Should not fetch for scrolling up")
        let fetchLeftRTLFlip = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, PASSING_RECT, PASSING_SIZE, PASSING_POINT, 1.0, true, true, .zero, true, nil)
        XCTAssert(fetchLeftRTLFlip == true, "Should not fetch for scrolling left")
    }

    func testVerticalScrollToExactLeading() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // scroll to 1-screen top offset, height is 1 screen, so bottom is 1 screen away from end of content
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 1.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when vertically scrolling to exactly 1 leading screen away")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 1.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when vertically scrolling to exactly 1 leading screen away")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 1.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == true, "Fetch should begin when vertically scrolling to exactly 1 leading screen away")
    }

    func testVerticalScrollToLessThanLeading() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // 3 screens of content, scroll only 1/2 of one screen
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 0.5), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == false, "Fetch should not begin when vertically scrolling less than the leading distance away")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 0.5), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == false, "Fetch should not begin when vertically scrolling less than the leading distance away")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 0.5), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == false, "Fetch should not begin when vertically scrolling less than the leading distance away")
    }

    func testVerticalScrollingPastContentSize() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // 3 screens of content, top offset to 3-screens, height 1 screen, so its 1 screen past the leading
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 3.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when vertically scrolling past the content size")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 3.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when vertically scrolling past the content size")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 3.0), VERTICAL_OFFSET(screen * 3.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == true, "Fetch should begin when vertically scrolling past the content size")
    }

    func testHorizontalScrollToExactLeading() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // scroll to 1-screen left offset, width is 1 screen, so right is 1 screen away from end of content
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionVerticalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 1.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when horizontally scrolling to exactly 1 leading screen away")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionVerticalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 1.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when horizontally scrolling to exactly 1 leading screen away")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionVerticalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 1.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == true, "Fetch should begin when horizontally scrolling to exactly 1 leading screen away")
    }

    func testHorizontalScrollToLessThanLeading() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // 3 screens of content, scroll only 1/2 of one screen
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 0.5), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == false, "Fetch should not begin when horizontally scrolling less than the leading distance away")

        // In RTL since scrolling is reversed, our remaining distance is actually our offset (0.5) which is less than our leading screen (1). So we do want to fetch
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 0.5), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when horizontally scrolling less than the leading distance away")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .left, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 0.5), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == false, "Fetch should not begin when horizontally scrolling less than the leading distance away")
    }

    func testHorizontalScrollingPastContentSize() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // 3 screens of content, left offset to 3-screens, width 1 screen, so its 1 screen past the leading
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 3.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when horizontally scrolling past the content size")

        // In RTL scrolling is reversed, our remaining distance is actually our offset (3) which is more than our leading screen (1). So we do no fetch
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 3.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == false, "Fetch not should begin when horizontally scrolling past the content size")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        // 3 screens of content, left offset to 3-screens, width 1 screen, so its 1 screen past the leading
        let shouldFetchFlipRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 3.0), HORIZONTAL_OFFSET(screen * 3.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchFlipRTL == true, "Fetch should begin when horizontally scrolling past the content size")
    }

    func testVerticalScrollingSmallContentSize() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // when the content size is < screen size, the target offset will always be 0
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 0.5), VERTICAL_OFFSET(0.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 0.5), VERTICAL_OFFSET(0.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .down, ASScrollDirectionVerticalDirections, VERTICAL_RECT(screen), VERTICAL_SIZE(screen * 0.5), VERTICAL_OFFSET(0.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")
    }

    func testHorizontalScrollingSmallContentSize() {
        let screen: CGFloat = 1.0
        let context = ASBatchContext()
        // when the content size is < screen size, the target offset will always be 0
        let shouldFetch = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 0.5), HORIZONTAL_OFFSET(0.0), 1.0, true, false, .zero, false, nil)
        XCTAssert(shouldFetch == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")

        // test RTL
        let shouldFetchRTL = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 0.5), HORIZONTAL_OFFSET(0.0), 1.0, true, true, .zero, false, nil)
        XCTAssert(shouldFetchRTL == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")

        // test RTL with a layout that automatically flips (should act the same as LTR)
        let shouldFetchRTLFlip = ASDisplayShouldFetchBatchForContext(context, .right, ASScrollDirectionHorizontalDirections, HORIZONTAL_RECT(screen), HORIZONTAL_SIZE(screen * 0.5), HORIZONTAL_OFFSET(0.0), 1.0, true, true, .zero, true, nil)
        XCTAssert(shouldFetchRTLFlip == true, "Fetch should begin when the target is 0 and the content size is smaller than the scree")
    }
}
