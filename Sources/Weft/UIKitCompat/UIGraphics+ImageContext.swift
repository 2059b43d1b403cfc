import Foundation

// UIKit's image contexts: a bitmap pushed on this thread's context stack, drawn with UIKit calls,
// read back with `UIGraphicsGetImageFromCurrentImageContext()`. Any thread, as in UIKit.
// Misuse (a size or scale that cannot be drawn, ending or reading without an image context) is
// reported as a `WeftDiagnostic` (area `.display`, subject the function) and never traps: a
// `Begin` that fails pushes nothing, the reading function returns nil, `End` does nothing.

/// Begins an image context of `size` points at scale 1, transparent; UIKit's `UIGraphicsBeginImageContext(_:)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    beginImageContext(size, opaque: false, scale: 1, function: "UIGraphicsBeginImageContext")
}

/// Begins an image context of `size` points; `scale` 0 means the main screen's
/// (`UIScreen.main.scale`). An opaque context starts black and keeps every pixel opaque.
/// UIKit's `UIGraphicsBeginImageContextWithOptions(_:_:_:)`.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    beginImageContext(size, opaque: opaque, scale: scale == 0 ? UIScreen.main.scale : scale,
                      function: "UIGraphicsBeginImageContextWithOptions")
}

/// What has been drawn in the innermost image context so far, as an image at the context's scale;
/// nil (reported) when the innermost context is not an image context.
/// UIKit's `UIGraphicsGetImageFromCurrentImageContext()`.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    if case .failedImage = UIGraphicsContextStack.current?.kind { return nil }  // reported by its Begin
    guard let canvas = UIGraphicsContextStack.current?.canvas else {
        WeftDiagnostics.report(.display, "UIGraphicsGetImageFromCurrentImageContext()",
                               "the current context on this thread is not an image context (no UIGraphicsBeginImageContext before it); nil returned")
        return nil
    }
    do {
        return UIImage(bitmap: try canvas.snapshot())
    } catch {
        WeftDiagnostics.report(.display, "UIGraphicsGetImageFromCurrentImageContext()", "\(error); nil returned")
        return nil
    }
}

/// Ends the innermost image context; UIKit's `UIGraphicsEndImageContext()`. When the innermost
/// context is not an image context (none was begun, or a node's drawing is current), nothing
/// changes, reported.
public func UIGraphicsEndImageContext() {
    let stack = UIGraphicsContextStack.stack
    guard stack.entries.last?.isImageContext == true else {
        WeftDiagnostics.report(.display, "UIGraphicsEndImageContext()",
                               "the current context on this thread is not an image context (no UIGraphicsBeginImageContext before it); ignored")
        return
    }
    stack.entries.removeLast()
}

private func beginImageContext(_ size: CGSize, opaque: Bool, scale: CGFloat, function: String) {
    do {
        let canvas = try ImageCanvas(size: size, scale: scale, opaque: opaque)
        UIGraphicsContextStack.push(.init(context: canvas.context, kind: .image(canvas)))
    } catch {
        WeftDiagnostics.report(.display, "\(function)()", "size \(size) at scale \(scale) cannot be drawn (\(error)); "
                               + "there is no current context until its UIGraphicsEndImageContext()")
        UIGraphicsContextStack.push(.init(context: nil, kind: .failedImage))
    }
}
