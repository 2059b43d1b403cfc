import Foundation

// UIKit's drawing functions. Each works on the calling thread's context stack
// (`UIGraphicsContextStack`) and may be called from any thread, as UIKit's may.

/// The context UIKit drawing goes into on this thread: the innermost image context, or the
/// context of the node or view being drawn; nil outside drawing. UIKit's `UIGraphicsGetCurrentContext()`.
public func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsContextStack.current?.context ?? nil }

/// Makes `context` current on this thread until `UIGraphicsPopContext()`; UIKit's `UIGraphicsPushContext(_:)`.
public func UIGraphicsPushContext(_ context: CGContext) {
    UIGraphicsContextStack.push(.init(context: context, kind: .pushed))
}

/// Undoes the last `UIGraphicsPushContext(_:)` on this thread. When the innermost context was not
/// pushed that way (none, an image context, a node's drawing), nothing changes, reported as a
/// `WeftDiagnostic` (area `.display`). UIKit's `UIGraphicsPopContext()`.
public func UIGraphicsPopContext() {
    let stack = UIGraphicsContextStack.stack
    guard let last = stack.entries.last, case .pushed = last.kind else {
        WeftDiagnostics.report(.display, "UIGraphicsPopContext()", "no context pushed with UIGraphicsPushContext(_:) on this thread; ignored")
        return
    }
    stack.entries.removeLast()
}

/// Fills `rect` with the current fill colour, replacing the pixels there (Core Graphics' copy
/// blend mode), as UIKit's `UIRectFill` does. In a view's `draw(_:)` the colour is laid over
/// (normal blend): Weft composites views in place rather than into layers of their own, so a copy
/// would erase the superview's pixels; in UIKit it erases only the view's own, still transparent,
/// backing store, which shows the same. No context: nothing is drawn.
public func UIRectFill(_ rect: CGRect) {
    guard let entry = UIGraphicsContextStack.current else { return }
    rectFill(rect, entry.ownsPixels ? .copy : .normal, api: "UIRectFill(_:)")
}

/// Fills `rect` with the current fill colour and `blendMode`; UIKit's `UIRectFillUsingBlendMode`.
/// A rect that is not finite fills nothing, reported.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    rectFill(rect, blendMode, api: "UIRectFillUsingBlendMode(_:_:)")
}

func rectFill(_ rect: CGRect, _ blendMode: CGBlendMode, api: String) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.withSavedState {
        context.blendMode = blendMode
        context.fill(rect, with: context.fillColor, api: api)
    }
}

/// Draws a 1-point frame just inside `rect` in the current fill colour, as UIKit's `UIRectFrame`
/// (same blend rule as `UIRectFill`).
public func UIRectFrame(_ rect: CGRect) {
    guard let entry = UIGraphicsContextStack.current else { return }
    UIRectFrameUsingBlendMode(rect, entry.ownsPixels ? .copy : .normal)
}

/// Draws a 1-point frame just inside `rect` in the current fill colour with `blendMode`; UIKit's
/// `UIRectFrameUsingBlendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext(), let checked = PathCheck.rect(rect, api: "UIRectFrameUsingBlendMode(_:_:)") else { return }
    let r = checked.standardized
    guard r.width > 0, r.height > 0 else { return }
    var frame = Path(rect: r)
    if r.width > 2, r.height > 2 {
        // The inner edge, wound the other way, leaves a ring one point wide.
        let inner = r.insetBy(dx: 1, dy: 1)
        frame.move(to: CGPoint(x: inner.minX, y: inner.minY))
        frame.addLine(to: CGPoint(x: inner.minX, y: inner.maxY))
        frame.addLine(to: CGPoint(x: inner.maxX, y: inner.maxY))
        frame.addLine(to: CGPoint(x: inner.maxX, y: inner.minY))
        frame.close()
    }
    context.withSavedState {
        context.blendMode = blendMode
        context.fill(frame, with: context.fillColor)
    }
}

extension UIColor {
    /// Makes this the fill colour of this thread's current context (`UIRectFill`,
    /// `UIBezierPath.fill()`); nothing without a context. Any thread, as in UIKit.
    public func setFill() { UIGraphicsGetCurrentContext()?.fillColor = self }

    /// Makes this the stroke colour of this thread's current context (`UIBezierPath.stroke()`).
    public func setStroke() { UIGraphicsGetCurrentContext()?.strokeColor = self }

    /// Sets both the fill and the stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
}
