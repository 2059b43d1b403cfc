import Foundation

/// Room left on the current thread's stack, and a way to go on with a deep recursion on a fresh
/// thread when little is left (what Rust's `stacker` crate does with stack segments).
///
/// Layout recurses through user-overridable methods once per element, and compositing once per
/// node; a debug build spends about 2.4 KB of stack per layout element (a node with a wrapper spec
/// costs 4.9 KB, with an inset and a stack 11 KB), so a thread with a 512 KiB stack (a secondary
/// thread's default on Darwin, a Swift concurrency thread) would overflow at about 50 nested
/// nodes. Instead each recursive step calls `ensuringSpace(_:)`: when less than `reserve` is left,
/// the step runs on a new thread with a `freshThreadStackSize` stack while the caller waits (so
/// the work stays sequential: nothing is shared between two running threads). The depth itself is
/// bounded by `WeftLimits.maximumTreeDepth`, so the number of such threads is too.
///
/// Thread-local state does not follow a step onto the new thread: callers carry what they need
/// (see `LayoutRecursionGuard.Context`). Used only on the current thread.
enum StackSpace {
    /// Below this many bytes left, a step moves to a fresh thread. Enough for one layout element
    /// or node including its own calls into pango or cairo.
    static let reserve = 256 * 1024
    /// The stack of a fresh thread: room for about 3,000 debug-build layout elements.
    static let freshThreadStackSize = 8 * 1024 * 1024

    /// glibc's `pthread_getattr_np`, which Swift's Glibc module does not declare (it needs
    /// `_GNU_SOURCE`); looked up once.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let getAttributes: GetAttributes? = {
        dlsym(nil, "pthread_getattr_np").map { unsafeBitCast($0, to: GetAttributes.self) }
    }()

    /// The lowest usable address of this thread's stack (stacks grow down); 0 when unknown, and
    /// then no step ever moves.
    private final class Bounds {
        let lowest: UInt
        init() {
            var attributes = pthread_attr_t()
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard let getAttributes = StackSpace.getAttributes, getAttributes(pthread_self(), &attributes) == 0 else {
                lowest = 0
                return
            }
            defer { pthread_attr_destroy(&attributes) }
            lowest = pthread_attr_getstack(&attributes, &address, &size) == 0 ? UInt(bitPattern: address) : 0
        }
    }

    private static let bounds = ThreadLocal { Bounds() }

    /// Whether less than `reserve` is left on this thread's stack.
    static var isLow: Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let lowest = bounds.value.lowest
        return lowest != 0 && here < lowest &+ UInt(reserve)
    }

    /// Runs `body` here, or on a fresh thread when this thread's stack is nearly used up.
    static func ensuringSpace<R>(_ body: () -> R) -> R {
        isLow ? onFreshThread(body) : body()
    }

    /// A job handed to a fresh thread; its closure runs exactly once, before the caller returns.
    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread with a `freshThreadStackSize` stack and waits for it. If no
    /// thread can be made (a resource limit), runs `body` here.
    static func onFreshThread<R>(_ body: () -> R) -> R {
        withoutActuallyEscaping(body) { body in
            var result: R?
            let job = Job { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, freshThreadStackSize)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job).toOpaque()
            let created = pthread_create(&thread, &attributes, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
            guard created == 0 else {
                Unmanaged<Job>.fromOpaque(context).release()
                return body()
            }
            pthread_join(thread, nil)
            return result!
        }
    }
}
