import Foundation
import Synchronization
import Testing
@testable import Weft

/// A cell that records its interface-state callbacks.
final class RecordingCell: ASCellNode, @unchecked Sendable {
    // SAFETY: `log` is a mutex.
    let log = Mutex<[String]>([])
    init(size: CGSize) {
        super.init()
        style.preferredSize = size
        // Draws something, so a cell in the display range has a backing store to keep or drop.
        displayBlock = { bounds, context, _ in context.fill(bounds, with: .gray) }
    }
    private func note(_ event: String) { log.withLock { $0.append(event) } }
    override func didEnterPreloadState() { super.didEnterPreloadState(); note("enter preload") }
    override func didExitPreloadState() { super.didExitPreloadState(); note("exit preload") }
    override func didEnterDisplayState() { super.didEnterDisplayState(); note("enter display") }
    override func didExitDisplayState() { super.didExitDisplayState(); note("exit display") }
    override func didEnterVisibleState() { super.didEnterVisibleState(); note("enter visible") }
    override func didExitVisibleState() { super.didExitVisibleState(); note("exit visible") }
    func take() -> [String] { log.withLock { log in defer { log = [] }; return log } }
}

/// `count` recording cells of `size`, in one section.
final class RecordingSource: ASCollectionDataSource, ASCollectionDelegate, @unchecked Sendable {
    // SAFETY: `count` is used on the test's thread; `cells` is a mutex.
    var count: Int
    let size: CGSize
    let cells = Mutex<[Int: RecordingCell]>([:])
    init(count: Int, size: CGSize = CGSize(width: 40, height: 10)) {
        self.count = count
        self.size = size
    }
    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { count }
    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        let size = self.size, item = indexPath.item
        return { [self] in
            let cell = RecordingCell(size: size)
            self.cells.withLock { $0[item] = cell }
            return cell
        }
    }
    func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
        ASSizeRange(exactly: size)
    }
    func cell(_ item: Int) -> RecordingCell { cells.withLock { $0[item]! } }
}

@MainActor @Suite struct RangeControllerTests {
    /// A vertical list of 10-point rows in a 40 × 40 viewport.
    private func list(_ source: RecordingSource, mode: ASCellLayoutMode = []) -> ASCollectionNode {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        let node = ASCollectionNode(collectionViewLayout: layout)
        node.cellLayoutMode = mode
        node.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        node.dataSource = source
        node.delegate = source
        return node
    }

    /// The items of 10-point rows that a rect [low, high) along the scrolling axis touches.
    private func rows(_ low: CGFloat, _ high: CGFloat, count: Int) -> Set<Int> {
        Set((0..<count).filter { CGFloat($0) * 10 < high && CGFloat($0) * 10 + 10 > low })
    }

    /// The states Texture gives each row at `offset`, computed from the tuning table by hand.
    private func expectedStates(offset: CGFloat, full: Bool, down: Bool, count: Int) -> [ASInterfaceState] {
        let (display, preload): ((CGFloat, CGFloat), (CGFloat, CGFloat)) = full ? ((1, 0.5), (2.5, 1.5)) : ((0.25, 0.25), (0.5, 0.25))
        func range(_ p: (leading: CGFloat, trailing: CGFloat)) -> Set<Int> {
            let ahead = down ? p.leading : p.trailing, behind = down ? p.trailing : p.leading
            return rows(offset - behind * 40, offset + 40 + ahead * 40, count: count)
        }
        let visible = rows(offset, offset + 40, count: count), inDisplay = range(display), inPreload = range(preload)
        return (0..<count).map { i in
            if visible.contains(i) { return .inHierarchy }
            var state: ASInterfaceState = .measureLayout
            if inPreload.contains(i) { state.insert(.preload) }
            if inDisplay.contains(i) { state.insert(.display) }
            return state
        }
    }

