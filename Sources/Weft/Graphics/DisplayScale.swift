import Foundation

/// Device pixels per point, checked once: finite and within `Bitmap.scaleRange`. A frame request
/// carries one, made where the request's driver is made (`FrameDriver`), so nothing downstream
/// checks the scale again. UIKit's counterpart is `UIScreen.scale` and `UITraitCollection.displayScale`,
/// which are never invalid. Sendable value.
struct DisplayScale: Sendable, Equatable {
    let value: CGFloat

    /// Nil for a scale that is not finite or outside `Bitmap.scaleRange`.
    init?(_ scale: CGFloat) {
        guard scale.isFinite, Bitmap.scaleRange.contains(scale) else { return nil }
        value = scale
    }
}
