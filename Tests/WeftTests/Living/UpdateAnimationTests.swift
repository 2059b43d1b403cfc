import Foundation
import Synchronization
import Testing
@testable import Weft

/// Frames of a 40 × 40 collection of 10-point rows (see `LiveSource`: item `id` is grey id/10) on
/// a red background, so a fading cell shows as a mix of red and its grey.
@MainActor
enum Animated {
    static func collection(_ model: [[Int]], mode: ASCellLayoutMode = []) -> (LiveSource, ASCollectionNode) {
        let source = LiveSource(model)
        let node = Living.collection(source)
        node.cellLayoutMode = mode
        node.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (source, node)
    }

    /// `count` frames at offset `y`, with `edit` before frame 1.
    static func still(_ count: Int = 24, at y: CGFloat = 0, edit: @escaping @MainActor @Sendable (ASCollectionNode) -> Void) throws -> FrameSequence {
        try FrameSequence(validating: Array(repeating: CGPoint(x: 0, y: y), count: count)).editing(atFrame: 1, edit)
    }

    static func frames(_ node: ASCollectionNode, _ sequence: FrameSequence, scale: CGFloat = 1) throws -> [Bitmap] {
        var frames: [Bitmap] = []
        try node.renderFrames(sequence, scale: scale) { frames.append($1) }
        return frames
    }

