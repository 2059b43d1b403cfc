import Foundation
import Testing
@testable import Weft
import WeftSamples

/// mp4 copies the rows of a cell that paints whole rows alone from the cell drawn once and
/// converted (`CellRaster`, `CellYUVCache`): the same bytes as converting the frame composited
/// whole, in every frame, wherever the cell has moved; a cell whose drawing changed is drawn again.
@Suite struct CellRasterTests {
    typealias Layers = FrameCompositionTests

    /// A 30 pt wide, 24 pt tall card at @2x: white, a translucent noise "text" store at (2, 3) pt
    /// and a translucent one drawn resampled (14 px rows into 6.5 pt, 13 px) at (4, 12) pt.
    static func card(text: Bitmap, scaled: Bitmap) -> CompositeLayer {
        Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 24), store: nil, background: .white, sublayers: [
            Layers.layer(CGRect(x: 2, y: 3, width: 20, height: 6), store: text),
            Layers.layer(CGRect(x: 4, y: 12, width: 10, height: 6.5), store: scaled),
        ])
    }

    static func stores() throws -> (text: Bitmap, scaled: Bitmap) {
        (try Layers.noise(40, 12, opaque: false, seed: 11), try Layers.noise(20, 14, opaque: false, seed: 5))
    }

    /// A 30×40 pt frame at @2x on grey with the card at `y` and `after` drawn over it.
    static func frame(cardAt y: CGFloat, card: CompositeLayer, after: [FrameComposition.Item] = []) -> FrameComposition {
        FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: UIColor(white: 0.5, alpha: 1),
                         items: [.layer(card, shift: CGPoint(x: 0, y: y), alpha: 1)] + after)
    }

    /// The frame as mp4 draws it with a cache: each cell the plan draws as its raster replaced by
    /// the raster, drawn as a bitmap.
    static func rasterized(_ composition: FrameComposition) throws -> FrameComposition {
        let (width, height) = composition.pixelSize!
        var items = composition.items
        for case .cell(let raster) in composition.bandPlan(rows: 64, width: width, height: height, cells: true).direct.map(\.source) {
            guard case .layer(let layer?, let shift, _) = items[raster.item] else { continue }
            items[raster.item] = .bitmap(try raster.render(), frame: layer.frame.offsetBy(dx: shift.x, dy: shift.y), alpha: 1)
        }
        return FrameComposition(viewport: composition.viewport, scale: composition.scale, background: composition.background, items: items)
    }

    static func expectSameYUV(_ composition: FrameComposition, cache: CellYUVCache, frame: Int, _ comment: String) throws {
        let whole = try YUV420.bytes(of: try rasterized(composition).render(), frame: 0)
        for bandRows in [2, 6, 16, 80] {
            for portable in [false, true] {
                let banded = try YUV420.bytes(of: composition, width: 60, height: 80, frame: frame, pool: PixelBufferPool(retainedLimit: 0),
                                              bandRows: bandRows, cells: cache, portable: portable)
                #expect(banded == whole, "\(comment), bands of \(bandRows) rows, portable \(portable)")
            }
        }
    }

    static func cellRows(_ plan: FrameComposition.BandPlan) -> [Range<Int>] {
        plan.direct.compactMap { if case .cell = $0.source { $0.rows } else { nil } }
    }

    @Test func aCardOnWholePixelsGivesItsRowPairsWhereverItMoves() throws {
        let (text, scaled) = try Self.stores()
        let cache = CellYUVCache()
        // Whole pixels at @2x: half points. Top rows 10, 21 (odd: the pair it shares with row 20
        // takes its first row's pixels), -8 (above the frame), 60 (partly below).
        for (i, y) in [CGFloat(5), 10.5, -4, 30].enumerated() {
            let composition = Self.frame(cardAt: y, card: Self.card(text: text, scaled: scaled))
            let top = Int(y * 2), rows = Self.cellRows(composition.bandPlan(rows: 80, width: 60, height: 80, cells: true))
            #expect(rows == [max(0, top)..<min(80, top + 48)], "card at \(y) pt")
            try Self.expectSameYUV(composition, cache: cache, frame: i, "card at \(y) pt")
        }
        // One card, drawn once: every capture draws the same.
        #expect(cache.count == 1)
    }

    @Test func aCardOffWholePixelsOrNotAcrossTheFrameIsComposited() throws {
        let (text, scaled) = try Self.stores()
        let card = Self.card(text: text, scaled: scaled)
        let narrow = Layers.layer(CGRect(x: 0, y: 0, width: 29, height: 24), store: nil, background: .white, sublayers: card.sublayers)
        let clear = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 24), store: nil, background: UIColor(white: 1, alpha: 0.9), sublayers: card.sublayers)
        let overflowing = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 24), store: nil, background: .white,
                                       sublayers: card.sublayers + [Layers.layer(CGRect(x: 0, y: 23, width: 5, height: 3), store: text)])
        let faded = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 24), store: nil, background: .white,
                                 sublayers: [Layers.layer(CGRect(x: 2, y: 3, width: 20, height: 6), store: text, alpha: 0.5)])
        for (composition, name) in [(Self.frame(cardAt: 5.25, card: card), "off whole pixels"), (Self.frame(cardAt: 5, card: narrow), "narrower"),
                                    (Self.frame(cardAt: 5, card: clear), "translucent background"),
                                    (Self.frame(cardAt: 5, card: overflowing), "drawing outside it"),
                                    (Self.frame(cardAt: 5, card: faded), "a faded layer inside")] {
            #expect(Self.cellRows(composition.bandPlan(rows: 80, width: 60, height: 80, cells: true)).isEmpty, "\(name)")
            try Self.expectSameYUV(composition, cache: CellYUVCache(), frame: 0, name)
        }
    }

    /// Glass over the card makes it no raster: it is composited as any item (the same bytes as
    /// the frame's); a card below the glass still is one.
    @Test func aCardSomethingIsDrawnOverIsNoRaster() throws {
        let (text, scaled) = try Self.stores()
        let glass = try DirectRowsTests.glass(CGRect(x: 10, y: 9, width: 8, height: 2))
        let covered = Self.frame(cardAt: 5, card: Self.card(text: text, scaled: scaled), after: [glass])
        #expect(Self.cellRows(covered.bandPlan(rows: 80, width: 60, height: 80, cells: true)).isEmpty)
        try Self.expectSameYUV(covered, cache: CellYUVCache(), frame: 0, "glass over the card")
        #expect(try YUV420.bytes(of: try Self.rasterized(covered).render(), frame: 0) == YUV420.bytes(of: try covered.render(), frame: 0))
        // Glass over rows 4–7 px, a card at rows 21–68 px below it.
        let below = Self.frame(cardAt: 10.5, card: Self.card(text: text, scaled: scaled),
                               after: [try DirectRowsTests.glass(CGRect(x: 10, y: 2, width: 8, height: 2))])
        #expect(Self.cellRows(below.bandPlan(rows: 80, width: 60, height: 80, cells: true)) == [21..<69])
        try Self.expectSameYUV(below, cache: CellYUVCache(), frame: 0, "glass above the card")
    }

    /// Cards one under another, glass over the third: only the third is composited; its
    /// neighbours stay rasters (the third paints its own rows only, so it takes none of theirs).
    @Test func aCardSomethingIsDrawnOverLeavesItsNeighboursRasters() throws {
        let text = try Layers.noise(40, 12, opaque: false, seed: 11)
        let card = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 10), store: nil, background: .white,
                                sublayers: [Layers.layer(CGRect(x: 2, y: 2, width: 20, height: 6), store: text)])
        let composition = FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: UIColor(white: 0.5, alpha: 1),
                                           items: (0..<4).map { .layer(card, shift: CGPoint(x: 0, y: 10 * CGFloat($0)), alpha: 1) }
                                               + [try DirectRowsTests.glass(CGRect(x: 10, y: 22.5, width: 8, height: 1.5))])
        #expect(Self.cellRows(composition.bandPlan(rows: 80, width: 60, height: 80, cells: true)) == [0..<20, 20..<40, 60..<80])
        try Self.expectSameYUV(composition, cache: CellYUVCache(), frame: 0, "glass over the third of four cards")
    }

    /// A resampled store of an item drawn before the card, partly under it, holds a band that
    /// takes some of the card's rows: the band is drawn whole, without the card, whose rows are
    /// then copied over it; the row pairs the card shares with the rows around it (it starts and
    /// ends on odd rows) take its first and last rows' pixels.
    @Test func aBandDrawnWholeAroundAnotherItemsResampledStore() throws {
        let (text, scaled) = try Self.stores()
        // Narrower than the frame: no raster. Its resampled store at 20.5–27 pt, rows 41–53 px.
        let narrow = Layers.layer(CGRect(x: 0, y: 0, width: 29, height: 24), store: nil, background: .white, sublayers: [
            Layers.layer(CGRect(x: 4, y: 0.5, width: 10, height: 6.5), store: scaled),
        ])
        let composition = FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: UIColor(white: 0.5, alpha: 1), items: [
            .layer(narrow, shift: CGPoint(x: 0, y: 20), alpha: 1),
            .layer(Self.card(text: text, scaled: scaled), shift: CGPoint(x: 0, y: 0.5), alpha: 1),
        ])
        let plan = composition.bandPlan(rows: 16, width: 60, height: 80, cells: true)
        #expect(Self.cellRows(plan) == [1..<49])
        #expect(plan.bands.contains(32..<56) && plan.rasters == [1])
        #expect(!plan.skipped.contains { $0.overlaps(32..<56) })
        try Self.expectSameYUV(composition, cache: CellYUVCache(), frame: 0, "a band drawn whole")
    }

    /// A new store in the card, or another colour, draws it again; an entry no frame has used for
    /// `keptFrames` frames goes.
    @Test func theCacheFindsACardByWhatItDraws() throws {
        let (text, scaled) = try Self.stores()
        let cache = CellYUVCache()
        try Self.expectSameYUV(Self.frame(cardAt: 5, card: Self.card(text: text, scaled: scaled)), cache: cache, frame: 0, "first")
        let other = try Layers.noise(40, 12, opaque: false, seed: 12)
        try Self.expectSameYUV(Self.frame(cardAt: 6, card: Self.card(text: other, scaled: scaled)), cache: cache, frame: 1, "new store")
        #expect(cache.count == 2)
        let grey = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 24), store: nil, background: UIColor(white: 0.9, alpha: 1),
                                sublayers: Self.card(text: text, scaled: scaled).sublayers)
        try Self.expectSameYUV(Self.frame(cardAt: 7, card: grey), cache: cache, frame: 2, "another colour")
        #expect(cache.count == 3)
        try Self.expectSameYUV(Self.frame(cardAt: 7, card: grey), cache: cache, frame: 2 + CellYUVCache.keptFrames + 1, "much later")
        #expect(cache.count == 1)
    }

    /// Over its byte limit, the entries used longest ago go first.
    @Test func theCacheKeepsToItsByteLimit() throws {
        let (text, scaled) = try Self.stores()
        // A card is 60×48 px: 5,760 bytes of rows, and its stores 1,920 + 1,120 bytes.
        let cache = CellYUVCache(byteLimit: 20_000)
        for i in 0..<5 {
            let store = try Layers.noise(40, 12, opaque: false, seed: UInt32(20 + i))
            try Self.expectSameYUV(Self.frame(cardAt: 5, card: Self.card(text: store, scaled: scaled)), cache: cache, frame: i, "card \(i)")
            #expect(cache.count == min(i + 1, 2))
        }
        withExtendedLifetime(text) {}
    }

    /// The bench feed's frames (text, rounded avatars, resampled stores, photos) at the bench
    /// scroll's offsets: the cards' rows come from their rasters, the bytes are the whole frame's.
    @MainActor @Test func benchFeedFramesGiveTheWholeFramesBytes() throws {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 40)
        defer { withExtendedLifetime(sample) {} }
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 6000), frames: 120)
        let player = FrameSequencePlayer(node: sample.collectionNode, sequence: sequence)
        let cache = CellYUVCache(), pool = PixelBufferPool(retainedLimit: 64 << 20)
        var cellRowCount = 0, checked = 0
        for i in 0..<19 {
            let composition = try player.captureFrame(sequence.request(i, scale: DisplayScale(3)!)).composition!
            guard [0, 1, 2, 5, 9, 17, 18].contains(i) else { continue }
            checked += 1
            let (width, height) = composition.pixelSize!
            let rasterized = try Self.rasterized(composition).render(), composited = try composition.render()
            // The rasters differ from drawing the cards in place only by a level here and there.
            let differences = zip(BandedFrameTests.wholePixels(rasterized), BandedFrameTests.wholePixels(composited)).filter { $0 != $1 }
            #expect(differences.allSatisfy { abs(Int($0) - Int($1)) <= 2 } && differences.count < width * height / 1000,
                    "frame \(i): \(differences.count) bytes differ, by up to \(differences.map { abs(Int($0) - Int($1)) }.max() ?? 0)")
            let whole = try YUV420.bytes(of: rasterized, frame: i)
            cellRowCount += Self.cellRows(composition.bandPlan(rows: 256, width: width, height: height, cells: true)).map(\.count).reduce(0, +)
            for bandRows in [64, 256] {
                let banded = try YUV420.bytes(of: composition, width: width, height: height, frame: i, pool: pool, bandRows: bandRows, cells: cache)
                #expect(banded == whole, "frame \(i), bands of \(bandRows) rows")
            }
            // Gathered: the cached rows left where they are, the frame's pieces the same bytes.
            let gathered = try YUV420.frame(of: composition, width: width, height: height, frame: i, pool: pool, bandRows: 256, cells: cache,
                                            gathering: true)
            #expect(!gathered.copies.isEmpty && gathered.contiguous() == whole, "frame \(i) gathered")
        }
        #expect(cellRowCount > checked * 2532 * 9 / 10, "\(cellRowCount) rows of \(checked) frames from rasters")
    }

    /// What ffmpeg is sent for an mp4 of the bench feed (gathered from the cells' cached rows, in
    /// sends that end mid-piece) is, frame by frame, the frames' yuv420p with the cells drawn as
    /// their rasters, at 1 and 3 threads.
    @MainActor @Test func ffmpegIsSentEachFramesBytes() throws {
        let folder = NSTemporaryDirectory() + "weft-cell-raster-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let viewport = CGSize(width: 390, height: 844), sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 1500), frames: 9)
        var expected = Data()
        do {
            let sample = CollectionSample.benchFeed(viewport: viewport, items: 20)
            defer { withExtendedLifetime(sample) {} }
            let player = FrameSequencePlayer(node: sample.collectionNode, sequence: sequence)
            for i in 0..<sequence.count {
                let composition = try player.captureFrame(sequence.request(i, scale: DisplayScale(3)!)).composition!
                expected += try YUV420.bytes(of: try Self.rasterized(composition).render(), frame: i)
            }
        }
        for threads in [1, 3] {
            let recorder = "\(folder)/recorder-\(threads)", received = "\(folder)/received-\(threads)"
            try """
                #!/bin/sh
                cat > '\(received)'
                for last; do :; done
                : > "$last"

                """.write(toFile: recorder, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder)
            let sample = CollectionSample.benchFeed(viewport: viewport, items: 20)
            defer { withExtendedLifetime(sample) {} }
            try sample.collectionNode.writeVideo(sequence, scale: 3, toFile: "\(folder)/out-\(threads).mp4", format: .mp4, ffmpeg: recorder, threads: threads)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: received))
            #expect(bytes.count == expected.count && bytes == expected, "\(threads) threads: \(bytes.count) bytes received, \(expected.count) expected")
        }
    }
}
