import Foundation

/// Answers "which attributes intersect this rect" in what the rect covers, not in the number of
/// attributes: the attributes are filed in stripes along the scrolling axis, and a query looks only
/// at the stripes the rect crosses. The answer is exactly `attributes.filter { $0.frame.intersects(rect) }`,
/// in the same order (the layout's order, which callers such as the z-order sort rely on).
///
/// Each attribute is filed in every stripe its frame's closed span along the axis touches, so any
/// point it shares with a rect lies in a stripe both touch: the stripes hold every hit, and the
/// exact test runs on them. Attributes whose frame is not finite, and queries by a rect that is
/// not, fall back to the plain filter. Stripes are at least `minimumStripeLength` points and at
/// most `maximumStripes`, so a huge content keeps a bounded table.
/// Immutable once built; use from any thread.
struct LayoutAttributesIndex: @unchecked Sendable {
    // SAFETY: immutable after init; the attributes it holds are the layout's, which their layout
    // only replaces (never mutates) after preparing, on the collection's thread.
    static let minimumStripeLength: CGFloat = 256
    static let maximumStripes = 65_536

    let attributes: [UICollectionViewLayoutAttributes]
    private let vertical: Bool
    private let origin: CGFloat
    private let stripeLength: CGFloat
    /// Indices into `attributes`, ascending, of those touching each stripe.
    private let stripes: [[Int32]]
    /// Indices of attributes whose frame is not finite: tested on every query.
    private let unplaced: [Int32]

    init(_ attributes: [UICollectionViewLayoutAttributes], vertical: Bool) {
        self.attributes = attributes
        self.vertical = vertical
        func span(_ frame: CGRect) -> (CGFloat, CGFloat)? {
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else { return nil }
            return vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
        }
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for a in attributes { if let (l, h) = span(a.frame) { low = min(low, l); high = max(high, h) } }
        guard low <= high, attributes.count <= Int(Int32.max) else {
            origin = 0; stripeLength = 1; stripes = []; unplaced = attributes.indices.map { Int32($0) }
            return
        }
        let extent = high - low
        // About four attributes a stripe on average, within the bounds above.
        let perStripe = attributes.isEmpty ? extent : extent / CGFloat(attributes.count) * 4
        let length = max(Self.minimumStripeLength, perStripe, extent / CGFloat(Self.maximumStripes - 1))
        let count = min(Self.maximumStripes, Int((extent / length).rounded(.down)) + 1)
        var stripes = [[Int32]](repeating: [], count: count)
        var unplaced: [Int32] = []
        for (index, a) in attributes.enumerated() {
            guard let (l, h) = span(a.frame) else { unplaced.append(Int32(index)); continue }
            let first = min(count - 1, Int(((l - low) / length).rounded(.down)))
            let last = min(count - 1, Int(((h - low) / length).rounded(.down)))
            for stripe in first...last { stripes[stripe].append(Int32(index)) }
        }
        origin = low
        stripeLength = length
        self.stripes = stripes
        self.unplaced = unplaced
    }

    /// The attributes whose frames intersect `rect`, in the layout's order.
    func attributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard let candidates = candidates(in: rect) else { return attributes.filter { $0.frame.intersects(rect) } }
        var result: [UICollectionViewLayoutAttributes] = []
        for c in candidates {
            let a = attributes[Int(c)]
            if a.frame.intersects(rect) { result.append(a) }
        }
        return result
    }

    /// The indices, ascending, of the attributes the exact test runs on for `rect`; nil when every
    /// attribute must be tested (a rect that is not finite).
    func candidates(in rect: CGRect) -> [Int32]? {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        guard !stripes.isEmpty else { return unplaced }
        let (l, h) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        let lastStripe = stripes.count - 1
        let first = Int(max(0, min(CGFloat(lastStripe + 1), ((l - origin) / stripeLength).rounded(.down))))
        let last = Int(max(-1, min(CGFloat(lastStripe), ((h - origin) / stripeLength).rounded(.down))))
        var candidates: [Int32] = unplaced
        if first <= last {
            for stripe in first...last { candidates += stripes[stripe] }
        }
        if first < last || !unplaced.isEmpty {
            // An attribute spanning several stripes is filed in each.
            candidates.sort()
            var unique: [Int32] = []
            unique.reserveCapacity(candidates.count)
            for c in candidates where unique.last != c { unique.append(c) }
            candidates = unique
        }
        return candidates
    }
}