    /// Texture's callback order for a change of state: preload, display, visible.
    private func callbacks(from old: ASInterfaceState, to new: ASInterfaceState) -> [String] {
        [(ASInterfaceState.preload, "preload"), (.display, "display"), (.visible, "visible")].compactMap { state, name in
            if new.contains(state) && !old.contains(state) { return "enter \(name)" }
            if old.contains(state) && !new.contains(state) { return "exit \(name)" }
            return nil
        }
    }

    @Test func scrollingALongListDrivesEachCellThroughTexturesRanges() throws {
        let count = 60
        let source = RecordingSource(count: count)
        let node = list(source)
        let down = stride(from: CGFloat(0), through: 200, by: 10).map { ($0, true) }
        let up = stride(from: CGFloat(190), through: 100, by: -10).map { ($0, false) }
        var states = [ASInterfaceState](repeating: [], count: count)
        for (frame, (offset, towardTail)) in (down + up).enumerated() {
            _ = try node.snapshot(at: CGPoint(x: 0, y: offset), scale: 1)
            // The first frame is in minimum mode; the first offset different from it switches to full.
            #expect(node.rangeController.currentRangeMode == (frame == 0 ? .minimum : .full))
            let expected = expectedStates(offset: offset, full: frame > 0, down: towardTail, count: count)
            for item in 0..<count {
                let cell = source.cell(item)
                #expect(cell.interfaceState == expected[item], "item \(item) at offset \(offset)")
                #expect(cell.take() == callbacks(from: states[item], to: expected[item]), "item \(item) at offset \(offset)")
                if !expected[item].contains(.display) { #expect(cell.contents == nil, "item \(item) at offset \(offset) keeps its backing store") }
                if expected[item].contains(.visible) { #expect(cell.contents != nil) }
            }
            states = expected
        }
    }

    @Test func theFirstFrameUsesTheMinimumRangesComputedByHand() throws {
        let source = RecordingSource(count: 30)
        let node = list(source)
        _ = try node.snapshot(scale: 1)
        // Minimum display 0.25/0.25 of a 40-point viewport: rows touching [-10, 50), preload [-10, 60).
        let display = (0..<30).filter { source.cell($0).interfaceState.contains(.display) }
        let preload = (0..<30).filter { source.cell($0).interfaceState.contains(.preload) }
        let visible = (0..<30).filter { source.cell($0).interfaceState.contains(.visible) }
        #expect(visible == [0, 1, 2, 3])
        #expect(display == [0, 1, 2, 3, 4])
        #expect(preload == [0, 1, 2, 3, 4, 5])
        // The same offset again is no scroll: still minimum.
        _ = try node.snapshot(scale: 1)
        #expect(node.rangeController.currentRangeMode == .minimum)
        // Scrolled by 10: full, display 1/0.5 → [-10, 90), preload 2.5/1.5 → [-50, 150).
        _ = try node.snapshot(at: CGPoint(x: 0, y: 10), scale: 1)
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.display) } == Array(0...8))
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.preload) } == Array(0...14))
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.visible) } == Array(1...4))
    }

    @Test func defaultsAreTextures() {
        let node = ASCollectionNode()
        let p = ASRangeTuningParameters.init(leadingBufferScreenfuls:trailingBufferScreenfuls:)
        #expect(node.tuningParameters(for: .display) == p(1, 0.5))
        #expect(node.tuningParameters(for: .preload) == p(2.5, 1.5))
        #expect(node.tuningParameters(for: .minimum, rangeType: .display) == p(0.25, 0.25))
        #expect(node.tuningParameters(for: .minimum, rangeType: .preload) == p(0.5, 0.25))
        for mode in [ASLayoutRangeMode.visibleOnly, .lowMemory] {
            for type in ASLayoutRangeType.allCases { #expect(node.tuningParameters(for: mode, rangeType: type) == .zero) }
        }
        let pager = ASPagerNode()
        #expect(pager.tuningParameters(for: .minimum, rangeType: .display) == p(0, 0))
        #expect(pager.tuningParameters(for: .minimum, rangeType: .preload) == p(1, 1))
        #expect(pager.tuningParameters(for: .display) == p(1, 1))
        #expect(pager.tuningParameters(for: .preload) == p(2, 2))
    }

    @Test func setTuningParametersChangesTheRangesAtTheNextFrame() throws {
        let source = RecordingSource(count: 30)
        let node = list(source)
        _ = try node.snapshot(scale: 1)
        _ = try node.snapshot(at: CGPoint(x: 0, y: 10), scale: 1)
        node.setTuningParameters(.zero, for: .display)
        node.setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0), for: .preload)
        _ = try node.snapshot(at: .zero, scale: 1)
        // Scrolled up to 0: leading is above; display is the viewport, preload [0-40, 40) ∪ nothing below.
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.display) } == [0, 1, 2, 3])
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.preload) } == [0, 1, 2, 3])
        #expect(source.cell(4).interfaceState == .measureLayout)
        #expect(source.cell(4).contents == nil)
    }

    @Test func lowMemoryEmptiesTheDisplayRangeAndVisibleOnlyKeepsTheViewport() throws {
        let source = RecordingSource(count: 30)
        let node = list(source)
        _ = try node.snapshot(scale: 1)
        _ = try node.snapshot(at: CGPoint(x: 0, y: 10), scale: 1)
        #expect(source.cell(8).interfaceState.contains(.display))
        node.updateCurrentRange(with: .lowMemory)
        _ = try node.snapshot(at: .zero, scale: 1)
        #expect(node.rangeController.currentRangeMode == .lowMemory)
        let displayed = (0..<30).filter { source.cell($0).interfaceState.contains(.display) }
        #expect(displayed == [0, 1, 2, 3])
        #expect((4..<30).allSatisfy { source.cell($0).contents == nil })
        node.updateCurrentRange(with: .visibleOnly)
        _ = try node.snapshot(at: CGPoint(x: 0, y: 20), scale: 1)
        #expect((0..<30).filter { source.cell($0).interfaceState.contains(.preload) } == [2, 3, 4, 5])
        // The forced mode lasts one update; the next goes back to full.
        _ = try node.snapshot(at: CGPoint(x: 0, y: 30), scale: 1)
        #expect(node.rangeController.currentRangeMode == .full)
    }

    @Test func badTuningParametersAreRepairedAndReported() {
        let node = ASCollectionNode()
        node.debugName = "tuning-\(UUID())"
        let (_, reports) = WeftDiagnostics.collect(matching: node.debugName!) {
            node.setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: -1, trailingBufferScreenfuls: .infinity), for: .preload)
        }
        #expect(node.tuningParameters(for: .preload) == ASRangeTuningParameters(leadingBufferScreenfuls: 0, trailingBufferScreenfuls: WeftLimits.maximumRangeScreenfuls))
        #expect(reports.count == 1)
        #expect(reports.first?.message.contains("leading -1.0") == true)
    }

    @Test func aPagerPreloadsTheNextPageButDisplaysOnlyItsOwnAtFirst() throws {
        final class Pages: ASPagerDataSource {
            let cells = (0..<5).map { _ in RecordingCell(size: .zero) }
            func numberOfPages(in pagerNode: ASPagerNode) -> Int { 5 }
            func pagerNode(_ pagerNode: ASPagerNode, nodeAt index: Int) -> ASCellNode { cells[index] }
        }
        let pages = Pages()
        let pager = ASPagerNode()
        pager.frame = CGRect(x: 0, y: 0, width: 50, height: 30)
        pager.setDataSource(pages)
        _ = try pager.snapshot(scale: 1)
        #expect(pages.cells[0].interfaceState == .inHierarchy)
        #expect(pages.cells[1].interfaceState == [.measureLayout, .preload])
        #expect(pages.cells[2].interfaceState == .measureLayout)
        _ = try pager.snapshot(at: CGPoint(x: 50, y: 0), scale: 1)
        // Full: display 1/1 → pages 0…2, preload 2/2 → pages 0…3.
        #expect(pages.cells.map(\.interfaceState) == [[.measureLayout, .preload, .display], .inHierarchy,
                                                      [.measureLayout, .preload, .display], [.measureLayout, .preload], .measureLayout])
    }
}