    /// The red and green channels of a pixel (premultiplied ARGB, opaque here).
    static func rg(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (red: Int, green: Int) {
        let p = bitmap.pixel(x: x, y: y) ?? 0
        return (Int((p >> 16) & 0xff), Int((p >> 8) & 0xff))
    }

    static func grey(_ id: Int) -> Int { Int((CGFloat(id % 10) / 10 * 255).rounded()) }

    /// The topmost row of column 20 showing item `id` in full (its grey, no red; cairo may round
    /// a grey either way).
    static func top(of id: Int, in bitmap: Bitmap) -> Int? {
        (0..<bitmap.pixelHeight).first { y in isGrey(id, rg(bitmap, 20, y)) }
    }

    static func isGrey(_ id: Int, _ pixel: (red: Int, green: Int)) -> Bool {
        abs(pixel.red - grey(id)) <= 1 && abs(pixel.green - grey(id)) <= 1
    }
}

@Suite struct UpdateAnimationInterpolationTests {
    @Test func theEaseInEaseOutCurveStartsAndEndsSlowlyAndIsSymmetric() {
        let curve = UpdateAnimationCurve.easeInEaseOut
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(abs(curve.progress(at: 0.5) - 0.5) < 1e-6)
        // Slow at the ends: less than linear at the start, more near the end.
        #expect(curve.progress(at: 0.1) < 0.1 && curve.progress(at: 0.1) > 0)
        #expect(curve.progress(at: 0.9) > 0.9 && curve.progress(at: 0.9) < 1)
        #expect(abs(curve.progress(at: 0.25) + curve.progress(at: 0.75) - 1) < 1e-6)
        // Clamped outside 0…1 and for NaN.
        #expect(curve.progress(at: -1) == 0 && curve.progress(at: 2) == 1 && curve.progress(at: .nan) == 0)
        let samples = stride(from: 0.0, through: 1, by: 0.01).map(curve.progress(at:))
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func attributesInterpolateFrameAndAlphaAtStartMiddleAndEnd() {
        let inserted = AnimatedAttributes(frame: CGRect(x: 0, y: 20, width: 40, height: 10), alpha: 0)
        let shown = AnimatedAttributes(frame: CGRect(x: 0, y: 20, width: 40, height: 10), alpha: 1, zIndex: 3)
        #expect(AnimatedAttributes.interpolate(from: inserted, to: shown, progress: 0) == AnimatedAttributes(frame: inserted.frame, alpha: 0, zIndex: 3))
        #expect(AnimatedAttributes.interpolate(from: inserted, to: shown, progress: 0.5).alpha == 0.5)
        #expect(AnimatedAttributes.interpolate(from: inserted, to: shown, progress: 1) == shown)

        let old = AnimatedAttributes(frame: CGRect(x: 0, y: 0, width: 40, height: 10))
        let new = AnimatedAttributes(frame: CGRect(x: 10, y: 30, width: 20, height: 30))
        #expect(AnimatedAttributes.interpolate(from: old, to: new, progress: 0).frame == old.frame)
        #expect(AnimatedAttributes.interpolate(from: old, to: new, progress: 0.5).frame == CGRect(x: 5, y: 15, width: 30, height: 20))
        #expect(AnimatedAttributes.interpolate(from: old, to: new, progress: 1).frame == new.frame)
        #expect(AnimatedAttributes.interpolate(from: old, to: new, progress: 7).frame == new.frame)
    }

    @Test func aSlidingFrameSnapsToDevicePixels() {
        let state = AnimatedAttributes(frame: CGRect(x: 0.3, y: 12.26, width: 40, height: 10), alpha: 0.5)
        let attributes = state.layoutAttributes(for: IndexPath(item: 0, section: 0), kind: nil, scale: 2)
        #expect(attributes.frame == CGRect(x: 0.5, y: 12.5, width: 40, height: 10))
        #expect(attributes.alpha == 0.5)
    }

    @Test func theTransitionsProgressCountsFramesFromTheFirstThatShowsTheChange() {
        let t = CollectionTransition(entries: [], startFrame: 10, lengthInFrames: 18, curve: .easeInEaseOut)
        #expect(t.progress(atFrame: 10) == UpdateAnimationCurve.easeInEaseOut.progress(at: 1.0 / 18))
        #expect(abs(t.progress(atFrame: 18) - 0.5) < 1e-6)
        #expect(!t.isFinished(atFrame: 26) && t.isFinished(atFrame: 27))
    }
}

@MainActor
@Suite struct UpdateAnimationFrameTests {
    @Test func anInsertedCellFadesInAndTheCellsBelowSlideDown() throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try Animated.still { node in
            source.model[0].insert(9, at: 0)
            node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        let frames = try Animated.frames(node, sequence)
        // Frame 0: before. 0.3 s at 60 fps is 18 frames, frame 1 being the first: frame 9 is half way.
        #expect(Animated.top(of: 1, in: frames[0]) == 0)
        let tops = frames.map { Animated.top(of: 1, in: $0) ?? -1 }
        #expect(tops[9] == 5)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 }, "\(tops)")
        #expect(tops[1] < 2 && tops[17] > 8 && tops[18] == 10 && tops[23] == 10, "\(tops)")
        // The inserted cell, above item 1, is half faded in over the red background half way…
        let mid = Animated.rg(frames[9], 20, 2)
        #expect(abs(mid.red - (255 + Animated.grey(9)) / 2) <= 2 && abs(mid.green - Animated.grey(9) / 2) <= 2, "\(mid)")
        // …and opaque at the end.
        #expect(Animated.isGrey(9, Animated.rg(frames[18], 20, 2)))
        // At frame 1, item 1 (barely moved) still covers the inserted cell.
        #expect(Animated.isGrey(1, Animated.rg(frames[1], 20, 2)))
    }

