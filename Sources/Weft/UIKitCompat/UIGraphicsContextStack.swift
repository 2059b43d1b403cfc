import Foundation

/// UIKit's graphics-context stack: the contexts UIKit drawing calls (`UIRectFill`,
/// `UIColor.setFill()`, `UIBezierPath.fill()`, `UIImage.draw(in:)`) draw into, innermost last.
///
/// One stack per thread, as UIKit's: a node drawn on a display-queue thread, a view drawn by
/// `renderBitmap(scale:)` and an image context begun with `UIGraphicsBeginImageContext` on another
/// thread never see each other's contexts. Drawing is synchronous, so a stack lives within one
/// synchronous stretch of code; an `async` function that suspends between `Begin` and `End` may
/// resume on another thread and lose its context (UIKit's is per thread too).
/// Each thread sees only its own stack.
enum UIGraphicsContextStack {
    struct Entry {
        enum Kind {
            /// A node's or view's drawing; `ownsPixels` when the context is a fresh backing store
            /// of its own (a node's), false for a view composited in place.
            case drawing(ownsPixels: Bool)
            /// `UIGraphicsPushContext(_:)`.
            case pushed
            /// `UIGraphicsBeginImageContext` or a renderer.
            case image(ImageCanvas)
            /// A `UIGraphicsBeginImageContext` that could not make its bitmap (reported then): it
            /// has no context, so drawing does nothing, and its `End` pops it, keeping the stack balanced.
            case failedImage
        }

        /// Nil only for `.failedImage`.
        let context: GraphicsContext?
        let kind: Kind

        /// Whether `UIRectFill` replaces pixels (copy), as in UIKit, or lays the colour over them.
        var ownsPixels: Bool {
            switch kind {
            case .drawing(let owns): owns
            case .pushed: false
            case .image, .failedImage: true
            }
        }

        var canvas: ImageCanvas? {
            if case .image(let canvas) = kind { canvas } else { nil }
        }

        var isImageContext: Bool {
            switch kind {
            case .image, .failedImage: true
            default: false
            }
        }
    }

    final class Stack {
        var entries: [Entry] = []
    }

    private static let stacks = ThreadLocal { Stack() }

    /// This thread's stack.
    static var stack: Stack { stacks.value }

    /// The innermost entry on this thread.
    static var current: Entry? { stack.entries.last }

    static func push(_ entry: Entry) { stack.entries.append(entry) }

    /// Makes `context` current for `body` with a fresh fill and stroke colour (black) and its
    /// graphics state saved, as UIKit does around `draw(_:)` and Texture around a node's drawing.
    /// Image contexts `body` began and did not end are ended here, reported (area `.display`).
    static func with<R>(_ context: GraphicsContext, ownsPixels: Bool, _ body: () throws -> R) rethrows -> R {
        let stack = self.stack
        let depth = stack.entries.count
        stack.entries.append(Entry(context: context, kind: .drawing(ownsPixels: ownsPixels)))
        defer {
            let left = stack.entries.count - depth - 1
            if left > 0 {
                WeftDiagnostics.report(.display, "UIGraphicsBeginImageContext", "\(left) context(s) begun or pushed while drawing were not ended; ended now")
            }
            if stack.entries.count > depth { stack.entries.removeSubrange(depth...) }
        }
        return try context.withSavedState {
            context.fillColor = .black
            context.strokeColor = .black
            return try body()
        }
    }
}
