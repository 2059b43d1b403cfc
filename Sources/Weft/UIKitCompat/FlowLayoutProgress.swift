import Foundation

/// The settings a flow layout pass works with, fixed when it is prepared, in (along, across):
/// along the scrolling axis and across it. Sendable value; use from any context.
struct FlowLayoutGeometry: Sendable {
    var vertical = true
    var viewport = CGSize.zero
    var sectionInset = UIEdgeInsets.zero
    var lineSpacing: CGFloat = 10
    var interitemSpacing: CGFloat = 10
    /// Right to left, scrolling vertically: the width frames are reflected in (the viewport's), so
    /// a line starts at the right and `sectionInset.left` is kept from the right edge; nil otherwise.
    var mirrorWidth: CGFloat?

    var crossLength: CGFloat { vertical ? viewport.width : viewport.height }
    var viewportLength: CGFloat { vertical ? viewport.height : viewport.width }
    var insetBefore: CGFloat { vertical ? sectionInset.top : sectionInset.left }
    var insetAfter: CGFloat { vertical ? sectionInset.bottom : sectionInset.right }
    var insetStart: CGFloat { vertical ? sectionInset.left : sectionInset.top }
    var insetEnd: CGFloat { vertical ? sectionInset.right : sectionInset.bottom }
    var available: CGFloat { crossLength - insetStart - insetEnd }

