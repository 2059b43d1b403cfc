import Foundation
import SnapshotTesting
import Weft
import WeftTesting

/// Asserts one snapshot per cell of `matrix`, each of a fresh node from `makeNode` rendered with
/// `.image(on: cell.device, traits: cell.traits)`, named as swift-snapshot-testing names a named
/// snapshot: `__Snapshots__/<TestFile>/<testName>.iPhone13-dark-extraLarge-rtl.png`. A fresh
/// node per cell, since nodes commonly build trait-dependent content in `init`. Each cell goes
/// through swift-snapshot-testing's `verifySnapshot`, so recording follows its settings
/// (`record:`, `withSnapshotTesting(record:)`, `SNAPSHOT_TESTING_RECORD`) and `snapshotDirectory`
/// means what it means there; each failing cell fails the test with its own message.
public func assertSnapshots<Node: ASDisplayNode>(
    of makeNode: () -> Node, matrix: SnapshotMatrix, size: CGSize? = nil, precision: Float = 1, perceptualPrecision: Float = 1,
    record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String? = nil, timeout: TimeInterval = 5, fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    guard MatrixAssertion.check(matrix, fileID: fileID, filePath: filePath, line: line, column: column) else { return }
    for cell in matrix.cells {
        let failure = verifySnapshot(of: cell.made(makeNode), as: .image(on: cell.device, precision: precision, perceptualPrecision: perceptualPrecision,
                                                               size: size, traits: cell.traits),
                                     named: cell.name, record: record, snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID,
                                     file: filePath, testName: testName, line: line, column: column)
        MatrixAssertion.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Asserts one snapshot per cell of `matrix`, each of a fresh controller from `makeController`
/// rendered with `.image(on: cell.device, traits: cell.traits)`; named as
/// `assertSnapshots(of:matrix:…)` for nodes names. Main-actor isolated, as controllers are.
@MainActor
public func assertSnapshots<Controller: UIViewController>(
    of makeController: @MainActor () -> Controller, matrix: SnapshotMatrix, size: CGSize? = nil, precision: Float = 1,
    perceptualPrecision: Float = 1, record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String? = nil, timeout: TimeInterval = 5,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
    column: UInt = #column
) {
    guard MatrixAssertion.check(matrix, fileID: fileID, filePath: filePath, line: line, column: column) else { return }
    for cell in matrix.cells {
        let failure = verifySnapshot(of: cell.made(makeController), as: .image(on: cell.device, precision: precision,
                                                                     perceptualPrecision: perceptualPrecision, size: size, traits: cell.traits),
                                     named: cell.name, record: record, snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID,
                                     file: filePath, testName: testName, line: line, column: column)
        MatrixAssertion.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

enum MatrixAssertion {
    /// False, with the problem reported, when the matrix cannot be rendered (`SnapshotMatrix.problem`:
    /// an empty dimension, too many cells, a name that cannot be a file, two cells named alike).
    static func check(_ matrix: SnapshotMatrix, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) -> Bool {
        guard let problem = matrix.problem else { return true }
        WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "assertSnapshots(of:matrix:)", message: problem))
        report(problem, fileID: fileID, filePath: filePath, line: line, column: column)
        return false
    }

    static func report(_ failure: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        guard let failure else { return }
        GoldenFailureReporter.report(failure, fileID: "\(fileID)", filePath: filePath, line: line, column: column)
    }
}
