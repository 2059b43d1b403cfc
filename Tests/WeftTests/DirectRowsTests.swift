import Foundation
import Synchronization
import Testing
@testable import Weft

/// mp4's yuv420p reads the rows one opaque store fills across the frame from the store itself
/// (`FrameComposition.directRows`, `renderBands(rows:skipping:)`): the same bytes as converting
/// the frame composited whole, and only rows nothing else paints count; from a store's second
/// frame on its rows are copied already converted (`StoreYUV`).
@Suite struct DirectRowsTests {
    typealias Layers = FrameCompositionTests

    /// A 30×40 pt frame at @2x (60×80 px): a full-width opaque store over rows 10–69 px (5 pt down,
    /// 30 pt tall), then `after` drawn over it.
    static func composition(after: [FrameComposition.Item], photoAlpha: CGFloat = 1, photoWidth: CGFloat = 30,
                            background: UIColor? = .white) throws -> FrameComposition {
        let photo = try Layers.noise(Int(photoWidth * 2), 60, opaque: true, seed: 7)
        let cell = Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 36), store: nil, background: .white,
                                sublayers: [Layers.layer(CGRect(x: 0, y: 3, width: photoWidth, height: 30), store: photo)])
        return FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: background,
                                items: [.layer(cell, shift: CGPoint(x: 0, y: 2), alpha: photoAlpha)] + after)
    }

    static func glass(_ rect: CGRect) throws -> FrameComposition.Item {
        .layer(Layers.layer(CGRect(origin: .zero, size: rect.size), store: try Layers.noise(Int(rect.width * 2), Int(rect.height * 2), opaque: false, seed: 3)),
               shift: rect.origin, alpha: 1)
    }

    static func rows(_ composition: FrameComposition) -> [Range<Int>] { composition.directRows(width: 60, height: 80).map(\.rows) }

    /// The converted frame equals the whole frame's conversion, for bands of every size.
    static func expectSameYUV(_ composition: FrameComposition, _ comment: String) throws {
        let whole = try YUV420.bytes(of: try composition.render(), frame: 0)
        for bandRows in [2, 6, 16, 80] {
            for portable in [false, true] {
                let banded = try YUV420.bytes(of: composition, width: 60, height: 80, frame: 0, pool: PixelBufferPool(retainedLimit: 0),
                                              bandRows: bandRows, portable: portable)
                #expect(banded == whole, "\(comment), bands of \(bandRows) rows, portable \(portable)")
                let gathered = try YUV420.frame(of: composition, width: 60, height: 80, frame: 0, pool: PixelBufferPool(retainedLimit: 0),
                                                bandRows: bandRows, cells: nil, gathering: true, portable: portable)
                #expect(gathered.contiguous() == whole, "\(comment), gathered, bands of \(bandRows) rows, portable \(portable)")
            }
        }
    }

    @Test func aFullWidthOpaqueStoreGivesItsRowsLessWhatIsDrawnAfter() throws {
        let alone = try Self.composition(after: [])
        #expect(Self.rows(alone) == [10..<70])
        // Glass over rows 30–39 px takes them, and two rows either side.
        let glassed = try Self.composition(after: [try Self.glass(CGRect(x: 10, y: 15, width: 8, height: 5))])
        #expect(Self.rows(glassed) == [10..<28, 42..<70])
        // A placeholder box at the top, partly over the store.
        let boxed = try Self.composition(after: [.placeholder(CGRect(x: 0, y: 0, width: 4, height: 6))])
        #expect(Self.rows(boxed) == [14..<70])
        for (composition, name) in [(alone, "alone"), (glassed, "glass over it"), (boxed, "a box over it")] {
            try Self.expectSameYUV(composition, name)
        }
    }

    /// A store starting on an odd frame row pairs its rows the other way; its converted rows
    /// (`StoreYUV`, from the second frame that asks on) give the same bytes as converting it in
    /// place: `expectSameYUV` converts the same composition eight times.
    @Test func aStoreOnAnOddRowGivesTheSameBytesConvertedOnceOrEachTime() throws {
        let photo = try Layers.noise(60, 61, opaque: true, seed: 9)
        let odd = FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: .white,
                                   items: [.layer(Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 30.5), store: photo), shift: CGPoint(x: 0, y: 2.5), alpha: 1)])
        #expect(Self.rows(odd) == [5..<66])
        try Self.expectSameYUV(odd, "a store from row 5")
    }

    /// `StoreYUV` holds the store's yuv420p rows for both pairings: from its first row, they are
    /// the conversion of the store's even rows; from its second, of the store less its first row.
    @Test func storeRowsAreTheStoresConversionForBothPairings() throws {
        let store = try Layers.noise(8, 7, opaque: true, seed: 5)
        func rows(_ from: Int, _ count: Int) throws -> Data {
            let part = try Bitmap(pixelWidth: 8, pixelHeight: count, scale: 2) { context in
                context.draw(store, in: CGRect(x: 0, y: -CGFloat(from) / 2, width: 4, height: 3.5))
            }
            return try YUV420.bytes(of: part, frame: 0)
        }
        let yuv = try #require(StoreYUV(store, portable: false))
        for (parity, expected) in [(0, try rows(0, 6)), (1, try rows(1, 6))] {
            let luma = Data(UnsafeBufferPointer(start: yuv.luma + parity * 8, count: 48))
            let cb = Data(UnsafeBufferPointer(start: yuv.cb[parity], count: 12)), cr = Data(UnsafeBufferPointer(start: yuv.cr[parity], count: 12))
            #expect(luma + cb + cr == expected, "pairs from row \(parity)")
        }
        // Asked for by one frame, a store keeps nothing; from the second, the same rows each time.
        let slotted = try Layers.noise(8, 4, opaque: true, seed: 6)
        #expect(StoreYUVSlot.rows(of: slotted, portable: false) == nil)
        let second = try #require(StoreYUVSlot.rows(of: slotted, portable: false))
        #expect(StoreYUVSlot.rows(of: slotted, portable: false) === second)
    }

    /// Frames converted on several threads at once share each store's converted rows (made
    /// once, under the store's lock) and all give the whole frame's bytes.
    @Test func framesOnManyThreadsShareAStoresRows() throws {
        let composition = try Self.composition(after: [try Self.glass(CGRect(x: 10, y: 15, width: 8, height: 5))])
        let whole = try YUV420.bytes(of: try composition.render(), frame: 0)
        let results = Mutex<[Data]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let bytes = try? YUV420.bytes(of: composition, width: 60, height: 80, frame: i, pool: PixelBufferPool(retainedLimit: 0), bandRows: 16)
            results.withLock { $0.append(bytes ?? Data()) }
        }
        #expect(results.withLock { $0 } == Array(repeating: whole, count: 8))
    }

    @Test func storesThatAreNotCopiedAcrossTheFrameGiveNoRows() throws {
        // Faded (an update animation's alpha): blended, not copied.
        let faded = try Self.composition(after: [], photoAlpha: 0.5)
        // Narrower than the frame: the rows hold other pixels beside it.
        let narrow = try Self.composition(after: [], photoWidth: 20)
        // Off the pixel grid: resampled.
        let photo = try Layers.noise(60, 60, opaque: true, seed: 7)
        let offGrid = FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: .white,
                                       items: [.layer(Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 30), store: photo), shift: CGPoint(x: 0, y: 2.25), alpha: 1)])
        // Under a clipping supernode.
        let clipped = FrameComposition(viewport: CGSize(width: 30, height: 40), scale: 2, background: .white,
                                       items: [.layer(Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 40), store: nil, sublayers: [
                                           Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 30), store: photo)], clips: true), shift: .zero, alpha: 1)])
        for (composition, name) in [(faded, "faded"), (narrow, "narrow"), (offGrid, "off the grid"), (clipped, "clipped")] {
            #expect(Self.rows(composition).isEmpty, "\(name)")
            try Self.expectSameYUV(composition, name)
        }
    }

    /// A later opaque store across the frame replaces the earlier one's rows; rows outside the
    /// frame are dropped.
    @Test func theLastStoreOverARowOwnsIt() throws {
        let top = try Layers.noise(60, 40, opaque: true, seed: 11)
        let second = FrameComposition.Item.layer(Layers.layer(CGRect(x: 0, y: 0, width: 30, height: 20), store: top), shift: CGPoint(x: 0, y: 25), alpha: 1)
        let both = try Self.composition(after: [second])
        let found = both.directRows(width: 60, height: 80)
        #expect(found.map(\.rows) == [10..<50, 50..<80])
        guard case .store(let last)? = found.last?.source else { Issue.record("the last rows are not a store's: \(found)"); return }
        #expect(last === top && found.last?.top == 50)
        try Self.expectSameYUV(both, "two stores")
    }

    @Test func rowsLessSkippedRuns() {
        #expect(FrameComposition.rows(0..<10, less: []) == [0..<10])
        #expect(FrameComposition.rows(0..<10, less: [2..<4, 6..<7]) == [0..<2, 4..<6, 7..<10])
        #expect(FrameComposition.rows(4..<10, less: [0..<5, 9..<20]) == [5..<9])
        #expect(FrameComposition.rows(4..<10, less: [0..<20]) == [])
    }
}
