import Foundation

/// A gallery's frames as arithmetic: items of one size in lines, section after section. Answers
/// rect and item queries in what they cover, so a gallery of a million items needs no stored
/// frame, attribute or index per item (its layout costs one number per section).
///
/// The frames are exactly those the gallery's loop over every item gave (same operations, same
/// order of floating-point sums), so pixels do not change. Immutable; use from any thread.
struct GalleryLayoutGeometry: CollectionLayoutGeometry {
    let vertical: Bool
    let itemSize: CGSize
    let lineSpacing: CGFloat
    let interitemSpacing: CGFloat
    let inset: UIEdgeInsets
    let perLine: Int
    /// Per section: where its first line starts along the scroll, and its item count.
    private let sectionStarts: [CGFloat]
    private let sectionCounts: [Int]
    /// Where each section ends along the scroll, its bottom (or right) inset included.
    private let sectionEnds: [CGFloat]
    let contentLength: CGFloat
    /// Whether lines and sections advance along the scroll (finite sizes, no negative spacing or
    /// inset), which the bisection and the line arithmetic rely on; otherwise queries test every item.
    private let ordered: Bool

    private var itemAcross: CGFloat { vertical ? itemSize.width : itemSize.height }
    private var itemAlong: CGFloat { vertical ? itemSize.height : itemSize.width }

    init(vertical: Bool, itemSize: CGSize, lineSpacing: CGFloat, interitemSpacing: CGFloat, inset: UIEdgeInsets,
         crossLength: CGFloat, itemCounts: [Int]) {
        self.vertical = vertical
        self.itemSize = itemSize
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.inset = inset
        let across = vertical ? itemSize.width : itemSize.height, along = vertical ? itemSize.height : itemSize.width
        let fitting = ((crossLength + interitemSpacing) / (across + interitemSpacing)).rounded(.down)
        // At least one item a line; an infinite viewport (or a huge quotient) puts every item on
        // one line, as a huge finite one does; NaN gives one a line.
        perLine = fitting >= 1 ? Int(min(fitting, CGFloat(Int32.max))) : 1
        var starts: [CGFloat] = [], ends: [CGFloat] = []
        starts.reserveCapacity(itemCounts.count)
        ends.reserveCapacity(itemCounts.count)
        var position: CGFloat = 0
        for count in itemCounts {
            position += vertical ? inset.top : inset.left
            starts.append(position)
            let lines = (count + perLine - 1) / perLine
            position += CGFloat(lines) * along + CGFloat(max(0, lines - 1)) * lineSpacing + (vertical ? inset.bottom : inset.right)
            ends.append(position)
        }
        let alongInsets = vertical ? [inset.top, inset.bottom] : [inset.left, inset.right]
        ordered = along.isFinite && along > 0 && lineSpacing.isFinite && lineSpacing >= 0 && alongInsets.allSatisfy { $0.isFinite && $0 >= 0 }
        sectionStarts = starts
        sectionEnds = ends
        sectionCounts = itemCounts
        contentLength = position
    }

    func frameForItem(section: Int, item: Int) -> CGRect {
        let line = item / perLine, place = item % perLine
        let a = sectionStarts[section] + CGFloat(line) * (itemAlong + lineSpacing)
        let c = (vertical ? inset.left : inset.top) + CGFloat(place) * (itemAcross + interitemSpacing)
        return CGRect(origin: vertical ? CGPoint(x: c, y: a) : CGPoint(x: a, y: c), size: itemSize)
    }

    func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard indexPath.count == 2, sectionCounts.indices.contains(indexPath.section),
              (0..<sectionCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        return frameForItem(section: indexPath.section, item: indexPath.item)
    }

    /// The items whose frames intersect `rect`, in layout order: exactly the filter over every
    /// frame. Candidates are the lines the rect's span along the scroll reaches, widened by one
    /// line each way so rounding cannot drop one; the exact test then decides.
    func items(in rect: CGRect) -> [(indexPath: IndexPath, frame: CGRect)] {
        guard !rect.isNull, !rect.origin.x.isNaN, !rect.origin.y.isNaN, !rect.width.isNaN, !rect.height.isNaN else { return [] }
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let pitch = itemAlong + lineSpacing
        guard ordered else { return everyItem(in: rect) }
        // Sections whose span reaches [low, high]; ends ascend, so the first is found by bisection.
        var section = firstSection(endingAtOrAfter: low)
        var result: [(indexPath: IndexPath, frame: CGRect)] = []
        while section < sectionStarts.count, sectionStarts[section] - pitch <= high {
            let count = sectionCounts[section]
            if count > 0 {
                let lines = (count + perLine - 1) / perLine
                let first = Self.line(of: low - sectionStarts[section], pitch: pitch, lines: lines, widen: -1)
                let last = Self.line(of: high - sectionStarts[section], pitch: pitch, lines: lines, widen: 1)
                if first <= last {
                    for item in (first * perLine)..<min(count, (last + 1) * perLine) {
                        let frame = frameForItem(section: section, item: item)
                        if frame.intersects(rect) { result.append((IndexPath(item: item, section: section), frame)) }
                    }
                }
            }
            section += 1
        }
        return result
    }

    private func everyItem(in rect: CGRect) -> [(indexPath: IndexPath, frame: CGRect)] {
        var result: [(indexPath: IndexPath, frame: CGRect)] = []
        for (section, count) in sectionCounts.enumerated() {
            for item in 0..<count {
                let frame = frameForItem(section: section, item: item)
                if frame.intersects(rect) { result.append((IndexPath(item: item, section: section), frame)) }
            }
        }
        return result
    }

    /// The line at `distance` along a section, widened by `widen` and clamped to its lines.
    private static func line(of distance: CGFloat, pitch: CGFloat, lines: Int, widen: Int) -> Int {
        guard pitch > 0, distance.isFinite else { return distance < 0 ? 0 : lines - 1 }
        let raw = (distance / pitch).rounded(.down)
        guard raw.isFinite else { return raw < 0 ? 0 : lines - 1 }
        let clamped = max(-1, min(CGFloat(lines), raw))
        return max(0, min(lines - 1, Int(clamped) + widen))
    }

    private func firstSection(endingAtOrAfter low: CGFloat) -> Int {
        var lower = 0, upper = sectionEnds.count
        while lower < upper {
            let middle = (lower + upper) / 2
            // A section's items can start before its inset ends; one pitch of slack keeps them.
            if sectionEnds[middle] + itemAlong + lineSpacing < low { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }
}
