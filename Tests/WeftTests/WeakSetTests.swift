import Foundation
import Testing
import Weft

/// Texture's `ASWeakSet`: objects held weakly, compared by identity, gone once deallocated.
@Suite struct WeakSetTests {
    final class Box: Sendable {}

    @Test func holdsObjectsWeaklyByIdentity() {
        let set = ASWeakSet<Box>()
        #expect(set.isEmpty && set.count == 0)
        let kept = Box()
        do {
            let dropped = Box()
            set.add(kept)
            set.add(dropped)
            set.add(kept)
            #expect(set.count == 2 && set.contains(dropped))
            #expect(!set.contains(Box()))
        }
        // `dropped` is deallocated at the end of its scope.
        #expect(set.count == 1 && set.contains(kept))
        #expect(set.allObjects().count == 1 && set.allObjects().first === kept)
        set.remove(kept)
        #expect(set.isEmpty && !set.contains(kept))
        set.add(kept)
        set.removeAllObjects()
        #expect(set.isEmpty)
    }

    @Test func isEmptyOnceEveryObjectIsDeallocated() {
        let set = ASWeakSet<Box>()
        do {
            let boxes = (0..<10).map { _ in Box() }
            boxes.forEach(set.add)
            #expect(set.count == 10 && !set.isEmpty)
        }
        #expect(set.isEmpty && set.allObjects().isEmpty)
    }

    @Test func addsAndReadsFromManyThreads() async {
        let set = ASWeakSet<Box>()
        let boxes = (0..<64).map { _ in Box() }
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask {
                    for box in boxes[(i * 8)..<(i * 8 + 8)] {
                        set.add(box)
                        _ = set.contains(box)
                        _ = set.count
                    }
                }
            }
        }
        #expect(set.count == 64)
        withExtendedLifetime(boxes) {}
    }
}
