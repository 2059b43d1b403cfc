import Foundation
import Synchronization

/// The screen scale that layout rounds to; Texture's `ASScreenScale()`.
///
/// Texture reads it from the device; here it is a process-wide setting, 2 by default (Texture's
/// reference images are recorded at 2). It is independent of the scale a picture is rendered at.
/// `withScreenScale(_:_:)` overrides it for one task. Thread-safe.
public func ASScreenScale() -> CGFloat { ScreenScaleOverride.value ?? screenScale.withLock { $0 } }

/// Runs `body` with `ASScreenScale()` returning `scale` in this task only (other tasks and threads
/// keep the process-wide value), so tests of different scales can run side by side.
public func withScreenScale<R>(_ scale: CGFloat, _ body: () throws -> R) rethrows -> R {
    try ScreenScaleOverride.$value.withValue(scale, operation: body)
}

private enum ScreenScaleOverride {
    @TaskLocal static var value: CGFloat?
}

/// The scale `withScreenScale` set for this task, if any: captured by work that continues on
/// another thread (concurrent layout), which a task-local value would not follow.
func screenScaleOverride() -> CGFloat? { ScreenScaleOverride.value }

/// Runs `body` with the override captured by `screenScaleOverride()`.
func withScreenScaleOverride<R>(_ scale: CGFloat?, _ body: () throws -> R) rethrows -> R {
    guard let scale else { return try body() }
    return try ScreenScaleOverride.$value.withValue(scale, operation: body)
}

/// Sets the process-wide screen scale. Values that are not finite and positive are ignored.
public func ASSetScreenScale(_ scale: CGFloat) {
    guard scale.isFinite, scale > 0 else { return }
    screenScale.withLock { $0 = scale }
}

private let screenScale = Mutex<CGFloat>(2)

/// Texture's tolerance for floating-point noise when snapping to pixels (`FLT_EPSILON`): 100.666…69
/// at scale 3 stays 100.67 instead of becoming 101.
private let pixelEpsilon = CGFloat(Float.ulpOfOne)

/// Rounds `value` up to the screen's pixel grid; Texture's `ASCeilPixelValue`.
public func ASCeilPixelValue(_ value: CGFloat) -> CGFloat {
    let scale = ASScreenScale()
    return ((value - pixelEpsilon) * scale).rounded(.up) / scale
}

/// Rounds `value` down to the screen's pixel grid; Texture's `ASFloorPixelValue`.
public func ASFloorPixelValue(_ value: CGFloat) -> CGFloat {
    let scale = ASScreenScale()
    return ((value + pixelEpsilon) * scale).rounded(.down) / scale
}

/// Rounds `value` to the nearest pixel of the screen's grid; Texture's `ASRoundPixelValue`.
public func ASRoundPixelValue(_ value: CGFloat) -> CGFloat {
    let scale = ASScreenScale()
    return (value * scale).rounded() / scale
}
