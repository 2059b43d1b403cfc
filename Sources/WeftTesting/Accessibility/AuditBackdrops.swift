import Foundation
import Weft

/// The painted nodes that can be behind text in an audit (those with a background colour or a
/// backing store), indexed by place, so each text node looks only at the ones whose frame
/// covers its own instead of at every node painted before it: 10,000 text nodes took a minute
/// that way, 100,000 would have taken hours.
///
/// A uniform grid over the backdrops' bounds: a backdrop is listed in each cell it overlaps, or,
/// when it overlaps more than `maximumCells`, in `large`, which every lookup reads. A backdrop
/// that covers a frame covers the frame's top-left corner, so the corner's cell and `large` hold
/// every candidate. Made and used by one audit, on its thread.
struct AuditBackdrops {
    private static let side = 64
    private static let maximumCells = 16

    let painted: [DrawnNode]
    private let backgrounds: [UIColor?]
    private var cells: [[Int]]
    private var large: [Int] = []
    private let bounds: CGRect

    init(_ painted: [DrawnNode]) {
        let colors = painted.map(\.node.backgroundColor)
        let candidates = painted.indices.filter { colors[$0] != nil || painted[$0].node.contents != nil }
        let frames = candidates.map { painted[$0].frame }.filter { $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite }
        self.painted = painted
        backgrounds = colors
        bounds = frames.reduce(CGRect.null) { $0.union($1) }
        cells = Array(repeating: [], count: Self.side * Self.side)
        for index in candidates {
            let frame = painted[index].frame
            let (x0, y0) = cell(of: CGPoint(x: frame.minX, y: frame.minY))
            let (x1, y1) = cell(of: CGPoint(x: frame.maxX, y: frame.maxY))
            if (x1 - x0 + 1) * (y1 - y0 + 1) > Self.maximumCells {
                large.append(index)
                continue
            }
            for y in y0...y1 {
                for x in x0...x1 { cells[y * Self.side + x].append(index) }
            }
        }
    }

    /// The background colour of the entry at `index`, read once.
    func background(at index: Int) -> UIColor? { backgrounds[index] }

    /// The indices, at most `index`, of backdrops whose frame contains `frame`, nearest (last
    /// painted) first.
    func covering(_ frame: CGRect, upTo index: Int) -> [Int] {
        let (x, y) = cell(of: frame.origin)
        let found = (cells[y * Self.side + x] + large).filter { $0 <= index && painted[$0].frame.contains(frame) }
        return found.sorted(by: >)
    }

    /// The grid cell of `point`, clamped to the grid (a NaN coordinate gives the first cell).
    private func cell(of point: CGPoint) -> (Int, Int) {
        func index(_ value: CGFloat, _ origin: CGFloat, _ length: CGFloat) -> Int {
            guard length > 0, length.isFinite else { return 0 }
            let position = (value - origin) / length * CGFloat(Self.side)
            guard !position.isNaN else { return 0 }
            return Int(min(max(position.rounded(.down), 0), CGFloat(Self.side - 1)))
        }
        guard !bounds.isNull else { return (0, 0) }
        return (index(point.x, bounds.minX, bounds.width), index(point.y, bounds.minY, bounds.height))
    }
}
