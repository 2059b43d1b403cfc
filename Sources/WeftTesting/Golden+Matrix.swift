import Foundation
import Weft

/// Renders a fresh node from `makeNode` for each cell of `matrix` on the cell's device with its
/// traits (see `expectGolden(_:on:…)`) and compares each with its own golden,
/// `<name>/<cell>@<scale>x.png`: under `golden/` for an explicit `name`, else
/// `__Goldens__/<TestFile>/<test>/iPhone13-dark-large-ltr@3x.png` beside the test. A fresh node
/// per cell, because nodes commonly build trait-dependent content (text, colours) in `init`.
public func expectGolden<Node: ASDisplayNode>(of makeNode: () -> Node, matrix: SnapshotMatrix, size: CGSize? = nil, named name: String? = nil,
                                             record: GoldenRecording? = nil, precision: Double? = nil, perceptualPrecision: Double? = nil,
                                             fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
                                             line: UInt = #line, column: UInt = #column) {
    MatrixGolden.run(matrix, named: name, record: record, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID,
                     filePath: filePath, function: function, line: line, column: column) { cell in
        let node = cell.made(makeNode)
        return (try node.renderBitmap(on: cell.device, size: size, traits: cell.traits), NodeAttribution(subject: node))
    }
}

/// Renders a fresh controller from `makeController` for each cell of `matrix`, as
/// `expectGolden(_:on:…)` renders a controller, and compares each with its own golden; named
/// as `expectGolden(of:matrix:…)` for nodes names.
@MainActor
public func expectGolden<Controller: UIViewController>(of makeController: @MainActor () -> Controller, matrix: SnapshotMatrix, size: CGSize? = nil,
                                                      named name: String? = nil, record: GoldenRecording? = nil, precision: Double? = nil,
                                                      perceptualPrecision: Double? = nil, fileID: String = #fileID,
                                                      filePath: StaticString = #filePath, function: String = #function,
                                                      line: UInt = #line, column: UInt = #column) {
    MatrixGolden.run(matrix, named: name, record: record, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID,
                     filePath: filePath, function: function, line: line, column: column) { cell in
        let controller = cell.made(makeController)
        return (try controller.renderBitmap(on: cell.device, size: size, traits: cell.traits), DeviceGolden.attribution(of: controller))
    }
}

enum MatrixGolden {
    static func run(_ matrix: SnapshotMatrix, named name: String?, record: GoldenRecording?, precision: Double?, perceptualPrecision: Double?,
                    fileID: String, filePath: StaticString, function: String, line: UInt, column: UInt,
                    render: (SnapshotMatrix.Cell) throws -> (Bitmap, NodeAttribution?)) {
        if let problem = matrix.problem {
            WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "expectGolden(of:matrix:)", message: problem))
            GoldenFailureReporter.report(problem, fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let base = GoldenLocation(name: name, variant: nil, filePath: "\(filePath)", function: function)
        if let refused = base.store.refusal(of: base.name) {
            GoldenFailureReporter.report(refused.description, fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let tolerance = GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)
        for cell in matrix.cells {
            let location = GoldenLocation(name: base.name + "/" + cell.name, store: base.store)
            let scale = ViewImageConfig.scale(for: cell.device.traits(overriddenBy: cell.traits))
            if let failure = DeviceGolden.verify(at: location, scale: scale, record: record, tolerance: tolerance, render: { try render(cell) }) {
                GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
            }
        }
    }
}
