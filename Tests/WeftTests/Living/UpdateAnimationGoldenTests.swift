import Foundation
import Testing
@testable import Weft
import WeftSamples
import WeftTesting

@MainActor
@Suite struct UpdateAnimationGoldenTests {
    /// Items 1–4 (greys) on red: three items inserted at the top before frame 1 fade in while the
    /// others slide down; before frame 12 the second item is deleted and fades out in place.
    private func insertThenDelete() throws -> (ASCollectionNode, FrameSequence) {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try FrameSequence(validating: Array(repeating: .zero, count: 24))
            .editing(atFrame: 1) { node in
                source.model[0].insert(contentsOf: [7, 8, 9], at: 0)
                node.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
            }
            .editing(atFrame: 12) { node in
                source.model[0].remove(at: 1)
                node.deleteItems(at: [IndexPath(item: 1, section: 0)])
            }
        return (node, sequence)
    }

    @Test func insertThenDeleteAt1x() throws {
        let (node, sequence) = try insertThenDelete()
        expectGolden(sequence, of: node, every: 4, named: "collection/UpdateAnimation/insert-then-delete", scale: 1)
    }

    @Test func insertThenDeleteAt2x() throws {
        let (node, sequence) = try insertThenDelete()
        expectGolden(sequence, of: node, every: 4, named: "collection/UpdateAnimation/insert-then-delete", scale: 2)
    }

    /// The live feed sample as `make run` renders it, small: a page of three posts, two inserted
    /// near the top while it scrolls, and the pages batch fetching brings in as the end nears.
    private func liveFeed() throws -> (CollectionSample, FrameSequence) {
        let sample = try #require(CollectionSample.make("livefeed", viewport: CGSize(width: 160, height: 200), items: 3))
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 900), frames: 40)
            .editing(atFrame: 6) { _ in try sample.apply(.insert(IndexPath(item: 1, section: 0), count: 2), animated: true) }
        return (sample, sequence)
    }

    @Test func theLiveFeedFetchesAndAnimatesTheSameEveryRun() throws {
        func render() throws -> (frames: [Bitmap], posts: [[Int]]) {
            let (sample, sequence) = try liveFeed()
            var frames: [Bitmap] = []
            try sample.collectionNode.renderFrames(sequence, scale: 1) { frames.append($1) }
            sample.collectionNode.waitUntilAllUpdatesAreProcessed()
            return (frames, sample.posts?.ids ?? [])
        }
        let first = try render(), second = try render()
        // Three posts, two scripted, then pages of three fetched as the end came near.
        #expect(first.posts[0].count > 5 && (first.posts[0].count - 5) % 3 == 0, "\(first.posts)")
        #expect(first.posts[0].prefix(5) == [0, 6, 7, 1, 2])
        #expect(first.posts == second.posts)
        for (index, (a, b)) in zip(first.frames, second.frames).enumerated() { #expect(a.hasSamePixels(as: b), "frame \(index)") }
        let (sample, sequence) = try liveFeed()
        expectGolden(sequence, of: sample.collectionNode, every: 13, named: "samples/livefeed/scroll", scale: 1)
    }
}
