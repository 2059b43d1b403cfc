import Dispatch
import Foundation
import Testing
import Weft

/// Apple-platform Foundation and Dispatch names that Foundation on Linux lacks.
@Suite struct FoundationCompatTests {
    @Test func nsIndexPathHasUIKitsInitializersAndAccessors() {
        let row = NSIndexPath(row: 3, section: 1)
        #expect(row.row == 3 && row.section == 1 && row.length == 2)
        let item = NSIndexPath(item: 5, section: 2)
        #expect(item.item == 5 && item.section == 2)
        #expect(NSIndexPath().row == NSNotFound && NSIndexPath(index: 4).row == NSNotFound, "a missing position reads as NSNotFound")
        #expect(row as IndexPath == IndexPath(row: 3, section: 1))
    }

    @Test func integerTypesAreSwiftsIntegers() {
        let count: NSInteger = 7
        let unsigned: NSUInteger = 7
        #expect(count == Int(7) && unsigned == UInt(7))
    }

    @Test func nanosecondsPerSecondWorksAsOnApplePlatforms() {
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && NSEC_PER_USEC == 1_000 && USEC_PER_SEC == 1_000_000)
        let start = DispatchTime(uptimeNanoseconds: 1_000)
        let later = start + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        #expect(later.uptimeNanoseconds - start.uptimeNanoseconds == NSEC_PER_SEC / 2)
    }
}
