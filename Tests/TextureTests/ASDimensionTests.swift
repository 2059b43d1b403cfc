// Texture's Tests/ASDimensionTests.mm.
import XCTest
import Weft

final class ASDimensionTests: XCTestCase {
    func testCreatingDimensionUnitAutos() {
        // XCTAssertThrows(ASDimensionMake(.auto, 100)) is left out: see README.md.
        XCTAssertNoThrow(ASDimensionMake(.auto, 0))
        ASXCTAssertEqualDimensions(ASDimensionAuto, ASDimensionMake(""))
        ASXCTAssertEqualDimensions(ASDimensionAuto, ASDimensionMake("auto"))
    }

    func testCreatingDimensionUnitFraction() {
        XCTAssertNoThrow(ASDimensionMake(.fraction, 0.5))
        ASXCTAssertEqualDimensions(ASDimensionMake(.fraction, 0.5), ASDimensionMake("50%"))
    }

    func testCreatingDimensionUnitPoints() {
        XCTAssertNoThrow(ASDimensionMake(.points, 100))
        ASXCTAssertEqualDimensions(ASDimensionMake(.points, 100), ASDimensionMake("100pt"))
    }

    func testIntersectingOverlappingSizeRangesReturnsTheirIntersection() {
        //  range: |---------|
        //  other:      |----------|
        // result:      |----|
        let range = ASSizeRange(min: CGSize(width: 0, height: 0), max: CGSize(width: 10, height: 10))
        let other = ASSizeRange(min: CGSize(width: 7, height: 7), max: CGSize(width: 15, height: 15))
        let result = ASSizeRangeIntersect(range, other)
        let expected = ASSizeRange(min: CGSize(width: 7, height: 7), max: CGSize(width: 10, height: 10))
        XCTAssertTrue(ASSizeRangeEqualToSizeRange(result, expected), "Expected \(NSStringFromASSizeRange(expected)) but got \(NSStringFromASSizeRange(result))")
    }

    func testIntersectingSizeRangeWithRangeThatContainsItReturnsSameRange() {
        //  range:    |-----|
        //  other:  |---------|
        // result:    |-----|
        let range = ASSizeRange(min: CGSize(width: 2, height: 2), max: CGSize(width: 8, height: 8))
        let other = ASSizeRange(min: CGSize(width: 0, height: 0), max: CGSize(width: 10, height: 10))
        let result = ASSizeRangeIntersect(range, other)
        let expected = ASSizeRange(min: CGSize(width: 2, height: 2), max: CGSize(width: 8, height: 8))
        XCTAssertTrue(ASSizeRangeEqualToSizeRange(result, expected), "Expected \(NSStringFromASSizeRange(expected)) but got \(NSStringFromASSizeRange(result))")
    }

    func testIntersectingSizeRangeWithRangeContainedWithinItReturnsContainedRange() {
        //  range:  |---------|
        //  other:    |-----|
        // result:    |-----|
        let range = ASSizeRange(min: CGSize(width: 0, height: 0), max: CGSize(width: 10, height: 10))
        let other = ASSizeRange(min: CGSize(width: 2, height: 2), max: CGSize(width: 8, height: 8))
        let result = ASSizeRangeIntersect(range, other)
        let expected = ASSizeRange(min: CGSize(width: 2, height: 2), max: CGSize(width: 8, height: 8))
        XCTAssertTrue(ASSizeRangeEqualToSizeRange(result, expected), "Expected \(NSStringFromASSizeRange(expected)) but got \(NSStringFromASSizeRange(result))")
    }

    func testIntersectingSizeRangeWithNonOverlappingRangeToRightReturnsSinglePointNearestOtherRange() {
        //  range: |-----|
        //  other:          |---|
        // result:       *
        let range = ASSizeRange(min: CGSize(width: 0, height: 0), max: CGSize(width: 5, height: 5))
        let other = ASSizeRange(min: CGSize(width: 10, height: 10), max: CGSize(width: 15, height: 15))
        let result = ASSizeRangeIntersect(range, other)
        let expected = ASSizeRange(min: CGSize(width: 5, height: 5), max: CGSize(width: 5, height: 5))
        XCTAssertTrue(ASSizeRangeEqualToSizeRange(result, expected), "Expected \(NSStringFromASSizeRange(expected)) but got \(NSStringFromASSizeRange(result))")
    }

    func testIntersectingSizeRangeWithNonOverlappingRangeToLeftReturnsSinglePointNearestOtherRange() {
        //  range:          |---|
        //  other: |-----|
        // result:          *
        let range = ASSizeRange(min: CGSize(width: 10, height: 10), max: CGSize(width: 15, height: 15))
        let other = ASSizeRange(min: CGSize(width: 0, height: 0), max: CGSize(width: 5, height: 5))
        let result = ASSizeRangeIntersect(range, other)
        let expected = ASSizeRange(min: CGSize(width: 10, height: 10), max: CGSize(width: 10, height: 10))
        XCTAssertTrue(ASSizeRangeEqualToSizeRange(result, expected), "Expected \(NSStringFromASSizeRange(expected)) but got \(NSStringFromASSizeRange(result))")
    }
}