    func size(along: CGFloat, across: CGFloat) -> CGSize { vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across) }
    func rect(along: CGFloat, across: CGFloat, _ size: CGSize) -> CGRect {
        if vertical, let mirrorWidth { return CGRect(origin: CGPoint(x: mirrorWidth - across - size.width, y: along), size: size) }
        return CGRect(origin: vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across), size: size)
    }
    func along(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func across(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
}

/// A flow layout worked out as far as its queries have needed: a cursor (section, next item, the
/// line being filled, where the next line starts) and the attributes placed so far, filed in
/// segments, one per extension, each with its own `LayoutAttributesIndex`. The rules are
/// `UICollectionViewFlowLayout`'s; laying out a section in several steps gives exactly the
/// attributes one pass would, because a line only depends on the items before it.
///
/// Item sizes are read through the layout's `collectionView` in chunks of `measuringChunk` items,
/// so the nodes of a chunk are made concurrently (see `ASCollectionViewLayoutProxy.sizesForItems`).
/// Owned by its layout, on the collection's thread.
struct FlowLayoutProgress {
    /// How far past what a query asked an extension goes, in viewports.
    static let stepScreens: CGFloat = 2
    /// How many items' sizes are read at a time.
    static let measuringChunk = 16

    enum Phase { case sectionStart, items }

    /// A run of attributes placed by one extension.
    struct Segment {
        let index: LayoutAttributesIndex
        /// The closed span along the axis its finite frames cover; nil if any frame is not finite
        /// (the segment is then asked every time).
        let span: (low: CGFloat, high: CGFloat)?
    }

    var geometry = FlowLayoutGeometry()
    var sections = 0
    var complete = false
    /// Right to left, scrolling horizontally: the content is reflected in its own width (at least
    /// the viewport's), which is known only at its end, so every extension lays out to the end.
    var mirrorsContent = false
    private var contentMirrored = false

    private var section = 0
    private var phase = Phase.sectionStart
    private var itemCount = 0
    private var nextItem = 0
    private var line: [(item: Int, size: CGSize)] = []
    private var used: CGFloat = 0
    /// Where the next element starts along the axis; the content's length once complete.
    private(set) var along: CGFloat = 0
    private var sizes: [CGSize] = []
    private var sizesStart = 0

    private var segments: [Segment] = []
    /// Whether every segment has a span, and each starts and ends no earlier than the one before.
    private var segmentsAdvance = true
    private var unsealed: [UICollectionViewLayoutAttributes] = []
    private(set) var itemAttributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private(set) var supplementaryAttributes: [String: [IndexPath: UICollectionViewLayoutAttributes]] = [:]

    /// The content laid out so far (all of it once `complete`).
    var contentSize: CGSize { geometry.size(along: along, across: geometry.crossLength) }

    /// Whether the item (or, with `item == .max`, the whole section and its footer) is laid out.
    func hasPassed(section target: Int, item: Int) -> Bool {
        if complete || section > target { return true }
        return section == target && phase == .items && item < nextItem - line.count
    }

    /// Lays out lines until the next element would start past `limit`, or the content ends.
    mutating func extend(through limit: CGFloat, collection: ASCollectionViewLayoutProxy) {
        extend(until: { $0.along > limit }, collection: collection)
    }

    /// Lays out until `done` holds (checked between steps), or the content ends.
    mutating func extend(until done: (FlowLayoutProgress) -> Bool, collection: ASCollectionViewLayoutProxy) {
        while !complete && (mirrorsContent || !done(self)) { step(collection) }
        seal()
        if mirrorsContent && complete && !contentMirrored { mirrorContent() }
    }

    /// Reflects every frame in the content's width (at least the viewport's), before any query has
    /// returned one, and files them again as one segment.
    private mutating func mirrorContent() {
        contentMirrored = true
        let width = max(along, geometry.viewport.width)
        let all = segments.flatMap(\.index.attributes)
        for a in all { a.frame.origin.x = width - a.frame.maxX }
        segments = []
        segmentsAdvance = true
        unsealed = all
        seal()
    }

    /// The attributes placed so far whose frames intersect `rect`, in layout order. While the
    /// segments' spans advance along the axis (they do unless a frame is not finite or a negative
    /// spacing turns back), the first segment the rect reaches is found by bisection and the
    /// walk stops past the rect, so a query costs what it covers, not the segments laid out.
    func attributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        let finite = rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite
        let (low, high) = geometry.vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        var result: [UICollectionViewLayoutAttributes] = []
        var index = finite && segmentsAdvance ? firstSegment(reaching: low) : 0
        while index < segments.count {
            let segment = segments[index]
            index += 1
            if finite, let span = segment.span {
                if span.low > high, segmentsAdvance { break }
                if span.high < low || span.low > high { continue }
            }
            result += segment.index.attributes(in: rect)
        }
        return result
    }

    /// The first segment whose span ends at or after `low`; only while `segmentsAdvance`.
    private func firstSegment(reaching low: CGFloat) -> Int {
        var lower = 0, upper = segments.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if let span = segments[middle].span, span.high < low { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    private mutating func step(_ collection: ASCollectionViewLayoutProxy) {
        guard section < sections else { complete = true; return }
        let g = geometry
        switch phase {
        case .sectionStart:
            let header = collection.supplementaryLength(ofKind: UICollectionView.elementKindSectionHeader, inSection: section)
            if header > 0 {
                add(kind: UICollectionView.elementKindSectionHeader, g.rect(along: along, across: 0, g.size(along: header, across: g.crossLength)))
                along += header
            }
            along += g.insetBefore
            itemCount = collection.numberOfItems(inSection: section)
            nextItem = 0
            line = []
            used = 0
            sizes = []
            sizesStart = 0
            phase = .items
        case .items:
            if nextItem < itemCount {
                let size = sizeOfItem(nextItem, collection)
                let length = g.across(size)
                let needed = line.isEmpty ? length : used + g.interitemSpacing + length
                if !line.isEmpty && needed > g.available + 0.0001 {
                    placeLine(isLast: false)
                    return
                }
                line.append((nextItem, size))
                used = needed
                nextItem += 1
            } else {
                if !line.isEmpty { placeLine(isLast: true) }
                along += g.insetAfter
                let footer = collection.supplementaryLength(ofKind: UICollectionView.elementKindSectionFooter, inSection: section)
                if footer > 0 {
                    add(kind: UICollectionView.elementKindSectionFooter, g.rect(along: along, across: 0, g.size(along: footer, across: g.crossLength)))
                    along += footer
                }
                section += 1
                phase = .sectionStart
            }
        }
    }

    /// UIKit's line rules: leftover space widens a full line's spacing (one item is centred); the
    /// last line of a section keeps the minimum; items are centred across the line's thickness.
    private mutating func placeLine(isLast: Bool) {
        let g = geometry
        let thickness = line.map { g.along($0.size) }.max() ?? 0
        let total = line.map { g.across($0.size) }.reduce(0, +)
        var across = g.insetStart
        var spacing = g.interitemSpacing
        if !isLast {
            if line.count == 1 {
                across = g.insetStart + (g.available - total) / 2
            } else {
                spacing = (g.available - total) / CGFloat(line.count - 1)
            }
        }
        for (item, size) in line {
            let offset = (thickness - g.along(size)) / 2
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
            attributes.frame = g.rect(along: along + offset, across: across, size)
            unsealed.append(attributes)
            itemAttributes[attributes.indexPath] = attributes
            across += g.across(size) + spacing
        }
        along += thickness + (isLast ? 0 : g.lineSpacing)
        line = []
        used = 0
    }

    private mutating func sizeOfItem(_ item: Int, _ collection: ASCollectionViewLayoutProxy) -> CGSize {
        if item - sizesStart >= sizes.count {
            let end = min(itemCount, item + Self.measuringChunk)
            sizes = collection.sizesForItems(inSection: section, in: item..<end)
            sizesStart = item
        }
        return sizes[item - sizesStart]
    }

    private mutating func add(kind: String, _ frame: CGRect) {
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        attributes.frame = frame
        unsealed.append(attributes)
        supplementaryAttributes[kind, default: [:]][attributes.indexPath] = attributes
    }

    /// Files what this extension placed as a segment.
    private mutating func seal() {
        guard !unsealed.isEmpty else { return }
        var low = CGFloat.infinity, high = -CGFloat.infinity, finite = true
        for a in unsealed {
            let f = a.frame
            guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else { finite = false; break }
            low = min(low, geometry.vertical ? f.minY : f.minX)
            high = max(high, geometry.vertical ? f.maxY : f.maxX)
        }
        let span = finite ? (low, high) : nil
        if let span, let previous = segments.last?.span {
            if span.0 < previous.low || span.1 < previous.high { segmentsAdvance = false }
        } else if span == nil {
            segmentsAdvance = false
        }
        segments.append(Segment(index: LayoutAttributesIndex(unsealed, vertical: geometry.vertical), span: span))
        unsealed = []
    }
}
