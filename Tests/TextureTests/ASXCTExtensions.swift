// Texture's Tests/Common/ASXCTExtensions.h: assertions that compare values by their string forms,
// so a failure shows both values as Texture writes them; and the tests' shared `executeOffThread`.
import XCTest
import Weft

func ASXCTAssertEqualSizes(_ s0: CGSize, _ s1: CGSize, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual("{\(s0.width), \(s0.height)}", "{\(s1.width), \(s1.height)}", message, file: file, line: line)
}

func ASXCTAssertEqualDimensions(_ d0: ASDimension, _ d1: ASDimension, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(NSStringFromASDimension(d0), NSStringFromASDimension(d1), message, file: file, line: line)
}

func ASXCTAssertEqualSizeRanges(_ r0: ASSizeRange, _ r1: ASSizeRange, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(NSStringFromASSizeRange(r0), NSStringFromASSizeRange(r1), message, file: file, line: line)
}

func ASXCTAssertEqualPoints(_ p0: CGPoint, _ p1: CGPoint, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual("{\(p0.x), \(p0.y)}", "{\(p1.x), \(p1.y)}", message, file: file, line: line)
}

func ASXCTAssertEqualRects(_ r0: CGRect, _ r1: CGRect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual("{{\(r0.origin.x), \(r0.origin.y)}, {\(r0.size.width), \(r0.size.height)}}",
                   "{{\(r1.origin.x), \(r1.origin.y)}, {\(r1.size.width), \(r1.size.height)}}", message, file: file, line: line)
}

extension XCTestCase {
    /// Texture's ASDisplayNodeTests `executeOffThread:`: runs `block` on another thread and waits for it.
    func executeOffThread(_ block: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            block()
            done.signal()
        }.start()
        done.wait()
    }
}
