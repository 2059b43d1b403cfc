import Foundation
import Weft

/// Renders `node` at each of `scales` and fails the test for every golden that does not match.
///
/// Works from Swift Testing and from XCTest (detected at run time) with only `import WeftTesting`.
/// A collection node is composited with its cells at its `contentOffset`.
/// - `named`: the golden's path under the package's `golden/` folder, without scale or extension
///   (`"nodes/ASTextNode/korean"` → `golden/nodes/ASTextNode/korean@2x.png`). When nil, the name
///   comes from the test: `__Goldens__/<TestFile>/<testFunction>[-<variant>]@<scale>x.png` beside
///   the test file.
/// - `record`: see `GoldenRecording`; nil uses the scope's (`GoldenConfiguration`) or `WEFT_RECORD`.
/// - `precision`, `perceptualPrecision`: see `GoldenTolerance`; exact by default.
/// The failure message names the numbers found and where the reference, failure and difference
/// images were written.
public func expectGolden(_ node: ASDisplayNode, named name: String? = nil, variant: String? = nil, scales: [CGFloat] = [1, 2],
                         record: GoldenRecording? = nil, precision: Double? = nil, perceptualPrecision: Double? = nil,
                         fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant, filePath: "\(filePath)", function: function)
    let tolerance = GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)
    for scale in scales {
        if let failure = location.store.verify(node, named: location.name, scale: scale, recording: GoldenConfiguration.recording(record),
                                               tolerance: tolerance) {
            GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}

/// Compares a collection's frame at `offset` with its golden; see `expectGolden(_:named:…)`.
public func expectGolden(_ collectionNode: ASCollectionNode, at offset: CGPoint, named name: String? = nil, variant: String? = nil,
                         scales: [CGFloat] = [1, 2], record: GoldenRecording? = nil, precision: Double? = nil,
                         perceptualPrecision: Double? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    collectionNode.contentOffset = offset
    // A name from the test tells offsets apart by a variant; an explicit name is used as given.
    expectGolden(collectionNode as ASDisplayNode, named: name, variant: variant ?? (name == nil ? GoldenLocation.offsetVariant(offset) : nil), scales: scales,
                 record: record, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID, filePath: filePath,
                 function: function, line: line, column: column)
}

/// Compares every `every`-th frame of `sequence` over `collectionNode` with its golden, named
/// `<name>/frame-<index>` (1-based, as the frame files are). Every frame is rendered, in order, so
/// the sequence's scripted edits and their animations show as in `writeFrames` (a sequence with
/// edits must be compared from the main thread, a `@MainActor` test).
public func expectGolden(_ sequence: FrameSequence, of collectionNode: ASCollectionNode, every step: Int = 1, named name: String? = nil,
                         scale: CGFloat = 2, record: GoldenRecording? = nil, precision: Double? = nil, perceptualPrecision: Double? = nil,
                         fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
                         line: UInt = #line, column: UInt = #column) {
    guard step > 0 else {
        GoldenFailureReporter.report("every: must be 1 or more, not \(step)", fileID: fileID, filePath: filePath, line: line, column: column)
        return
    }
    let base = GoldenLocation(name: name, variant: nil, filePath: "\(filePath)", function: function)
    let tolerance = GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)
    do {
        try collectionNode.renderFrames(sequence, scale: scale) { index, bitmap in
            guard index % step == 0 else { return }
            let location = GoldenLocation(name: base.name + String(format: "/frame-%05d", index + 1), store: base.store)
            if let failure = location.store.verify(bitmap, file: GoldenStore.fileName(location.name, scale: scale),
                                                   recording: GoldenConfiguration.recording(record), tolerance: tolerance,
                                                   attribution: NodeAttribution(subject: collectionNode)) {
                GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
            }
        }
    } catch {
        GoldenFailureReporter.report("could not render the frames of \(base.name): \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Compares a bitmap you rendered yourself with its golden (at the bitmap's own scale).
public func expectGolden(_ bitmap: Bitmap, named name: String? = nil, variant: String? = nil, record: GoldenRecording? = nil,
                         precision: Double? = nil, perceptualPrecision: Double? = nil, fileID: String = #fileID,
                         filePath: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant, filePath: "\(filePath)", function: function)
    if let failure = location.store.verify(bitmap, file: GoldenStore.fileName(location.name, scale: bitmap.scale),
                                           recording: GoldenConfiguration.recording(record),
                                           tolerance: GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)) {
        GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Where a golden lives: an explicit name under the package's `golden/`, or a name taken from the
/// test under `__Goldens__/` beside the test file.
struct GoldenLocation {
    let name: String
    let store: GoldenStore

    init(name: String, store: GoldenStore) {
        self.name = name
        self.store = store
    }

    init(name explicit: String?, variant: String?, filePath: String, function: String) {
        // A variant fills part of one file name: sanitised (and reported), never a path.
        let variant = variant.map { GoldenName.component($0, what: "variant") }
        if let explicit {
            self.init(name: explicit + (variant.map { "-\($0)" } ?? ""), store: GoldenStore(packageContaining: filePath))
            return
        }
        let file = URL(fileURLWithPath: filePath)
        let folder = file.deletingLastPathComponent().appendingPathComponent("__Goldens__")
        let testFile = file.deletingPathExtension().lastPathComponent
        let package = GoldenStore(packageContaining: filePath)
        self.init(name: "\(testFile)/\(GoldenName.sanitized(function))" + (variant.map { "-\($0)" } ?? ""),
                  store: GoldenStore(goldenDirectory: folder, artifactsDirectory: package.artifactsDirectory))
    }

    static func offsetVariant(_ offset: CGPoint) -> String {
        // Int() of an infinite or huge offset would trap; those print as Swift prints them.
        func text(_ value: CGFloat) -> String {
            value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(format: "%04d", Int(value)) : String(describing: value)
        }
        return offset.x == 0 ? "offset-\(text(offset.y))" : "offset-\(text(offset.x))x\(text(offset.y))"
    }

    /// The call's tolerance where it gives one, else the scope's, else exact.
    static func tolerance(precision: Double?, perceptualPrecision: Double?) -> GoldenTolerance {
        var tolerance = GoldenConfiguration.current.tolerance ?? .exact
        if let precision { tolerance.precision = precision }
        if let perceptualPrecision { tolerance.perceptualPrecision = perceptualPrecision }
        return tolerance
    }
}

/// Compares a collection's frame scrolled so `indexPath` sits at `position` with its golden
/// (variant `item-<section>-<item>`); see `expectGolden(_:named:…)`.
public func expectGolden(_ collectionNode: ASCollectionNode, showing indexPath: IndexPath, at position: UICollectionView.ScrollPosition = .top,
                         named name: String? = nil, scales: [CGFloat] = [1, 2], record: GoldenRecording? = nil, precision: Double? = nil,
                         perceptualPrecision: Double? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    do {
        collectionNode.contentOffset = try collectionNode.offset(toShow: indexPath, at: position)
    } catch {
        GoldenFailureReporter.report("cannot show item \(indexPath) of the collection: \(error)", fileID: fileID, filePath: filePath,
                                     line: line, column: column)
        return
    }
    expectGolden(collectionNode as ASDisplayNode, named: name, variant: name == nil ? "item-\(indexPath.section)-\(indexPath.item)" : nil, scales: scales,
                 record: record, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID, filePath: filePath,
                 function: function, line: line, column: column)
}

/// Renders a view controller at a screen `size` (loading its view and running its layout
/// callbacks first, see `ASDKViewController.renderBitmap(size:scale:)`) and compares it with its
/// golden at each of `scales`; see `expectGolden(_:named:…)` for naming, recording and tolerance.
@MainActor
public func expectGolden<Node: ASDisplayNode>(_ controller: ASDKViewController<Node>, size: CGSize, named name: String? = nil,
                                              variant: String? = nil, scales: [CGFloat] = [1, 2], record: GoldenRecording? = nil,
                                              precision: Double? = nil, perceptualPrecision: Double? = nil, fileID: String = #fileID,
                                              filePath: StaticString = #filePath, function: String = #function, line: UInt = #line,
                                              column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant, filePath: "\(filePath)", function: function)
    let tolerance = GoldenLocation.tolerance(precision: precision, perceptualPrecision: perceptualPrecision)
    for scale in scales {
        let file = GoldenStore.fileName(location.name, scale: scale)
        if let refused = location.store.refusal(of: file) {
            GoldenFailureReporter.report(refused.description, fileID: fileID, filePath: filePath, line: line, column: column)
            continue
        }
        let failure: GoldenError?
        do {
            let bitmap = try controller.renderBitmap(size: size, scale: scale)
            failure = location.store.verify(bitmap, file: file, recording: GoldenConfiguration.recording(record), tolerance: tolerance,
                                            attribution: NodeAttribution(subject: controller.node))
        } catch {
            failure = .renderFailed(golden: location.store.goldenDirectory.appendingPathComponent(file).path, reason: "\(error)")
        }
        if let failure { GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column) }
    }
}

/// Compares a table's frame scrolled so the row at `indexPath` sits at `position` with its golden
/// (variant `row-<section>-<row>` when the name comes from the test).
public func expectGolden(_ tableNode: ASTableNode, showing indexPath: IndexPath, at position: UITableView.ScrollPosition = .top,
                         named name: String? = nil, scales: [CGFloat] = [1, 2], record: GoldenRecording? = nil, precision: Double? = nil,
                         perceptualPrecision: Double? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                         function: String = #function, line: UInt = #line, column: UInt = #column) {
    do {
        try tableNode.scrollToRowChecked(at: indexPath, at: position, animated: false)
    } catch {
        GoldenFailureReporter.report("cannot show row \(indexPath) of the table: \(error)", fileID: fileID, filePath: filePath,
                                     line: line, column: column)
        return
    }
    expectGolden(tableNode as ASDisplayNode, named: name, variant: name == nil ? "row-\(indexPath.section)-\(indexPath.row)" : nil,
                 scales: scales, record: record, precision: precision, perceptualPrecision: perceptualPrecision, fileID: fileID,
                 filePath: filePath, function: function, line: line, column: column)
}
