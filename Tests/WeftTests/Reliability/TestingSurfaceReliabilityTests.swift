import Foundation
import Testing
import Weft
import WeftTesting

/// Accessibility walks that meet cycles, legends with huge texts, audit thresholds that would
/// switch checks off, matrices past their bound, and names that would leave the golden folder.
@Suite("Testing surface reliability")
struct TestingSurfaceReliabilityTests {
    private static func element(_ label: String, x: CGFloat = 0) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = CGRect(x: x, y: 0, width: 20, height: 20)
        node.isAccessibilityElement = true
        node.accessibilityLabel = label
        node.debugName = label
        return node
    }

    private static func root() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        root.debugName = "root"
        return root
    }

    @Test("a container listing itself and an ancestor still lists its other elements, once each, in its order")
    func cycleKeepsTheOtherElements() {
        let root = Self.root()
        let container = ASDisplayNode()
        container.frame = root.bounds
        container.debugName = "container"
        let (a, b, c) = (Self.element("A", x: 0), Self.element("B", x: 30), Self.element("C", x: 60))
        for node in [a, b, c] { container.addSubnode(node) }
        root.addSubnode(container)
        container.accessibilityElements = [c, container, a, root, b, a]
        let (elements, diagnostics) = WeftDiagnostics.collect { root.accessibilityElementsInReadingOrder() }
        #expect(elements.compactMap(\.label) == ["C", "A", "B"])
        let cycle = diagnostics.first { $0.message.contains("cycle") }
        #expect(cycle?.subject.contains("container") == true)
        #expect(cycle?.message.contains("(and 1 more like it)") == true)
        #expect(diagnostics.contains { $0.message.contains("\"A\"") && $0.message.contains("second time") })
    }

    @Test("a walk with no cycle reports nothing and keeps Texture's order")
    func plainTreeUnchanged() {
        let root = Self.root()
        root.debugName = "plain-root"
        let (a, b) = (Self.element("plain-A", x: 50), Self.element("plain-B", x: 0))
        root.addSubnode(a)
        root.addSubnode(b)
        // Matched by name: tests running beside this one report diagnostics of their own.
        let (elements, diagnostics) = WeftDiagnostics.collect(matching: "plain-") { root.accessibilityElementsInReadingOrder() }
        #expect(elements.compactMap(\.label) == ["plain-B", "plain-A"])
        #expect(diagnostics.isEmpty)
    }

    @Test("a chain of accessibilityElements deeper than the limit is cut there, reported, and freed without recursion")
    func deepExplicitChain() {
        let (count, diagnostics) = WeftDiagnostics.collect {
            let root = Self.root()
            var last = ASDisplayNode()
            root.accessibilityElements = [Self.element("first"), last]
            for _ in 0..<20_000 {
                let next = ASDisplayNode()
                last.accessibilityElements = [next]
                last = next
            }
            return root.accessibilityElementsInReadingOrder().count
        }
        #expect(count == 1)
        #expect(diagnostics.contains { $0.message.contains("WeftLimits.maximumTreeDepth (\(WeftLimits.maximumTreeDepth))") })
    }

    @Test("a NaN accessibility frame or activation point is repaired and reported")
    func nonFiniteAccessibilityGeometry() {
        let node = Self.element("A")
        let (_, diagnostics) = WeftDiagnostics.collect {
            node.accessibilityFrame = CGRect(x: CGFloat.nan, y: 1, width: -5, height: 10)
            node.accessibilityActivationPoint = CGPoint(x: 1, y: CGFloat.nan)
        }
        #expect(node.accessibilityFrame == CGRect(x: 0, y: 1, width: 0, height: 10))
        #expect(node.accessibilityActivationPoint == CGPoint(x: 0, y: 6))
        #expect(diagnostics.contains { $0.message.contains("accessibilityFrame") && $0.message.contains("nan") })
        #expect(diagnostics.contains { $0.message.contains("accessibilityActivationPoint") && $0.message.contains("nan") })
    }

    @Test("a 1 MB label is cut in the legend and the snapshot is still made, quickly")
    func hugeLabelLegend() throws {
        let root = Self.root()
        root.addSubnode(Self.element(String(repeating: "x", count: 1 << 20)))
        root.addSubnode(Self.element("Short", x: 40))
        let start = Date()
        let (bitmap, diagnostics) = try WeftDiagnostics.collect { try AccessibilitySnapshot.render(root, scale: 1) }
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(bitmap.pixelWidth > 100 && bitmap.pixelHeight > 40)
        #expect(diagnostics.contains { $0.subject == "AccessibilitySnapshot" && $0.message.contains("1048577 characters") })
        // The text form keeps the whole description.
        #expect(AccessibilitySnapshot.text(of: root).utf8.count > 1 << 20)
    }

    @Test("a legend that cannot fit a bitmap is refused before it is laid out, the count shown")
    func legendTooTall() {
        let root = Self.root()
        for index in 0..<3_000 { root.addSubnode(Self.element("\(index)")) }
        #expect(throws: AccessibilitySnapshotError.self) { try AccessibilitySnapshot.render(root, scale: 1) }
        do {
            _ = try AccessibilitySnapshot.render(root, scale: 1)
        } catch {
            #expect("\(error)".contains("3000 elements"))
        }
        #expect(throws: AccessibilitySnapshotError.invalidScale(0)) { try AccessibilitySnapshot.render(root, scale: 0) }
    }

    @Test("audit thresholds that would switch a check off are replaced by the defaults and reported")
    func auditThresholds() {
        let root = Self.root()
        let button = ASButtonNode()
        button.setTitle("Go", with: nil, with: .black, for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSubnode(button)
        var rules = AccessibilityAudit.Rules()
        rules.minimumHitTarget = CGSize(width: CGFloat.nan, height: -1)
        rules.minimumTextContrast = ContrastRatio(.nan)
        rules.minimumLargeTextContrast = ContrastRatio(40)
        let (issues, diagnostics) = WeftDiagnostics.collect { AccessibilityAudit.run(on: root, rules: rules) }
        #expect(issues.contains { if case .smallHitTarget(_, let minimum) = $0.kind { minimum == CGSize(width: 44, height: 44) } else { false } })
        let messages = diagnostics.filter { $0.subject == "AccessibilityAudit.Rules" }.map(\.message)
        #expect(messages.contains { $0.contains("minimumHitTarget.width is nan") })
        #expect(messages.contains { $0.contains("minimumHitTarget.height is -1.0") })
        #expect(messages.contains { $0.contains("minimumTextContrast is nan") })
        #expect(messages.contains { $0.contains("minimumLargeTextContrast is 40.0") && $0.contains("21.0:1 was used") })
    }

    @Test("a matrix past the limit is refused with its count and factors; its cells stop at the limit")
    func matrixBound() {
        let devices = (0..<50).map { ViewImageConfig(size: CGSize(width: 10, height: 10), name: "d\($0)") }
        let matrix = SnapshotMatrix(devices: devices, styles: [.light, .dark], contentSizes: [.large, .small, .medium],
                                    directions: [.leftToRight, .rightToLeft])
        #expect(matrix.combinationCount == 600)
        #expect(matrix.problem == nil)
        var big = matrix
        big.contentSizes = Array(repeating: .large, count: 20)
        #expect(throws: SnapshotMatrixError.tooManyCombinations(count: 4_000, factors: "50 devices × 2 styles × 20 contentSizes × 2 directions")) {
            try big.checkedCells()
        }
        #expect(big.cells.count == WeftLimits.maximumMatrixCombinations)
        #expect(SnapshotMatrix(directions: []).problem?.contains("no directions") == true)
    }

    @Test("a device name with path characters is sanitised and its golden lands inside the golden folder")
    func sanitisedDeviceNameStaysInside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(goldenDirectory: folder.appendingPathComponent("golden"), artifactsDirectory: folder.appendingPathComponent("artifacts"))
        let matrix = SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 4, height: 4), name: "../../../etc/x")], styles: [.light])
        let (cells, diagnostics) = WeftDiagnostics.collect { matrix.cells }
        #expect(cells.map(\.name) == [".._.._.._etc_x-light-large-ltr"])
        #expect(diagnostics.contains { $0.message.contains("\"../../../etc/x\"") })
        let bitmap = try Bitmap(size: CGSize(width: 4, height: 4), scale: 1)
        let result = store.verify(bitmap, file: "screen/\(cells[0].name)@1x.png", recording: .success(.missing))
        let expected = folder.appendingPathComponent("golden/screen/.._.._.._etc_x-light-large-ltr@1x.png").path
        #expect(result == .recorded(golden: expected))
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test("golden paths that could leave their folder are refused, naming the value", arguments: [
        "../x@1x.png", "/etc/passwd@1x.png", "a/../../x@1x.png", "a//b@1x.png", "./a@1x.png", "a\u{0}b@1x.png", "@1x.png",
        String(repeating: "n", count: 260) + "@1x.png",
    ])
    func refusedGoldenPaths(file: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(goldenDirectory: folder.appendingPathComponent("golden"), artifactsDirectory: folder.appendingPathComponent("artifacts"))
        let result = store.verify(try Bitmap(size: CGSize(width: 2, height: 2), scale: 1), file: file, recording: .success(.all))
        guard case .invalidName(let name, _) = result else {
            Issue.record("\(String(reflecting: file)) gave \(String(describing: result))")
            return
        }
        #expect(name == file)
        #expect(result?.description.contains(String(reflecting: file)) == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("a golden whose name starts with @ is a name like any other")
    func aNameStartingWithAtIsKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(goldenDirectory: folder.appendingPathComponent("golden"), artifactsDirectory: folder.appendingPathComponent("artifacts"))
        let expected = folder.appendingPathComponent("golden/@home@1x.png").path
        #expect(store.verify(try Bitmap(size: CGSize(width: 2, height: 2), scale: 1), file: "@home@1x.png", recording: .success(.missing))
                == .recorded(golden: expected))
    }
}

// In `UIImageNamedTests`, which is serialized, because `UIImage.searchFolders` is process-wide.
extension UIImageNamedTests {
    @Test("UIImage(named:) refuses names that leave its folders but finds subfolders")
    func refusesNamesThatLeaveTheFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images.appendingPathComponent("icons"), withIntermediateDirectories: true)
        let png = PNGEncoder().encode(try Bitmap(size: CGSize(width: 2, height: 2), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 2, height: 2), with: .red) })
        try png.write(to: folder.appendingPathComponent("outside.png"))
        try png.write(to: images.appendingPathComponent("icons/star.png"))
        let saved = UIImage.searchFolders
        defer { UIImage.searchFolders = saved }
        UIImage.searchFolders = [images]
        #expect(UIImage(named: "icons/star") != nil)
        let (image, diagnostics) = WeftDiagnostics.collect(matching: "UIImage(named:)") { UIImage(named: "../outside") }
        #expect(image == nil)
        #expect(diagnostics.contains { $0.message.contains("\"../outside\"") })
        #expect(UIImage(named: folder.appendingPathComponent("outside.png").path) == nil)
    }
}
