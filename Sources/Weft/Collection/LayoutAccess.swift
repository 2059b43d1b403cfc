import Foundation
import Synchronization

/// Who may use a collection's layout object (`collectionViewLayout`) and the map it is prepared
/// from (`adopted`) now: one thread at a time, re-entrantly. UIKit's layout belongs to the main
/// thread; here frames, loads, relayouts and edits may come from several threads, so each takes
/// this before it invalidates, prepares or queries the layout.
///
/// Entering waits with `BlockingWait` (serving the main actor when on it: the holder may be
/// waiting for the main actor to answer a data source question). Work that can be left to the
/// next frame (adopting a newer map, noting whether the content fits) uses `tryEntering` and skips
/// when another thread holds it, so a node block of the holder's frame never waits for it.
///
/// Re-entrance is for code the holder calls itself (a cell relayout adopting the map it published,
/// a load noting whether its content fits): it runs where the holder chose to call it, between
/// steps of the layout. Work that a `BlockingWait` inside the holder's use *served* on the same
/// thread (main-actor requests of other threads, the main run loop) is not the holder: it runs
/// wherever the wait is, possibly in the middle of a layout step (the flow layout extending its
/// lines, waiting for a node), and a nested query or invalidation there would change the state
/// that step is changing (a Swift exclusivity violation at best). Such work is told apart by
/// `MainActorBridge.servingDepth`: for it the layout is *suspended* (`isSuspendedHere`),
/// `tryEntering` skips as for another thread's hold, and `entering`, which cannot wait for its
/// own thread, reports it.
///
/// Thread safety: `owner`, `depth` and `ownerServingDepth` are only touched with `condition`
/// locked. The layout object belongs to the owner thread while it holds this; so does `adopted`,
/// which only the holder replaces, behind a mutex of its own so that other threads may read it.
final class LayoutAccess: @unchecked Sendable {
    // SAFETY: see above.
    private let condition = NSCondition()
    private let adoptedMap = Mutex(PublishedMap())

    /// The map the layout is prepared from: the visible map as of the last time the layout's user
    /// looked, so a batch applied on the editing queue cannot change it during a layout pass. Set
    /// by the holder (an update animation prepares the layout for an older map for a moment).
    var adopted: PublishedMap {
        get { adoptedMap.withLock { $0 } }
        set { adoptedMap.withLock { $0 = newValue } }
    }

    /// Holding the layout: takes `published` as the map the layout is prepared from; false when
    /// it is the one adopted already.
    func adopt(_ published: PublishedMap) -> Bool {
        adoptedMap.withLock { adopted -> Bool in
            guard adopted.generation != published.generation else { return false }
            adopted = published
            return true
        }
    }
    private var owner: ObjectIdentifier?
    private var depth = 0
    /// `MainActorBridge.servingDepth` on the owner's thread when it first entered.
    private var ownerServingDepth = 0

    /// What this thread may do now. Called with `condition` locked.
    private enum Standing { case free, reentering, suspended, otherThread }
    private func standing(of me: ObjectIdentifier, servingDepth: Int) -> Standing {
        guard let owner else { return .free }
        guard owner == me else { return .otherThread }
        return servingDepth == ownerServingDepth ? .reentering : .suspended
    }

    /// Called with `condition` locked, when `standing` allows it.
    private func take(_ me: ObjectIdentifier, servingDepth: Int) {
        if owner == nil { ownerServingDepth = servingDepth }
        owner = me
        depth += 1
    }

    /// Whether this thread holds the layout beneath the code running now: work a wait inside its
    /// own use of the layout served (see the type's notes). Such work must not use the layout,
    /// nor wait for work that may need what that wait waits for.
    var isSuspendedHere: Bool {
        let me = ASDataController.currentThread, serving = MainActorBridge.servingDepth
        condition.lock()
        defer { condition.unlock() }
        return standing(of: me, servingDepth: serving) == .suspended
    }

    /// Runs `body` holding the layout, waiting for it if another thread holds it. Past
    /// `BlockingWait`'s limit (reported) `body` runs anyway: a hang is worse than the race. Called
    /// by work that this thread's own suspended use of the layout served, it cannot wait (the
    /// holder is below it on this thread): that is reported and `body` runs nested, as before.
    func entering<T, E: Error>(_ what: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        let me = ASDataController.currentThread, serving = MainActorBridge.servingDepth
        var entered = false
        var suspended = false
        BlockingWait.on(condition, "\(what()): waiting for another thread's use of the collection's layout") {
            if entered || suspended { return true }
            switch standing(of: me, servingDepth: serving) {
            case .otherThread: return false
            case .suspended: suspended = true
            case .free, .reentering: take(me, servingDepth: serving); entered = true
            }
            return true
        }
        if suspended {
            WeftDiagnostics.report(.threading, what(), "used the collection's layout from main-actor work served while this thread's own use of it waits (in the middle of a layout step); ran nested, which may corrupt the layout: make this call from outside that use (please report the path)")
        }
        defer { if entered { leave() } }
        return try body()
    }

    /// Runs `body` holding the layout when no other thread holds it and this thread's own hold
    /// is not suspended beneath the caller; nil (nothing run) otherwise.
    func tryEntering<T>(_ body: () -> T) -> T? {
        let me = ASDataController.currentThread, serving = MainActorBridge.servingDepth
        condition.lock()
        switch standing(of: me, servingDepth: serving) {
        case .otherThread, .suspended: condition.unlock(); return nil
        case .free, .reentering: take(me, servingDepth: serving)
        }
        condition.unlock()
        defer { leave() }
        return body()
    }

    private func leave() {
        condition.lock()
        depth -= 1
        if depth == 0 { owner = nil; ownerServingDepth = 0; condition.broadcast() }
        condition.unlock()
    }
}
