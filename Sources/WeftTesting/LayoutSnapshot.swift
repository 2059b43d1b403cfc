import Foundation
import Weft

/// A text form of a layout tree, one element a line, for golden files that review as a diff:
///
///     ASStackLayoutSpec  (0, 0, 320, 88)
///       ASTextNode "title"  (12, 8, 120.5, 17)
///       ! ASTextNode "title" was given the invalid size range …
///
/// Frames are in the parent's coordinates, numbers with at most two decimals; issues follow the
/// element that reported them, marked with `!`. Sendable; a pure function of the layout.
public enum LayoutSnapshot {
    public static func text(of layout: ASLayout) -> String {
        // Issues bubble up to every ancestor; each is printed once, at the deepest layout that has
        // it. A layout's descendants' issues are gathered bottom up first, without recursion, as
        // layouts nest as deep as their specs (thousands of levels).
        var order: [(layout: ASLayout, depth: Int, parent: Int?)] = []
        var stack: [(ASLayout, Int, Int?)] = [(layout, 0, nil)]
        while let (current, depth, parent) = stack.popLast() {
            order.append((current, depth, parent))
            let index = order.count - 1
            for sublayout in current.sublayouts.reversed() { stack.append((sublayout, depth + 1, index)) }
        }
        var below = Array(repeating: Set<String>(), count: order.count)
        for index in order.indices.reversed() {
            guard let parent = order[index].parent else { continue }
            below[parent].formUnion(below[index])
            below[parent].formUnion(order[index].layout.issues.map(\.description))
        }
        var lines: [String] = []
        var reported = Set<String>()
        for (index, entry) in order.enumerated() {
            let indent = String(repeating: "  ", count: entry.depth)
            let f = entry.layout.frame
            lines.append("\(indent)\(name(of: entry.layout))  (\(number(f.minX)), \(number(f.minY)), \(number(f.width)), \(number(f.height)))")
            for issue in entry.layout.issues.map(\.description) where !below[index].contains(issue) && reported.insert(issue).inserted {
                lines.append("\(indent)! \(issue)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// At most two decimals, no trailing zeros; a value Int cannot hold (huge, infinite, NaN) as `%g`.
    static func number(_ value: CGFloat) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%g", Double(value)) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", Double(rounded))
    }

    static func name(of layout: ASLayout) -> String {
        // A layout holds its node weakly; the snapshot is taken while the tree is alive.
        guard let element = layout.layoutElement else { return "(a node that no longer exists)" }
        let type = String(describing: Swift.type(of: element))
        if let name = element.debugName, !name.isEmpty { return "\(type) \"\(name)\"" }
        return type
    }
}

/// Lays `node` out in `size` (exactly) and compares the text of its layout tree with the golden
/// `<name>.layout.txt`; see `expectGolden(_:named:…)` for naming and recording. A failure shows
/// the first lines that differ.
public func expectLayoutGolden(_ node: ASDisplayNode, size: CGSize, named name: String? = nil, variant: String? = nil,
                               record: GoldenRecording? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                               function: String = #function, line: UInt = #line, column: UInt = #column) {
    expectLayoutGolden(node, in: ASSizeRange(exactly: size), named: name, variant: variant, record: record, fileID: fileID,
                       filePath: filePath, function: function, line: line, column: column)
}

/// Lays `node` out within `range` and compares the text of its layout tree with its golden.
public func expectLayoutGolden(_ node: ASDisplayNode, in range: ASSizeRange, named name: String? = nil, variant: String? = nil,
                               record: GoldenRecording? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                               function: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = GoldenLocation(name: name, variant: variant, filePath: "\(filePath)", function: function)
    let text = LayoutSnapshot.text(of: node.layoutThatFits(range))
    if let failure = location.store.verifyText(text, file: location.name + ".layout.txt", recording: GoldenConfiguration.recording(record)) {
        GoldenFailureReporter.report(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
