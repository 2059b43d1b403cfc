import Foundation

/// The elements being laid out on the current thread, so that an element reached again inside its
/// own layout (a cycle) is caught instead of recursing until the stack overflows, and so that
/// nesting deeper than the limits below is cut off.
///
/// Limits: at most `WeftLimits.maximumTreeDepth` nodes, and `maximumElementDepth` elements (nodes
/// and specs together), nested in one layout. An element past either is laid out as 0×0 with an
/// `ASLayoutIssue.tooDeep`. Within the limits, each element's layout runs with enough stack
/// (`StackSpace`), moving to a fresh thread when needed, so the caller's stack size does not matter.
///
/// Per thread (a `ThreadLocal`). Work handed to other threads (concurrent stack layout, a fresh
/// stack) carries a `Context` and runs with `inheriting(_:_:)`. Used only on the current thread.
enum LayoutRecursionGuard {
    final class Active {
        var elements: Set<ObjectIdentifier> = []
        var nodeDepth = 0
    }

    /// Elements (nodes and specs) nested in one layout: four per node level of the deepest
    /// node tree allowed leaves room for the specs between nodes.
    static let maximumElementDepth = 4 * WeftLimits.maximumTreeDepth

    private static let perThread = ThreadLocal { Active() }

    static var current: Active { perThread.value }

    /// How an element's layout went.
    enum Outcome<R> {
        case laidOut(R)
        /// The element is already being laid out on this thread.
        case cycle
        /// Nesting the element would pass a limit: `depth` levels against `limit`.
        case tooDeep(depth: Int, limit: Int)
    }

    /// Runs `body` with `element` marked active, unless that would be a cycle or too deep.
    static func enter<R>(_ element: any ASLayoutElement, _ body: () -> R) -> Outcome<R> {
        let active = current
        let isNode = element is ASDisplayNode
        if active.elements.count >= maximumElementDepth {
            return .tooDeep(depth: active.elements.count + 1, limit: maximumElementDepth)
        }
        if isNode && active.nodeDepth >= WeftLimits.maximumTreeDepth {
            return .tooDeep(depth: active.nodeDepth + 1, limit: WeftLimits.maximumTreeDepth)
        }
        let id = ObjectIdentifier(element)
        guard !active.elements.contains(id) else { return .cycle }
        if StackSpace.isLow {
            let context = Context.capture()
            return StackSpace.onFreshThread { inheriting(context) { enter(element, body) } }
        }
        active.elements.insert(id)
        if isNode { active.nodeDepth += 1 }
        defer {
            active.elements.remove(id)
            if isNode { active.nodeDepth -= 1 }
        }
        return .laidOut(body())
    }

    /// What a layout running on another thread must see as this thread does: the active
    /// elements and node depth, and the screen scale override (`withScreenScale`), which is
    /// task-local and so would not follow onto a plain thread.
    struct Context: @unchecked Sendable {
        // SAFETY: plain values copied on the capturing thread and only read afterwards.
        let elements: Set<ObjectIdentifier>
        let nodeDepth: Int
        let screenScale: CGFloat?

        static func capture() -> Context {
            let active = current
            return Context(elements: active.elements, nodeDepth: active.nodeDepth, screenScale: screenScaleOverride())
        }
    }

    /// Runs `body` on this (worker) thread as if nested in the layout `context` was captured in.
    static func inheriting<R>(_ context: Context, _ body: () -> R) -> R {
        let active = current
        let added = context.elements.subtracting(active.elements)
        let savedDepth = active.nodeDepth
        active.elements.formUnion(added)
        active.nodeDepth = context.nodeDepth
        defer {
            active.elements.subtract(added)
            active.nodeDepth = savedDepth
        }
        return withScreenScaleOverride(context.screenScale, body)
    }
}
