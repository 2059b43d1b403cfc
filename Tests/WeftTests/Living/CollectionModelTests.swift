import Foundation
import Synchronization
import Testing
@testable import Weft

/// Random batches of edits, valid and invalid, against a plain array model: the collection's
/// index paths and nodes must match the model after every valid batch, and every invalid batch
/// must be rejected with UIKit's wording and change nothing. `WEFT_MODEL_RUNS` sets the number of
/// sequences (10,000 by default; `make model-test` runs 200,000).
@MainActor @Suite struct CollectionModelTests {
    typealias Edit = CollectionUpdateError.Edit

    /// A valid batch on `old`: the edits (UIKit's old/new index paths) and the model after them.
    static func validBatch(_ old: [[Int]], nextID: inout Int, rng: inout SeededGenerator) -> (edits: [Edit], after: [[Int]]) {
        var edits: [Edit] = []
        let n = old.count
        var order = Array(0..<n).shuffled(using: &rng)
        func take(_ max: Int) -> [Int] {
            let k = Int.random(in: 0...min(max, order.count), using: &rng)
            defer { order.removeFirst(k) }
            return Array(order.prefix(k))
        }
        let sectionEdits = Bool.random(using: &rng)
        let deleted = sectionEdits ? Set(take(1)) : [], reloaded = sectionEdits ? Set(take(1)) : [], moved = sectionEdits ? take(1) : []
        let inserts = sectionEdits ? Int.random(in: 0...1, using: &rng) : 0
        let m = n - deleted.count + inserts
        var slots = Array(0..<m).shuffled(using: &rng)
        var newSections = [Int?](repeating: nil, count: m)   // old section kept there, or nil = fresh
        var fixed = Set<Int>()
        for _ in 0..<inserts { let t = slots.removeFirst(); fixed.insert(t); edits.append(.insertSection(t)) }
        for f in moved { let t = slots.removeFirst(); fixed.insert(t); newSections[t] = f; edits.append(.moveSection(f, to: t)) }
        var survivors = (0..<n).filter { !deleted.contains($0) && !moved.contains($0) }.makeIterator()
        var fresh = Set<Int>(fixed.filter { newSections[$0] == nil })
        for s in 0..<m where !fixed.contains(s) {
            let o = survivors.next()!
            if reloaded.contains(o) { fresh.insert(s) } else { newSections[s] = o }
        }
        for s in deleted { edits.append(.deleteSection(s)) }
        for s in reloaded { edits.append(.reloadSection(s)) }
        func freshItems() -> [Int] { (0..<Int.random(in: 0...3, using: &rng)).map { _ in nextID += 1; return nextID } }
        // Items, in kept sections only (Texture drops item edits in sections changed as a whole).
        let kept = (0..<m).filter { newSections[$0] != nil }
        var after = [[Int]](repeating: [], count: m)
        for s in fresh { after[s] = freshItems() }
        var remaining: [Int: [Int?]] = [:]   // old section → its items, nil where removed
        var incoming: [Int: [(IndexPath, Int)]] = [:]
        for s in kept {
            let o = newSections[s]!
            var items = old[o].map(Optional.some)
            for i in old[o].indices.shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng)) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: edits.append(.deleteItem(IndexPath(item: i, section: o))); items[i] = nil
                case 1:
                    nextID += 1
                    edits.append(.reloadItem(IndexPath(item: i, section: o))); items[i] = nextID
                default:
                    let target = kept.randomElement(using: &rng)!
                    incoming[target, default: []].append((IndexPath(item: i, section: o), old[o][i]))
                    items[i] = nil
                }
            }
            remaining[o] = items
        }
        for s in kept {
            let o = newSections[s]!
            let survivorsHere = remaining[o]!.compactMap { $0 }
            let arriving = incoming[s] ?? []
            let insertCount = Int.random(in: 0...2, using: &rng)
            let length = survivorsHere.count + arriving.count + insertCount
            var places = Array(0..<length).shuffled(using: &rng)
            var row = [Int?](repeating: nil, count: length)
            for (from, id) in arriving { let t = places.removeFirst(); row[t] = id; edits.append(.moveItem(from, to: IndexPath(item: t, section: s))) }
            for _ in 0..<insertCount { let t = places.removeFirst(); nextID += 1; row[t] = nextID; edits.append(.insertItem(IndexPath(item: t, section: s))) }
            var it = survivorsHere.makeIterator()
            after[s] = row.map { $0 ?? it.next()! }
        }
        return (edits.shuffled(using: &rng), after)
    }

    /// Async so that it yields the main actor, where the data sources live, between sequences:
    /// other main-actor tests run meanwhile instead of waiting for all 10,000. `deferred`: every
    /// load defers its items, so sections keep lists whose elements are made as they are read
    /// (see `ASElementList`), through batches that keep, change, move and reload them.
    @Test(arguments: [false, true]) func randomEditSequencesMatchTheModel(deferred: Bool) async throws {
        // Deferred, 2,000 by default: the suite's other main-actor tests share the main actor with
        // these runs, and under AddressSanitizer 10,000 more ran them past their time limits.
        let runs = ProcessInfo.processInfo.environment["WEFT_MODEL_RUNS"].flatMap(Int.init) ?? (deferred ? 2_000 : 10_000)
        var rng = SeededGenerator(seed: 0x5EED)
        var mismatches: [String] = [], rejected = 0, applied = 0
        let errors = Mutex<[CollectionUpdateError]>([])
        for run in 0..<runs {
            await Task.yield()
            var nextID = 0
            let start = (0..<Int.random(in: 0...3, using: &rng)).map { _ in (0..<Int.random(in: 0...4, using: &rng)).map { _ in nextID += 1; return nextID } }
            let source = LiveSource(start, itemSize: CGSize(width: 20, height: 10))
            let node = Living.collection(source, size: CGSize(width: 40, height: 30), deferred: deferred)
            node.onUpdateError = { error in errors.withLock { $0.append(error) } }
            if Bool.random(using: &rng) { node.cellLayoutMode = .alwaysAsync }
            var model = start
            for step in 0..<3 {
                var (edits, after) = Self.validBatch(model, nextID: &nextID, rng: &rng)
                // Some batches are made invalid on purpose, one way each.
                var expectRejection = false
                switch Int.random(in: 0..<8, using: &rng) {
                case 0 where !after.isEmpty:
                    after[after.count - 1].append(-1)
                    expectRejection = edits.contains { if case .insertSection(let s) = $0 { return s == after.count - 1 } else { return false } } == false
                        && !edits.contains { if case .reloadSection = $0 { return true } else { return false } }
                    if !expectRejection { after[after.count - 1].removeLast() }
                case 1:
                    after.append([])
                    expectRejection = true
                case 2 where !model.isEmpty:
                    let s = Int.random(in: 0..<model.count, using: &rng)
                    edits.append(.deleteItem(IndexPath(item: model[s].count, section: s)))
                    expectRejection = true
                case 3:
                    if let first = edits.first(where: { if case .deleteItem = $0 { return true } else { return false } }) {
                        edits.append(first)
                        expectRejection = true
                    }
                default: break
                }
                if expectRejection { node.waitUntilAllUpdatesAreProcessed() }
                let before = node.elements.allElements.map { ObjectIdentifier($0.node) }
                source.model = after
                errors.withLock { $0 = [] }
                let finished = Mutex<Bool?>(nil)
                node.performBatchUpdates({ node.dataController.record(edits) }) { ok in finished.withLock { $0 = ok } }
                if step == 2 || Bool.random(using: &rng) {
                    node.waitUntilAllUpdatesAreProcessed()
                    let reported = errors.withLock { $0 }
                    if expectRejection {
                        rejected += 1
                        let uikit = reported.count == 1 && (reported[0].description.hasPrefix("Invalid update: invalid number of")
                                                            || reported[0].description.hasPrefix("attempt to"))
                        if !uikit || finished.withLock({ $0 }) != false || Living.ids(node) != model
                            || node.elements.allElements.map({ ObjectIdentifier($0.node) }) != before {
                            mismatches.append("run \(run) step \(step): invalid batch \(edits) on \(model) → \(after): \(reported)")
                        }
                        source.model = model
                    } else {
                        applied += 1
                        if !reported.isEmpty || finished.withLock({ $0 }) != true || Living.ids(node) != after
                            || node.numberOfSections != after.count {
                            mismatches.append("run \(run) step \(step): \(edits) on \(model) → \(after): got \(Living.ids(node).map { "\($0)" } ?? "bad index paths"), \(reported)")
                        }
                        model = after
                    }
                } else if expectRejection {
                    node.waitUntilAllUpdatesAreProcessed()
                    rejected += 1
                    source.model = model
                } else {
                    applied += 1
                    model = after
                }
                if mismatches.count > 5 { break }
            }
            if run % 200 == 0 {
                node.waitUntilAllUpdatesAreProcessed()
                _ = try node.snapshot(scale: 1)
                if Living.ids(node) != model { mismatches.append("run \(run): after snapshot") }
            }
            if mismatches.count > 5 { break }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
        #expect(rejected > runs / 4 && applied > runs)
    }
}
