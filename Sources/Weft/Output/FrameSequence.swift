import Foundation

/// The content offsets of a scroll, one per frame. Sendable value; use from any context.
public struct FrameSequence: Sendable, Equatable {
    public let offsets: [CGPoint]

    public init(offsets: [CGPoint]) { self.offsets = offsets }

    /// How intermediate frames move between two offsets.
    public enum Curve: String, Sendable, CaseIterable {
        case linear
        /// Slow at both ends (cubic ease-in-out), as an animated scroll.
        case eased
    }

    /// `count` frames from `start` to `end` inclusive.
    public static func scroll(from start: CGPoint, to end: CGPoint, frames count: Int, curve: Curve = .linear) throws(CollectionError) -> FrameSequence {
        guard count > 0 else { throw .invalidSequence("a sequence needs at least 1 frame, not \(count)") }
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else {
            throw .invalidSequence("offsets must be finite, not \(start) → \(end)")
        }
        if count == 1 { return FrameSequence(offsets: [start]) }
        return FrameSequence(offsets: (0..<count).map { frame in
            let t = CGFloat(frame) / CGFloat(count - 1)
            let p: CGFloat
            switch curve {
            case .linear: p = t
            case .eased: p = t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
            }
            return CGPoint(x: start.x + (end.x - start.x) * p, y: start.y + (end.y - start.y) * p)
        })
    }

    /// UIScrollView's deceleration rates, per millisecond.
    public enum DecelerationRate: Sendable {
        case normal, fast
        public var value: CGFloat { self == .normal ? 0.998 : 0.99 }
    }

    /// A fling: starting at `start` with `velocity` (points per second), slowing by `rate` each
    /// millisecond as UIScrollView does, sampled at `framesPerSecond` until it moves less than half a
    /// point a second, and stopped at `bounds` (the scrollable range).
    public static func deceleration(from start: CGPoint, velocity: CGPoint, rate: DecelerationRate = .normal, framesPerSecond: Int = 60,
                                    bounds: (min: CGPoint, max: CGPoint)) throws(CollectionError) -> FrameSequence {
        guard framesPerSecond > 0, velocity.x.isFinite, velocity.y.isFinite else {
            throw .invalidSequence("deceleration needs a finite velocity and a positive frame rate")
        }
        let r = rate.value, logRate = log(r)
        let speed = max(abs(velocity.x), abs(velocity.y))
        // Velocity decays as rate^ms: it falls below 0.5 pt/s after log(0.5 / speed) / log(rate) ms.
        let durationMs = speed > 0.5 ? log(0.5 / speed) / logRate : 0
        let frames = max(1, Int((durationMs / 1000 * CGFloat(framesPerSecond)).rounded(.up)) + 1)
        guard frames <= 100_000 else { throw .invalidSequence("a fling of \(velocity) would last \(frames) frames") }
        return FrameSequence(offsets: (0..<frames).map { frame in
            let ms = CGFloat(frame) * 1000 / CGFloat(framesPerSecond)
            // Distance is the integral of v × rate^t: v × (rate^t − 1) / ln(rate), in ms.
            let travelled = (pow(r, ms) - 1) / logRate / 1000
            let x = start.x + velocity.x * travelled, y = start.y + velocity.y * travelled
            return CGPoint(x: min(max(x, bounds.min.x), bounds.max.x), y: min(max(y, bounds.min.y), bounds.max.y))
        })
    }

    public var count: Int { offsets.count }
}
