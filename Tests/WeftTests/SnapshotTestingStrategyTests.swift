import Foundation
import SnapshotTesting
import Testing
import Weft
import WeftSnapshotTesting

/// `.image` and `.weftLayout` through swift-snapshot-testing's own record and diff machinery.
@Suite struct SnapshotTestingStrategyTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("weft-sst-\(UUID().uuidString)").path
    }

    @Test func imagesRecordMatchAndFail() throws {
        let folder = Self.directory()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        let recorded = verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .missing, snapshotDirectory: folder)
        #expect(recorded?.contains("Record mode is on") == true || recorded?.contains("recorded") == true, "\(String(describing: recorded))")
        let png = try #require(FileManager.default.contents(atPath: folder + "/imagesRecordMatchAndFail.box.png"))
        #expect(try UIImage(decoding: png).bitmap.pixelWidth == 20)
        #expect(verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .never, snapshotDirectory: folder) == nil)
        node.addSubnode(TestSupport.box(CGRect(x: 0, y: 0, width: 1, height: 1), .blue))
        let failure = verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("4 of 400 pixels differ") == true, "\(String(describing: failure))")
        #expect(verifySnapshot(of: node, as: .image(precision: 0.99, traits: .init(displayScale: 2)), named: "box", record: .never, snapshotDirectory: folder) == nil)
    }

    /// A reference Weft's snapshot encoder did not write (another encoder's filters here) cannot be
    /// checked without decoding; it is decoded and compared as before. A damaged one is reported.
    @Test func referencesFromOtherEncodersAreDecodedAndCompared() throws {
        let folder = Self.directory()
        let node = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        node.addSubnode(TestSupport.box(CGRect(x: 2, y: 3, width: 4, height: 5), UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        _ = verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .missing, snapshotDirectory: folder)
        let path = folder + "/referencesFromOtherEncodersAreDecodedAndCompared.box.png"
        let recorded = try UIImage(decoding: try #require(FileManager.default.contents(atPath: path))).bitmap
        let singlePass = PNGEncoder(method: .singlePass).encode(recorded)
        #expect(!recorded.isEncoded(in: singlePass))
        try singlePass.write(to: URL(fileURLWithPath: path))
        #expect(verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .never, snapshotDirectory: folder) == nil)
        try Data(singlePass.prefix(60)).write(to: URL(fileURLWithPath: path))
        let failure = verifySnapshot(of: node, as: .image(traits: .init(displayScale: 2)), named: "box", record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("the reference is not a PNG image") == true, "\(String(describing: failure))")
    }

    @Test func aRenderFailureIsReportedNotRecordedAsAPass() throws {
        let folder = Self.directory()
        let good = TestSupport.box(CGRect(x: 0, y: 0, width: 10, height: 10), .red)
        _ = verifySnapshot(of: good, as: .image(traits: .init(displayScale: 1)), named: "n", record: .missing, snapshotDirectory: folder)
        let empty = TestSupport.box(CGRect(x: 0, y: 0, width: 1e6, height: 1e6), .red)
        let failure = verifySnapshot(of: empty, as: .image(traits: .init(displayScale: 1)), named: "n", record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("could not render") == true, "\(String(describing: failure))")
    }

    @Test func layoutsDiffAsText() throws {
        let folder = Self.directory()
        let node = ASDisplayNode()
        let child = TestSupport.box(.zero, .red)
        child.style.preferredSize = CGSize(width: 10, height: 10)
        node.layoutSpecBlock = { _, _ in ASInsetLayoutSpec(insets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2), child: child) }
        _ = verifySnapshot(of: node, as: .weftLayout(size: CGSize(width: 30, height: 30)), named: "l", record: .missing, snapshotDirectory: folder)
        let text = try String(contentsOfFile: folder + "/layoutsDiffAsText.l.txt", encoding: .utf8)
        #expect(text.contains("ASInsetLayoutSpec  (0, 0, 30, 30)"), "\(text)")
        #expect(verifySnapshot(of: node, as: .weftLayout(size: CGSize(width: 30, height: 30)), named: "l", record: .never, snapshotDirectory: folder) == nil)
        let failure = verifySnapshot(of: node, as: .weftLayout(size: CGSize(width: 40, height: 30)), named: "l", record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("+ASDisplayNode  (0, 0, 40, 30)") == true, "\(String(describing: failure))")
    }
}
