import Foundation

/// The content offsets of a scroll, one per frame: at most `WeftLimits.maximumFrames`, each finite;
/// and the edits made at given frames (`editing(atFrame:_:)`), which the frames show, animated as
/// UIKit animates a batch update (see `FrameSequence+Edits.swift`).
/// Sendable value; use from any context.
public struct FrameSequence: Sendable, Equatable {
    public let offsets: [CGPoint]
    /// The scripted edits, in frame order (edits at the same frame in the order they were added).
    public internal(set) var edits: [Edit] = []
    /// How many frames make a second: the rate an update animation is sampled at. 60 unless the
    /// sequence was made with another (`deceleration(framesPerSecond:)`); 1 to
    /// `WeftLimits.maximumFramesPerSecond`, checked when the sequence is rendered.
    public var framesPerSecond = 60
    /// How long an animated batch update animates, in seconds; see `defaultUpdateAnimationDuration`.
    /// 0 shows every change at once. Finite and 0 to 10, checked when the sequence is rendered.
    public var updateAnimationDuration: TimeInterval = FrameSequence.defaultUpdateAnimationDuration

    /// A sequence of these offsets, unchecked: a sequence that is too long or holds a NaN or
    /// infinite offset is reported here and refused with an error by whatever renders it. Prefer
    /// `init(validating:)`, which throws at once.
    public init(offsets: [CGPoint]) {
        self.offsets = offsets
        if let problem = Self.problem(in: offsets) {
            WeftDiagnostics.report(.collection, "FrameSequence(offsets:)", "\(problem); rendering this sequence will throw")
        }
    }

    /// A sequence of these offsets; throws `tooManyFrames` past `WeftLimits.maximumFrames`, and
    /// `invalidSequence` (naming the frame and its value) for an offset that is not finite.
    public init(validating offsets: [CGPoint]) throws(CollectionError) {
        if let problem = Self.problem(in: offsets) { throw problem }
        self.offsets = offsets
    }

    /// A sequence of `offsets` known to be valid (finite, within the limit).
    init(checked offsets: [CGPoint]) { self.offsets = offsets }

    /// Throws the error rendering this sequence would hit, if any: what the validating init checks,
    /// the frame rate and the animation duration.
    public func validate() throws(CollectionError) {
        if let problem = Self.problem(in: offsets) { throw problem }
        guard (1...WeftLimits.maximumFramesPerSecond).contains(framesPerSecond) else {
            throw .invalidSequence("framesPerSecond is \(framesPerSecond); it must be 1 to \(WeftLimits.maximumFramesPerSecond) (WeftLimits.maximumFramesPerSecond)")
        }
        guard updateAnimationDuration.isFinite, (0...10).contains(updateAnimationDuration) else {
            throw .invalidSequence("updateAnimationDuration is \(updateAnimationDuration) s; it must be 0 to 10 seconds")
        }
        if let late = edits.first(where: { $0.frame >= offsets.count }) {
            throw .invalidSequence("an edit is scripted at frame \(late.frame), but the sequence has \(offsets.count) frames (0 to \(offsets.count - 1))")
        }
    }

    private static func problem(in offsets: [CGPoint]) -> CollectionError? {
        if offsets.count > WeftLimits.maximumFrames { return .tooManyFrames(offsets.count, limit: WeftLimits.maximumFrames) }
        if let index = offsets.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            return .invalidSequence("frame \(index + 1) has the offset (\(offsets[index].x), \(offsets[index].y)); offsets must be finite")
        }
        return nil
    }

    /// How intermediate frames move between two offsets.
    public enum Curve: String, Sendable, CaseIterable {
        case linear
        /// Slow at both ends (cubic ease-in-out), as an animated scroll.
        case eased
    }

    /// `count` frames from `start` to `end` inclusive.
    public static func scroll(from start: CGPoint, to end: CGPoint, frames count: Int, curve: Curve = .linear) throws(CollectionError) -> FrameSequence {
        guard count > 0 else { throw .invalidSequence("a sequence needs at least 1 frame, not \(count)") }
        guard count <= WeftLimits.maximumFrames else { throw .tooManyFrames(count, limit: WeftLimits.maximumFrames) }
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else {
            throw .invalidSequence("offsets must be finite, not \(start) → \(end)")
        }
        if count == 1 { return FrameSequence(checked: [start]) }
        return FrameSequence(checked: (0..<count).map { frame in
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
            throw .invalidSequence("deceleration needs a finite velocity and a positive frame rate, not (\(velocity.x), \(velocity.y)) at \(framesPerSecond) frames a second")
        }
        guard start.x.isFinite, start.y.isFinite, bounds.min.x.isFinite, bounds.min.y.isFinite, bounds.max.x.isFinite, bounds.max.y.isFinite else {
            throw .invalidSequence("deceleration needs a finite start and bounds, not (\(start.x), \(start.y)) in \(bounds.min)…\(bounds.max)")
        }
        let r = rate.value, logRate = log(r)
        let speed = max(abs(velocity.x), abs(velocity.y))
        // Velocity decays as rate^ms: it falls below 0.5 pt/s after log(0.5 / speed) / log(rate) ms.
        let durationMs = speed > 0.5 ? log(0.5 / speed) / logRate : 0
        // Compared as a float first: a huge frame rate would overflow the conversion to Int.
        let exactFrames = (durationMs / 1000 * CGFloat(framesPerSecond)).rounded(.up) + 1
        guard exactFrames <= CGFloat(WeftLimits.maximumFrames) else {
            throw .invalidSequence("a fling of (\(velocity.x), \(velocity.y)) points a second at \(framesPerSecond) frames a second would last \(exactFrames) frames; the limit is \(WeftLimits.maximumFrames) (WeftLimits.maximumFrames)")
        }
        let frames = max(1, Int(exactFrames))
        var sequence = FrameSequence(checked: (0..<frames).map { frame in
            let ms = CGFloat(frame) * 1000 / CGFloat(framesPerSecond)
            // Distance is the integral of v × rate^t: v × (rate^t − 1) / ln(rate), in ms.
            let travelled = (pow(r, ms) - 1) / logRate / 1000
            let x = start.x + velocity.x * travelled, y = start.y + velocity.y * travelled
            return CGPoint(x: min(max(x, bounds.min.x), bounds.max.x), y: min(max(y, bounds.min.y), bounds.max.y))
        })
        sequence.framesPerSecond = framesPerSecond
        return sequence
    }

    public var count: Int { offsets.count }
}