    @Test func aDeletedCellFadesOutWhereItWasAndTheOnesBelowSlideUp() throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4, 5]])
        let sequence = try Animated.still { node in
            source.model = [[2, 3, 4, 5]]
            node.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }
        let frames = try Animated.frames(node, sequence)
        // Item 1 stays at rows 0–10 and fades out; item 2 slides up from 10 over it (drawn after
        // it), so half way rows 0–5 show item 1 at half alpha over red.
        let mid = Animated.rg(frames[9], 20, 2)
        #expect(abs(mid.red - (255 + Animated.grey(1)) / 2) <= 2 && abs(mid.green - Animated.grey(1) / 2) <= 2, "\(mid)")
        #expect(Animated.top(of: 2, in: frames[9]) == 5)
        #expect(Animated.top(of: 5, in: frames[9]) == 35)
        #expect(Animated.top(of: 2, in: frames[18]) == 0 && Animated.top(of: 5, in: frames[18]) == 30)
        #expect(Animated.top(of: 1, in: frames[18]) == nil)
    }

    @Test func aMovedCellSlidesFromItsOldFrameToItsNewOne() throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try Animated.still { node in
            source.model = [[2, 3, 4, 1]]
            node.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        }
        let frames = try Animated.frames(node, sequence)
        let tops = frames.map { Animated.top(of: 1, in: $0) ?? -1 }
        #expect(tops[0] == 0 && tops[9] == 15 && tops[18] == 30, "\(tops)")
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 }, "\(tops)")
        #expect(Animated.top(of: 2, in: frames[9]) == 5 && Animated.top(of: 2, in: frames[18]) == 0)
    }

    @Test func anUnanimatedBatchShowsAtOnce() throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try Animated.still { node in
            source.model[0].insert(9, at: 0)
            node.performBatch(animated: false, updates: { node.insertItems(at: [IndexPath(item: 0, section: 0)]) })
        }
        let frames = try Animated.frames(node, sequence)
        #expect(Animated.isGrey(9, Animated.rg(frames[1], 20, 2)))
        #expect(Animated.top(of: 1, in: frames[1]) == 10)
        #expect(frames[1].hasSamePixels(as: frames[5]))
    }

    @Test func theSameScriptGivesTheSameBytesEveryRun() throws {
        func render() throws -> [Bitmap] {
            let (source, node) = Animated.collection([Array(1...8)])
            node.cellLayoutMode = .alwaysAsync
            let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 40), frames: 30)
                .editing(atFrame: 5) { node in
                    source.model[0].insert(contentsOf: [7, 8, 9], at: 0)
                    node.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
                }
                .editing(atFrame: 12) { node in
                    source.model[0].remove(at: 4)
                    node.deleteItems(at: [IndexPath(item: 4, section: 0)])
                }
            return try Animated.frames(node, sequence, scale: 2)
        }
        let first = try render(), second = try render()
        #expect(first.count == 30)
        for (index, (a, b)) in zip(first, second).enumerated() { #expect(a.hasSamePixels(as: b), "frame \(index)") }
        // The frames did change as the edits ran.
        #expect(!first[5].hasSamePixels(as: first[4]) && !first[13].hasSamePixels(as: first[12]))
    }

    @Test func insertingAboveTheViewportKeepsTheOffsetSoTheContentMovesDown() throws {
        let (source, node) = Animated.collection([Array(0..<20)])
        let sequence = try Animated.still(at: 50) { node in
            source.model[0].insert(contentsOf: [17, 18, 19], at: 0)
            node.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
        }
        let frames = try Animated.frames(node, sequence)
        // At offset 50 the viewport's first row showed item 5; afterwards it shows item 2, slid down 30 points.
        #expect(Animated.top(of: 5, in: frames[0]) == 0)
        #expect(Animated.top(of: 2, in: frames[23]) == 0)
        #expect(Animated.top(of: 5, in: frames[23]) == 30)
        #expect(node.contentOffset == CGPoint(x: 0, y: 50))
    }

    @Test func aChangeDuringAnAnimationStartsFromWhereTheCellsAre() throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try Animated.still(30) { node in
            source.model[0].insert(9, at: 0)
            node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }.editing(atFrame: 10) { node in
            source.model[0].remove(at: 0)
            node.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }
        let frames = try Animated.frames(node, sequence)
        let tops = frames.map { Animated.top(of: 1, in: $0) ?? -1 }
        // Item 1 slides down toward 10, then, from where it was at frame 9, back up to 0: no jump.
        #expect(tops[9] == 5 && tops[10] >= 4 && tops[10] <= 5, "\(tops)")
        #expect(tops[29] == 0, "\(tops)")
        #expect(zip(tops[10...], tops[11...]).allSatisfy { $0 >= $1 }, "\(tops)")
    }

    @Test func aSequenceChecksItsEditsFrameRateAndDuration() throws {
        let sequence = try FrameSequence(validating: [.zero, .zero])
        #expect(throws: CollectionError.invalidSequence("an edit at frame 2 is outside the sequence's 2 frames (0 to 1)")) {
            try sequence.editing(atFrame: 2) { _ in }
        }
        #expect(throws: CollectionError.self) { try sequence.editing(atFrame: -1) { _ in } }
        var slow = sequence
        slow.framesPerSecond = 0
        #expect(throws: CollectionError.invalidSequence("framesPerSecond is 0; it must be 1 to 1000 (WeftLimits.maximumFramesPerSecond)")) { try slow.validate() }
        var long = sequence
        long.updateAnimationDuration = .infinity
        #expect(throws: CollectionError.self) { try long.validate() }
        let (_, node) = Animated.collection([[1]])
        #expect(throws: CollectionError.self) { try node.renderFrames(slow, scale: 1) { _, _ in } }
        // Refused before its first edit runs.
        let ran = Mutex(false)
        let refused = try slow.editing(atFrame: 0) { _ in ran.withLock { $0 = true } }
        #expect(throws: CollectionError.self) { try node.renderFrames(refused, scale: 1) { _, _ in } }
        #expect(!ran.withLock { $0 })
    }

    @Test func anEditThatThrowsStopsTheRenderWithItsError() throws {
        struct Refused: Error, Equatable {}
        let (_, node) = Animated.collection([[1, 2]])
        let sequence = try FrameSequence(validating: Array(repeating: .zero, count: 4)).editing(atFrame: 2) { _ in throw Refused() }
        var rendered = 0
        #expect(throws: Refused()) { try node.renderFrames(sequence, scale: 1) { _, _ in rendered += 1 } }
        #expect(rendered == 2)
    }
}

