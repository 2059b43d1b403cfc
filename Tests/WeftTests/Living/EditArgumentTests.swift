import ArgumentParser
import Foundation
import Testing
@testable import weft
import WeftSamples

@Suite struct EditArgumentTests {
    @Test func parsesEachKind() throws {
        #expect(try EditArgument(parsing: "30:insert:0:0x3").edit == .insert(IndexPath(item: 0, section: 0), count: 3))
        #expect(try EditArgument(parsing: "30:insert:0:0x3").frame == 30)
        #expect(try EditArgument(parsing: "0:delete:1:4").edit == .delete(IndexPath(item: 4, section: 1), count: 1))
        #expect(try EditArgument(parsing: "5:reload:0:2x2").edit == .reload(IndexPath(item: 2, section: 0), count: 2))
        #expect(try EditArgument(parsing: "60:move:0:2:1:0").edit == .move(IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1)))
    }

    @Test(arguments: [
        ("30:insrt:0:0", "--edit \"30:insrt:0:0\": unknown kind \"insrt\"; the kinds are insert, delete, reload and move"),
        ("x:insert:0:0", "--edit \"x:insert:0:0\": the frame must be a whole number 0 to 1000000, not \"x\""),
        ("-1:insert:0:0", "the frame must be a whole number 0 to 1000000, not \"-1\""),
        ("3:insert:0", "--edit \"3:insert:0\": insert takes a section and an item (ITEMxCOUNT for several), not 1 value"),
        ("3:delete:0:1x0", "--edit \"3:delete:0:1x0\": the count must be 1 to 1000, not 0"),
        ("3:delete:0:1x", "the count must be a whole number 0 to 1000000, not \"\""),
        ("3:move:0:1:0", "move takes a section and an item, then the destination's section and item, not 3 values"),
        ("3", "--edit \"3\": expected at least a frame and a kind"),
        ("3:insert:a:0", "the section must be a whole number 0 to 1000000, not \"a\""),
    ])
    func badEditsNameTheValueAndTheProblem(text: String, message: String) {
        do {
            _ = try EditArgument(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.contains("write FRAME:insert|delete|reload:SECTION:ITEM[xCOUNT]"))
        }
    }

    @Test @MainActor func sampleEditsChangeThePostsOrChangeNothing() throws {
        let sample = try #require(CollectionSample.make("livefeed", viewport: CGSize(width: 200, height: 300), items: 4))
        try sample.collectionNode.loadDataIfNeeded()
        try sample.apply(.insert(IndexPath(item: 1, section: 0), count: 2), animated: true)
        try sample.apply(.move(IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0)), animated: false)
        try sample.apply(.delete(IndexPath(item: 0, section: 0), count: 1), animated: true)
        sample.collectionNode.waitUntilAllUpdatesAreProcessed()
        #expect(sample.posts?.ids == [[5, 1, 2, 3, 0]])
        #expect(sample.collectionNode.numberOfItems(inSection: 0) == 5)
        #expect(throws: SampleEditError.itemsOutOfRange(.delete(IndexPath(item: 4, section: 0), count: 2), items: 5)) {
            try sample.apply(.delete(IndexPath(item: 4, section: 0), count: 2), animated: true)
        }
        #expect(throws: SampleEditError.sectionOutOfRange(.insert(IndexPath(item: 0, section: 1), count: 1), sections: 1)) {
            try sample.apply(.insert(IndexPath(item: 0, section: 1), count: 1), animated: true)
        }
        #expect(sample.posts?.ids == [[5, 1, 2, 3, 0]])
        let mosaic = try #require(CollectionSample.make("mosaic", viewport: CGSize(width: 200, height: 300)))
        #expect(throws: SampleEditError.notEditable(sample: "mosaic", editable: ["feed", "livefeed"])) {
            try mosaic.apply(.insert(IndexPath(item: 0, section: 0), count: 1), animated: true)
        }
    }
}
