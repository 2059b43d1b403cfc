import Foundation
import Synchronization
import Weft
import WeftTesting

/// Accessibility trees that loop or run deep, legends too big to lay out, audit thresholds that
/// would switch checks off, matrices without bound, and names that would become paths outside
/// their folder.
enum TestingSurfaceCases {
    static let all: [HostileCase] = accessibility + snapshots + audits + matrices + goldenNames + imageNames

    // MARK: Accessibility walks

    static let accessibility: [HostileCase] = [
        HostileCase(category: .accessibility, name: "container-lists-itself") {
            let (root, container, labels) = AccessibilityTrees.container(named: "self-listing", labels: ["One", "Two"])
            container.accessibilityElements = [container] + labels
            let elements = try Expect.diagnostic(containing: "self-listing", "cycle") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One", "Two"])
        },
        HostileCase(category: .accessibility, name: "container-lists-its-ancestor") {
            let (root, container, labels) = AccessibilityTrees.container(named: "inner", labels: ["One", "Two"])
            root.debugName = "the root"
            container.accessibilityElements = labels + [root]
            let elements = try Expect.diagnostic(containing: "the root", "cycle") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One", "Two"])
        },
        HostileCase(category: .accessibility, name: "two-containers-list-each-other") {
            let (root, first, labels) = AccessibilityTrees.container(named: "first", labels: ["One"])
            let second = ASDisplayNode()
            second.debugName = "second"
            let two = AccessibilityTrees.label("Two")
            second.addSubnode(two)
            root.addSubnode(second)
            first.accessibilityElements = labels + [second]
            second.accessibilityElements = [two, first]
            let elements = try Expect.diagnostic(containing: "first", "cycle") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One", "Two"])
        },
        HostileCase(category: .accessibility, name: "node-listed-twice") {
            let (root, container, labels) = AccessibilityTrees.container(named: "twice", labels: ["One", "Two"])
            container.accessibilityElements = [labels[0], labels[0], labels[1], labels[0]]
            let elements = try Expect.diagnostic(containing: "One", "second time") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One", "Two"])
        },
        HostileCase(category: .accessibility, name: "element-of-another-tree-lists-this-one") {
            let (root, container, labels) = AccessibilityTrees.container(named: "here", labels: ["One"])
            let elsewhere = ASDisplayNode()
            elsewhere.debugName = "elsewhere"
            elsewhere.accessibilityElements = [root, AccessibilityTrees.label("Far")]
            container.accessibilityElements = labels + [elsewhere]
            let elements = try Expect.diagnostic(containing: "cycle") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One", "Far"])
        },
        HostileCase(category: .accessibility, name: "entries-that-are-not-nodes") {
            let (root, container, labels) = AccessibilityTrees.container(named: "mixed", labels: ["One"])
            let fake = FakeAccessibilityElement()
            fake.accessibilityElements = [fake, fake]
            container.accessibilityElements = [fake] + labels + ["a string"]
            let elements = try Expect.diagnostic(containing: "FakeAccessibilityElement", "not a node") { root.accessibilityElementsInReadingOrder() }
            try AccessibilityTrees.expectLabels(elements, ["One"])
        },
        HostileCase(category: .accessibility, name: "hundred-thousand-deep-containers") {
            let root = Fixture.chain(depth: 100_000)
            var node: ASDisplayNode? = root
            while let current = node {
                current.isAccessibilityContainer = true
                current.accessibilityLabel = "level"
                node = current.subnodes.first
            }
            let start = Date()
            try Expect.diagnostic(containing: "maximumTreeDepth", "1000") { _ = root.accessibilityElementsInReadingOrder() }
            try Expect.that(Date().timeIntervalSince(start) < 10 * Slowdown.factor, "the walk took \(Date().timeIntervalSince(start)) s")
        },
        HostileCase(category: .accessibility, name: "hundred-thousand-deep-explicit-lists") {
            let root = Fixture.box(CGSize(width: 40, height: 40), name: "list root")
            var last = root
            for _ in 0..<100_000 {
                let next = ASDisplayNode()
                last.accessibilityElements = [next]
                last = next
            }
            try Expect.diagnostic(containing: "maximumTreeDepth", "1000") { _ = root.accessibilityElementsInReadingOrder() }
        },
        HostileCase(category: .accessibility, name: "hundred-thousand-deep-subnodes-audit") {
            let root = Fixture.chain(depth: 100_000)
            try Expect.diagnostic(containing: "maximumTreeDepth") { _ = root.drawnNodesInPaintOrder() }
        },
        HostileCase(category: .accessibility, name: "twenty-thousand-sibling-elements") {
            let root = Fixture.box(CGSize(width: 400, height: 400), .white, name: "root")
            for index in 0..<20_000 {
                let node = AccessibilityTrees.label("e\(index)")
                node.frame = CGRect(x: CGFloat(index % 20) * 20, y: CGFloat(index / 20 % 20) * 20, width: 20, height: 20)
                root.addSubnode(node)
            }
            let start = Date()
            let count = root.accessibilityElementsInReadingOrder().count
            _ = AccessibilityAudit.run(on: root)
            let seconds = Date().timeIntervalSince(start)
            try Expect.that(count == 20_000, "\(count) elements read")
            try Expect.that(seconds < 10 * Slowdown.factor, "reading and auditing 20,000 elements took \(seconds) s")
        },
        HostileCase(category: .accessibility, name: "nan-accessibility-frame") {
            let node = AccessibilityTrees.label("Framed")
            try Expect.diagnostic(containing: "accessibilityFrame", "nan") { node.accessibilityFrame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: CGFloat.infinity) }
            try Expect.that(node.accessibilityFrame.width.isFinite && node.accessibilityFrame.height.isFinite, "kept \(node.accessibilityFrame)")
        },
        HostileCase(category: .accessibility, name: "infinite-activation-point") {
            let node = AccessibilityTrees.label("Point")
            try Expect.diagnostic(containing: "accessibilityActivationPoint", "inf") {
                node.accessibilityActivationPoint = CGPoint(x: CGFloat.infinity, y: 1)
            }
            try Expect.that(node.accessibilityActivationPoint.x.isFinite, "kept \(node.accessibilityActivationPoint)")
        },
        HostileCase(category: .accessibility, name: "huge-accessibility-frame-prints") {
            let root = Fixture.box(CGSize(width: 40, height: 40), name: "root")
            let node = AccessibilityTrees.label("Huge")
            root.addSubnode(node)
            node.accessibilityFrame = CGRect(x: 0, y: 0, width: 1e300, height: 1e300)
            let text = AccessibilitySnapshot.text(of: root)
            try Expect.that(text.contains("1e+300"), "the text form printed \(text)")
            try Expect.decodablePNG(PNGEncoder().encode(try AccessibilitySnapshot.render(root, scale: 1)), "the snapshot")
        },
    ]

    // MARK: Accessibility snapshots

    static let snapshots: [HostileCase] = [
        HostileCase(category: .accessibility, name: "one-megabyte-label-snapshot") {
            let root = Fixture.box(CGSize(width: 60, height: 40), name: "root")
            let node = AccessibilityTrees.label(String(repeating: "a", count: 1 << 20))
            root.addSubnode(node)
            let start = Date()
            let bitmap = try Expect.diagnostic(containing: "1048577 characters", "maximumLegendTextLength") {
                try AccessibilitySnapshot.render(root, scale: 1)
            }
            let seconds = Date().timeIntervalSince(start)
            try Expect.that(seconds < 5 * Slowdown.factor, "the snapshot took \(seconds) s")
            guard let bitmap else { throw HostileFailure("the snapshot was refused") }
            try Expect.decodablePNG(PNGEncoder().encode(bitmap), "the snapshot")
        },
        HostileCase(category: .accessibility, name: "snapshot-nan-scale") {
            try Expect.error(containing: "nan") { try AccessibilitySnapshot.render(AccessibilityTrees.labelled("x"), scale: .nan) }
        },
        HostileCase(category: .accessibility, name: "snapshot-negative-scale") {
            try Expect.error(containing: "-1.0") { try AccessibilitySnapshot.render(AccessibilityTrees.labelled("x"), scale: -1) }
        },
        HostileCase(category: .accessibility, name: "snapshot-infinite-scale") {
            try Expect.error(containing: "inf") { try AccessibilitySnapshot.render(AccessibilityTrees.labelled("x"), scale: .infinity) }
        },
        HostileCase(category: .accessibility, name: "snapshot-controller-nan-size") {
            let controller = ASDKViewController(node: AccessibilityTrees.labelled("x"))
            try Expect.error(containing: "nan") { try AccessibilitySnapshot.render(controller, size: CGSize(width: CGFloat.nan, height: 100), scale: 1) }
        },
        HostileCase(category: .accessibility, name: "snapshot-legend-too-tall-refused-before-layout") {
            let root = Fixture.box(CGSize(width: 100, height: 100), name: "root")
            for index in 0..<5_000 {
                let node = AccessibilityTrees.label("Item \(index)")
                node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                root.addSubnode(node)
            }
            let start = Date()
            try Expect.error(containing: "5000 elements", "\(Bitmap.maximumSide)") { try AccessibilitySnapshot.render(root, scale: 2) }
            try Expect.that(Date().timeIntervalSince(start) < 5 * Slowdown.factor, "refusing took \(Date().timeIntervalSince(start)) s")
        },
    ]

    // MARK: Audit thresholds

    static let audits: [HostileCase] = [
        HostileCase(category: .accessibility, name: "audit-nan-text-contrast") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumTextContrast = ContrastRatio(.nan)
            let issues = try Expect.diagnostic(containing: "minimumTextContrast", "nan") { AccessibilityAudit.run(on: AccessibilityTrees.faintText(size: 14), rules: rules) }
            try Expect.that(issues?.contains { "\($0)".contains("contrast") } == true, "faint text passed: \(issues ?? [])")
        },
        HostileCase(category: .accessibility, name: "audit-nan-large-text-contrast") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumLargeTextContrast = ContrastRatio(.nan)
            let issues = try Expect.diagnostic(containing: "minimumLargeTextContrast", "nan") {
                AccessibilityAudit.run(on: AccessibilityTrees.faintText(size: 24), rules: rules)
            }
            try Expect.that(issues?.contains { "\($0)".contains("contrast") } == true, "faint large text passed: \(issues ?? [])")
        },
        HostileCase(category: .accessibility, name: "audit-infinite-text-contrast") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumTextContrast = ContrastRatio(.infinity)
            try Expect.diagnostic(containing: "minimumTextContrast", "inf") { _ = AccessibilityAudit.run(on: AccessibilityTrees.faintText(size: 14), rules: rules) }
        },
        HostileCase(category: .accessibility, name: "audit-negative-text-contrast") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumTextContrast = ContrastRatio(-4.5)
            try Expect.diagnostic(containing: "minimumTextContrast", "-4.5") { _ = AccessibilityAudit.run(on: AccessibilityTrees.faintText(size: 14), rules: rules) }
        },
        HostileCase(category: .accessibility, name: "audit-nan-hit-target") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumHitTarget = CGSize(width: CGFloat.nan, height: 44)
            let issues = try Expect.diagnostic(containing: "minimumHitTarget.width", "nan") { AccessibilityAudit.run(on: AccessibilityTrees.smallButton(), rules: rules) }
            try Expect.that(issues?.contains { "\($0)".contains("hit target") } == true, "a 20 pt button passed: \(issues ?? [])")
        },
        HostileCase(category: .accessibility, name: "audit-negative-hit-target") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumHitTarget = CGSize(width: 44, height: -44)
            try Expect.diagnostic(containing: "minimumHitTarget.height", "-44") { _ = AccessibilityAudit.run(on: AccessibilityTrees.smallButton(), rules: rules) }
        },
        HostileCase(category: .accessibility, name: "audit-ten-thousand-text-nodes") {
            let root = Fixture.box(CGSize(width: 400, height: 400), .white, name: "root")
            for index in 0..<10_000 {
                let text = Fixture.text("t\(index)", width: 40)
                text.frame = CGRect(x: CGFloat(index % 10) * 40, y: CGFloat(index / 10 % 40) * 10, width: 40, height: 10)
                root.addSubnode(text)
            }
            let start = Date()
            let issues = AccessibilityAudit.run(on: root)
            let seconds = Date().timeIntervalSince(start)
            try Expect.that(seconds < 10 * Slowdown.factor, "auditing 10,000 text nodes took \(seconds) s (\(issues.count) issues)")
        },
        HostileCase(category: .accessibility, name: "audit-huge-hit-target-prints") {
            var rules = AccessibilityAudit.Rules()
            rules.minimumHitTarget = CGSize(width: 1e300, height: 1e300)
            let issues = AccessibilityAudit.run(on: AccessibilityTrees.smallButton(), rules: rules)
            try Expect.that(issues.contains { "\($0)".contains("1e+300") }, "the issue did not show the threshold: \(issues)")
        },
    ]

    // MARK: Snapshot matrices

    static let matrices: [HostileCase] = [
        HostileCase(category: .testing, name: "matrix-of-32400-combinations") {
            let devices = (0..<90).map { ViewImageConfig(size: CGSize(width: 10, height: 10), name: "device\($0)") }
            let sizes = Array(repeating: UIContentSizeCategory.large, count: 60)
            let matrix = SnapshotMatrix(devices: devices, styles: [.light, .dark, .unspecified], contentSizes: sizes,
                                        directions: [.leftToRight, .rightToLeft])
            try Expect.error(containing: "32400", "90 devices", "maximumMatrixCombinations") { try matrix.checkedCells() }
            try Expect.that(matrix.problem?.contains("32400") == true, "problem: \(matrix.problem ?? "none")")
            let cells = try Expect.diagnostic(containing: "32400") { matrix.cells }
            try Expect.that((cells?.count ?? 0) <= WeftLimits.maximumMatrixCombinations, "cells gave \(cells?.count ?? 0)")
        },
        HostileCase(category: .testing, name: "matrix-of-a-trillion-combinations") {
            let many = Array(repeating: UIContentSizeCategory.large, count: 1_000)
            let matrix = SnapshotMatrix(devices: Array(repeating: .iPhone13, count: 1_000), styles: Array(repeating: .light, count: 1_000),
                                        contentSizes: many, directions: Array(repeating: .leftToRight, count: 1_000))
            try Expect.error(containing: "1000000000000") { try matrix.checkedCells() }
        },
        HostileCase(category: .testing, name: "matrix-without-devices") {
            try Expect.error(containing: "no devices") { try SnapshotMatrix(devices: []).checkedCells() }
            try Expect.diagnostic(containing: "no devices") { _ = SnapshotMatrix(devices: []).cells }
        },
        HostileCase(category: .testing, name: "matrix-without-styles") {
            try Expect.error(containing: "no styles") { try SnapshotMatrix(styles: []).checkedCells() }
        },
        HostileCase(category: .testing, name: "device-config-named-as-a-path") {
            try Expect.diagnostic(containing: "ViewImageConfig", "../../../etc") {
                ViewImageConfig(size: CGSize(width: 10, height: 10), name: "../../../etc")
            }
        },
        HostileCase(category: .testing, name: "device-name-climbing-up") { try NameChecks.expectSanitisedDevice("../../../etc") },
        HostileCase(category: .testing, name: "device-name-absolute") { try NameChecks.expectSanitisedDevice("/etc/passwd") },
        HostileCase(category: .testing, name: "device-name-with-slash") { try NameChecks.expectSanitisedDevice("a/b") },
        HostileCase(category: .testing, name: "device-name-with-nul") { try NameChecks.expectSanitisedDevice("a\u{0}b", shown: "a\\0b") },
        HostileCase(category: .testing, name: "device-name-empty") {
            let matrix = SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 10, height: 10), name: "")])
            try Expect.error(containing: "empty name") { try matrix.checkedCells() }
        },
        HostileCase(category: .testing, name: "device-name-300-characters") {
            let name = String(repeating: "d", count: 300)
            let matrix = SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 10, height: 10), name: name)])
            try Expect.error(containing: name, "bytes") { try matrix.checkedCells() }
        },
    ]

    // MARK: Golden names

    static let goldenNames: [HostileCase] = [
        HostileCase(category: .testing, name: "golden-name-climbing-up") { try NameChecks.expectRefusedGolden("../../../etc/x") },
        HostileCase(category: .testing, name: "golden-name-absolute") { try NameChecks.expectRefusedGolden("/etc/passwd") },
        HostileCase(category: .testing, name: "golden-name-dot-dot-inside") { try NameChecks.expectRefusedGolden("a/../../x") },
        HostileCase(category: .testing, name: "golden-name-with-nul") { try NameChecks.expectRefusedGolden("a\u{0}b", shown: "a\\0b") },
        HostileCase(category: .testing, name: "golden-name-empty") { try NameChecks.expectRefusedGolden("", shown: "@1x.png") },
        HostileCase(category: .testing, name: "golden-name-300-characters") {
            try NameChecks.expectRefusedGolden(String(repeating: "g", count: 300), shown: "307 bytes")
        },
        HostileCase(category: .testing, name: "golden-text-name-climbing-up") {
            let folder = Fixture.folder()
            let store = GoldenStore(goldenDirectory: URL(fileURLWithPath: folder + "/golden"), artifactsDirectory: URL(fileURLWithPath: folder + "/artifacts"))
            let error = try Expect.diagnostic(containing: "../x.txt") { store.verifyText("text", file: "../x.txt", recording: .success(.all)) } ?? nil
            guard case .invalidName? = error else { throw HostileFailure("verifyText answered \(String(describing: error))") }
            try Expect.that(!FileManager.default.fileExists(atPath: folder + "/x.txt"), "the text golden was written outside its folder")
        },
        HostileCase(category: .testing, name: "matrix-golden-name-climbing-up") {
            let matrix = SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 4, height: 4), name: "tiny")], styles: [.light])
            let rendered = Mutex(0)
            try Expect.diagnostic(containing: "../../../etc/matrix") {
                expectGolden(of: { () -> ASDisplayNode in
                    rendered.withLock { $0 += 1 }
                    return Fixture.box(CGSize(width: 4, height: 4))
                }, matrix: matrix, named: "../../../etc/matrix", record: .all)
            }
            try Expect.that(rendered.withLock { $0 } == 0, "a refused matrix was rendered")
        },
        HostileCase(category: .testing, name: "layout-snapshot-of-deeply-nested-specs") {
            var spec: ASLayoutElement = Fixture.box(CGSize(width: 10, height: 10))
            for _ in 0..<100_000 { spec = ASInsetLayoutSpec(insets: .zero, child: spec) }
            let layout = (spec as! ASLayoutSpec).layoutThatFits(ASSizeRange(exactly: CGSize(width: 10, height: 10)))
            let text = LayoutSnapshot.text(of: layout)
            try Expect.that(text.hasPrefix("ASInsetLayoutSpec"), "the layout text began \(text.prefix(80))")
        },
        HostileCase(category: .testing, name: "golden-infinite-scale-file-name") {
            try Expect.that(GoldenStore.fileName("x", scale: .infinity) == "x@infx.png", "file name \(GoldenStore.fileName("x", scale: .infinity))")
        },
    ]

    // MARK: UIImage(named:)

    static let imageNames: [HostileCase] = [
        HostileCase(category: .testing, name: "image-named-parent-file") { try NameChecks.expectRefusedImage("../x") },
        HostileCase(category: .testing, name: "image-named-absolute-path") { try NameChecks.expectRefusedImage("/etc/hostname") },
        HostileCase(category: .testing, name: "image-named-dot-dot-inside") { try NameChecks.expectRefusedImage("a/../../x") },
        HostileCase(category: .testing, name: "image-named-nul") { try NameChecks.expectRefusedImage("x\u{0}.png", shown: "x\\0.png") },
        HostileCase(category: .testing, name: "image-named-empty") { try NameChecks.expectRefusedImage("", shown: "empty") },
    ]
}