@Suite struct UpdateAnimationThreadTests {
    @Test func editsRunOnTheMainActorWhenTheRenderRunsElsewhere() async throws {
        let collection = await MainActor.run { () -> UncheckedBox<(LiveSource, ASCollectionNode)> in
            let source = LiveSource([[1, 2]])
            return UncheckedBox((source, Living.collection(source)))
        }
        final class Seen: Sendable { let onMainActor = Mutex<Bool?>(nil) }
        let seen = Seen()
        let frames = try await onThreadOfItsOwn { () -> Int in
            let (source, node) = collection.value
            let sequence = try FrameSequence(validating: [.zero, .zero]).editing(atFrame: 1) { node in
                seen.onMainActor.withLock { $0 = MainActorBridge.isOnMainActor }
                source.model[0].append(3)
                node.insertItems(at: [IndexPath(item: 2, section: 0)])
            }
            var count = 0
            try node.renderFrames(sequence, scale: 1) { _, _ in count += 1 }
            return count
        }
        #expect(frames == 2)
        #expect(seen.onMainActor.withLock { $0 } == true)
        #expect(collection.value.1.numberOfItems(inSection: 0) == 3)
    }

    @Test @MainActor func framesOfAnAsyncIteratorRunEditsOnTheMainActor() async throws {
        let (source, node) = Animated.collection([[1, 2, 3, 4]])
        let sequence = try Animated.still(20) { node in
            source.model[0].insert(9, at: 0)
            node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        var frames: [Bitmap] = []
        for try await frame in node.frames(sequence, scale: 1) { frames.append(frame) }
        let tops = frames.map { Animated.top(of: 1, in: $0) ?? -1 }
        #expect(tops[0] == 0 && tops[9] == 5 && tops[19] == 10, "\(tops)")
    }
}

@Suite struct UpdateAnimationLogTests {
    @Test func aChangeAnimatesOnlyWhenEveryGenerationInBetweenCameFromAnAnimatedBatch() {
        let log = UpdateAnimationLog()
        log.note(generation: 3, animated: true)
        log.note(generation: 4, animated: true)
        log.note(generation: 6, animated: true)
        #expect(log.animates(from: 2, to: 4))
        #expect(!log.animates(from: 3, to: 6))  // 5 was a load or relayout: not noted
        #expect(!log.animates(from: 4, to: 4))
        log.note(generation: 7, animated: false)
        #expect(!log.animates(from: 6, to: 7))
        for g in 8...(8 + 3 * UpdateAnimationLog.capacity) { log.note(generation: g, animated: true) }
        #expect(log.animates(from: 8 + 2 * UpdateAnimationLog.capacity, to: 8 + 3 * UpdateAnimationLog.capacity))
        #expect(!log.animates(from: 7, to: 8 + 3 * UpdateAnimationLog.capacity))
    }
}

/// A table's frames take the collection's frame path: scripted edits animate, and video formats
/// write what the PNG frames show.
@MainActor @Suite struct UpdateAnimationTableTests {
    private func table(_ source: NumberedRows) throws -> ASTableNode {
        let table = ASTableNode()
        table.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        table.dataSource = source
        table.delegate = source
        try table.loadDataIfNeeded()
        return table
    }

