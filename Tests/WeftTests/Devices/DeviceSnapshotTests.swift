import Foundation
import SnapshotTesting
import Testing
import Weft
import WeftSnapshotTesting
import WeftTesting

/// swift-snapshot-testing's API over nodes and controllers on devices: `.image(on:…)`,
/// recording through its settings, node attribution, per-assertion render errors, the matrix.
@Suite struct DeviceSnapshotTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("weft-device-\(UUID().uuidString)").path
    }

    /// A small screen, so that goldens stay tiny.
    static let tiny = ViewImageConfig(size: CGSize(width: 20, height: 10), traits: .init(displayScale: 1), name: "tiny")

    /// White in light mode, black in dark: its colour comes from its traits, as an app's does.
    final class StyledNode: ASDisplayNode {
        override init() {
            super.init()
            backgroundColor = .white
        }

        override func asyncTraitCollectionDidChange(withPreviousTraitCollection previousTraitCollection: ASPrimitiveTraitCollection) {
            super.asyncTraitCollectionDidChange(withPreviousTraitCollection: previousTraitCollection)
            backgroundColor = primitiveTraitCollection().userInterfaceStyle == .dark ? .black : .white
        }
    }

    @Test func recordsThroughSwiftSnapshotTestingsSettingThenCompares() throws {
        let folder = Self.directory()
        let node = StyledNode()
        let recorded = withSnapshotTesting(record: .all) {
            verifySnapshot(of: node, as: .image(on: Self.tiny), named: "styled", snapshotDirectory: folder)
        }
        #expect(recorded?.contains("Record mode is on") == true, "\(String(describing: recorded))")
        let png = try #require(FileManager.default.contents(atPath: folder + "/recordsThroughSwiftSnapshotTestingsSettingThenCompares.styled.png"))
        let bitmap = try UIImage(decoding: png).bitmap
        #expect(bitmap.pixelWidth == 20 && bitmap.pixelHeight == 10)
        let matched = withSnapshotTesting(record: .never) {
            verifySnapshot(of: StyledNode(), as: .image(on: Self.tiny), named: "styled", snapshotDirectory: folder)
        }
        #expect(matched == nil, "\(String(describing: matched))")
        let dark = withSnapshotTesting(record: .never) {
            verifySnapshot(of: StyledNode(), as: .image(on: Self.tiny, traits: .init(userInterfaceStyle: .dark)), named: "styled",
                           snapshotDirectory: folder)
        }
        #expect(dark?.contains("200 of 200 pixels differ") == true, "\(String(describing: dark))")
    }

    @Test func aNodeRendersAtTheSizeAsked() throws {
        let folder = Self.directory()
        _ = verifySnapshot(of: StyledNode(), as: .image(size: CGSize(width: 7, height: 3), traits: .init(displayScale: 2)), named: "sized",
                           record: .missing, snapshotDirectory: folder)
        let png = try #require(FileManager.default.contents(atPath: folder + "/aNodeRendersAtTheSizeAsked.sized.png"))
        let bitmap = try UIImage(decoding: png).bitmap
        #expect(bitmap.pixelWidth == 14 && bitmap.pixelHeight == 6)
    }

    @Test func aMismatchNamesTheNodeWhoseAreaDiffers() throws {
        let folder = Self.directory()
        func make(_ color: UIColor) -> ASDisplayNode {
            let root = TestSupport.box(CGRect(x: 0, y: 0, width: 20, height: 10), .white)
            let title = TestSupport.box(CGRect(x: 0, y: 0, width: 5, height: 5), color)
            title.debugName = "title"
            root.addSubnode(title)
            return root
        }
        _ = verifySnapshot(of: make(.red), as: .image(traits: .init(displayScale: 1)), named: "n", record: .missing, snapshotDirectory: folder)
        let failure = verifySnapshot(of: make(.blue), as: .image(traits: .init(displayScale: 1)), named: "n", record: .never,
                                     snapshotDirectory: folder)
        #expect(failure?.contains("25 of 200 pixels differ") == true, "\(String(describing: failure))")
        #expect(failure?.contains("ASDisplayNode \"title\": 25 px differ") == true, "\(String(describing: failure))")
    }

    @Test func aRenderErrorFailsOnlyItsOwnAssertionUnderConcurrency() async throws {
        let folder = Self.directory()
        let good = TestSupport.box(CGRect(x: 0, y: 0, width: 4, height: 4), .red)
        _ = verifySnapshot(of: good, as: .image(traits: .init(displayScale: 1)), named: "good", record: .missing, snapshotDirectory: folder, testName: "concurrent")
        _ = verifySnapshot(of: good, as: .image(traits: .init(displayScale: 1)), named: "bad", record: .missing, snapshotDirectory: folder, testName: "concurrent")
        let results = await withTaskGroup(of: (Bool, String?).self) { group in
            for index in 0..<16 {
                let failing = index % 2 == 0
                group.addTask {
                    // A node too large to draw fails to render; the other renders normally.
                    let node = TestSupport.box(CGRect(x: 0, y: 0, width: failing ? 1e6 : 4, height: failing ? 1e6 : 4), .red)
                    return (failing, verifySnapshot(of: node, as: .image(traits: .init(displayScale: 1)), named: failing ? "bad" : "good",
                                                    record: .never, snapshotDirectory: folder, testName: "concurrent"))
                }
            }
            var all: [(Bool, String?)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for (failing, message) in results {
            if failing {
                #expect(message?.contains("could not render ASDisplayNode") == true, "\(String(describing: message))")
            } else {
                #expect(message == nil, "\(String(describing: message))")
            }
        }
    }

    @Test func aRenderErrorWhileRecordingIsReportedAndWritesNoPicture() throws {
        let folder = Self.directory()
        let huge = TestSupport.box(CGRect(x: 0, y: 0, width: 1e6, height: 1e6), .red)
        withKnownIssue("the render error is reported as well as the recording") {
            _ = verifySnapshot(of: huge, as: .image(traits: .init(displayScale: 1)), named: "huge", record: .all, snapshotDirectory: folder)
        }
        let written = FileManager.default.contents(atPath: folder + "/aRenderErrorWhileRecordingIsReportedAndWritesNoPicture.huge.png")
        #expect(written?.isEmpty == true)
        let next = verifySnapshot(of: TestSupport.box(CGRect(x: 0, y: 0, width: 2, height: 2), .red), as: .image(traits: .init(displayScale: 1)),
                                  named: "huge", record: .never, snapshotDirectory: folder)
        #expect(next?.contains("the reference is not a PNG image: it is empty") == true, "\(String(describing: next))")
    }

    @Test func theMatrixNamesEachCellByItsParametersAndAppliesItsTraits() throws {
        let folder = Self.directory()
        let wide = ViewImageConfig(size: CGSize(width: 30, height: 10), traits: .init(displayScale: 1), name: "wide")
        let matrix = SnapshotMatrix(devices: [Self.tiny, wide], styles: [.light, .dark], contentSizes: [.extraLarge],
                                    directions: [.leftToRight, .rightToLeft])
        withKnownIssue("recording fails each cell once, by design") {
            assertSnapshots(of: { StyledNode() }, matrix: matrix, record: .missing, snapshotDirectory: folder)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let test = "theMatrixNamesEachCellByItsParametersAndAppliesItsTraits"
        #expect(files == [
            "\(test).tiny-dark-extraLarge-ltr.png", "\(test).tiny-dark-extraLarge-rtl.png",
            "\(test).tiny-light-extraLarge-ltr.png", "\(test).tiny-light-extraLarge-rtl.png",
            "\(test).wide-dark-extraLarge-ltr.png", "\(test).wide-dark-extraLarge-rtl.png",
            "\(test).wide-light-extraLarge-ltr.png", "\(test).wide-light-extraLarge-rtl.png",
        ], "\(files)")
        func bitmap(_ cell: String) throws -> Bitmap {
            try UIImage(decoding: try #require(FileManager.default.contents(atPath: "\(folder)/\(test).\(cell).png"))).bitmap
        }
        #expect(try bitmap("tiny-light-extraLarge-ltr").pixel(x: 1, y: 1) == 0xFFFF_FFFF)
        #expect(try bitmap("tiny-dark-extraLarge-ltr").pixel(x: 1, y: 1) == 0xFF00_0000)
        #expect(try bitmap("wide-dark-extraLarge-rtl").pixelWidth == 30)
        // Every cell now matches its recording.
        assertSnapshots(of: { StyledNode() }, matrix: matrix, record: .never, snapshotDirectory: folder)
    }

    @Test func aMatrixWithAnEmptyDimensionOrRepeatedNamesSaysSo() {
        #expect(SnapshotMatrix(styles: []).problem == "the matrix has no styles: give at least one")
        #expect(SnapshotMatrix(devices: [Self.tiny, Self.tiny]).problem?.contains("\"tiny-light-large-ltr\"") == true)
        #expect(SnapshotMatrix(devices: [.iPhone13, .iPhone13Pro, .iPadPro11(.portrait)]).problem == nil)
        #expect(SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 20, height: 10))]).cells.first?.name == "custom-20x10-light-large-ltr")
    }

    @Test func expectGoldenRendersTheMatrixIntoNamedGoldens() throws {
        let area = "tmp-device-tests-\(UUID().uuidString)"
        let store = GoldenStore(packageContaining: #filePath)
        defer {
            try? FileManager.default.removeItem(at: store.goldenDirectory.appendingPathComponent(area))
            try? FileManager.default.removeItem(at: store.artifactsDirectory.appendingPathComponent(area))
        }
        let matrix = SnapshotMatrix(devices: [Self.tiny], styles: [.light, .dark])
        withKnownIssue("recording fails the test once, by design") {
            expectGolden(of: { StyledNode() }, matrix: matrix, named: "\(area)/Styled", record: .all)
        }
        let folder = store.goldenDirectory.appendingPathComponent("\(area)/Styled")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["tiny-dark-large-ltr@1x.png", "tiny-light-large-ltr@1x.png"], "\(files)")
        expectGolden(of: { StyledNode() }, matrix: matrix, named: "\(area)/Styled", record: .never)
        withKnownIssue("a light node against the dark golden differs") {
            expectGolden(StyledNode(), on: Self.tiny, named: "\(area)/Styled/tiny-dark-large-ltr", record: .never)
        }
    }
}

/// Controllers through the same strategies, from the main actor as UIKit code runs.
@MainActor
@Suite struct ControllerSnapshotTests {
    final class Screen: ASDKViewController<ASDisplayNode> {
        let content = ASDisplayNode()

        override init() {
            super.init(node: ASDisplayNode())
            content.backgroundColor = .red
            content.debugName = "content"
            node.backgroundColor = .white
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = { [content] node, _ in ASInsetLayoutSpec(insets: node.safeAreaInsets, child: content) }
        }

        required init?(coder: NSCoder) { nil }
    }

    @Test func aControllerSubclassSnapshotsOnADevice() throws {
        let folder = DeviceSnapshotTests.directory()
        let recorded = verifySnapshot(of: Screen(), as: .image(on: .iPhoneX, traits: .init(displayScale: 1)), named: "x", record: .missing,
                                      snapshotDirectory: folder)
        #expect(recorded != nil)
        let png = try #require(FileManager.default.contents(atPath: folder + "/aControllerSubclassSnapshotsOnADevice.x.png"))
        let bitmap = try UIImage(decoding: png).bitmap
        #expect(bitmap.pixelWidth == 375 && bitmap.pixelHeight == 812)
        #expect(bitmap.pixel(x: 5, y: 43) == 0xFFFF_FFFF && bitmap.pixel(x: 5, y: 44) == 0xFFFF_0000)
        #expect(verifySnapshot(of: Screen(), as: .image(on: .iPhoneX, traits: .init(displayScale: 1)), named: "x", record: .never,
                               snapshotDirectory: folder) == nil)
        // A size given overrides the device's.
        let resized = verifySnapshot(of: Screen(), as: .image(on: .iPhoneX, size: CGSize(width: 375, height: 400), traits: .init(displayScale: 1)),
                                     named: "x", record: .never, snapshotDirectory: folder)
        #expect(resized?.contains("size 375×400 differs from the reference's 375×812") == true, "\(String(describing: resized))")
        // A mismatch names the node whose area differs.
        let other = Screen()
        other.content.backgroundColor = .blue
        let failure = verifySnapshot(of: other, as: .image(on: .iPhoneX, traits: .init(displayScale: 1)), named: "x", record: .never,
                                     snapshotDirectory: folder)
        #expect(failure?.contains("ASDisplayNode \"content\": \(375 * (812 - 44 - 34)) px differ") == true, "\(String(describing: failure))")
    }

    @Test func assertSnapshotTypeChecksAsOnIOS() {
        // Compile-only: the calls Texture apps' iOS snapshot tests make.
        let calls: [@MainActor () -> Void] = [
            { assertSnapshot(of: Screen(), as: .image(on: .iPhone13, traits: .init(userInterfaceStyle: .dark))) },
            { assertSnapshot(of: Screen(), as: .image(on: .iPhone13(.landscape), precision: 0.99, perceptualPrecision: 0.98)) },
            { assertSnapshot(of: Screen() as UIViewController, as: .image(on: .iPadPro11(.portrait(splitView: .oneThird)))) },
            { assertSnapshot(of: ASDisplayNode(), as: .image(size: CGSize(width: 10, height: 10))) },
        ]
        #expect(calls.count == 4)
    }

    @Test func aControllerMatrixNamesItsSnapshots() throws {
        let folder = DeviceSnapshotTests.directory()
        let matrix = SnapshotMatrix(devices: [.iPhoneSe], styles: [.dark], traits: .init(displayScale: 1))
        withKnownIssue("recording fails once, by design") {
            assertSnapshots(of: { Screen() }, matrix: matrix, snapshotDirectory: folder)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files == ["aControllerMatrixNamesItsSnapshots.iPhoneSe-dark-large-ltr.png"], "\(files)")
        assertSnapshots(of: { Screen() }, matrix: matrix, record: .never, snapshotDirectory: folder)
    }
}
