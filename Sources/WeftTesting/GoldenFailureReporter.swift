import Foundation
import Testing
import XCTest

/// Reports a golden failure to whichever test library is running the test, decided at run time:
/// Swift Testing when a Swift Testing test is current, XCTest otherwise. Either way the test fails.
/// Public for other snapshot libraries (WeftSnapshotTesting). Stateless; use from any context.
public enum GoldenFailureReporter {
    /// Fails the current test with `message`, located at the given source position.
    public static func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