    private func frames(in folder: String, _ paths: [String]) throws -> [Bitmap] {
        try paths.map { try PNGDecoder.decode(Data(contentsOf: URL(fileURLWithPath: $0)), scale: 1, source: $0) }
    }

    @Test func aTablesScriptedInsertAnimatesFromTheOldRowsToTheNewOnes() throws {
        let source = NumberedRows([0, 1, 2])
        let table = try table(source)
        let before = try table.snapshot(at: .zero, scale: 1)
        let sequence = try FrameSequence(validating: Array(repeating: .zero, count: 24)).editing(atFrame: 1) { _ in
            source.rows = [9, 0, 1, 2]
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        let folder = NSTemporaryDirectory() + "weft-table-edits-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try frames(in: folder, try table.writeFrames(sequence, scale: 1, toFolder: folder, threads: 2))
        let after = try table.snapshot(at: .zero, scale: 1)
        #expect(!before.hasSamePixels(as: after), "the inserted row shows")
        #expect(written.first?.hasSamePixels(as: before) == true)
        #expect(written.last?.hasSamePixels(as: after) == true, "the animation (0.3 s at 60 frames/s) ends within the 24 frames")
        #expect(written[3...10].contains { !$0.hasSamePixels(as: before) && !$0.hasSamePixels(as: after) }, "frames in between show the rows moving")
    }

    @Test func aTablesFramesAreTheSameWholeOrBandedAndAtAnyThreadCount() throws {
        let table = try table(NumberedRows(Array(0..<12)))
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 60), frames: 5, curve: .eased)
        let folder = NSTemporaryDirectory() + "weft-table-threads-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = try frames(in: folder, try table.writeFrames(sequence, scale: 2, toFolder: folder + "/1", threads: 1))
        let three = try frames(in: folder, try table.writeFrames(sequence, scale: 2, toFolder: folder + "/3", threads: 3))
        #expect(zip(one, three).allSatisfy { $0.hasSamePixels(as: $1) })
        // Each frame is the snapshot at its offset: separators included.
        for (index, offset) in sequence.offsets.enumerated() {
            #expect(one[index].hasSamePixels(as: try table.snapshot(at: offset, scale: 2)), "frame \(index)")
        }
        // The raw video's bytes are the frames' pixels (straight RGBA of opaque frames).
        let raw = folder + "/frames.rgba"
        try table.writeVideo(sequence, scale: 2, toFile: raw, format: .raw, threads: 2)
        var expected = Data()
        for (index, frame) in one.enumerated() { expected.append(try RawRGBA.bytes(of: frame, frame: index)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)) == expected)
    }
}
