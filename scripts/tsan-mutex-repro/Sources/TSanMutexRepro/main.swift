import Foundation
import Synchronization

// Each mode guards the same plain (non-atomic) state with a different lock, from `threads`
// threads at once. Every access to the state happens inside the lock, so the program has no data
// race: the final count proves mutual exclusion held. Any thread sanitizer report is then about
// what the sanitizer can see, not about the program.
//
//   mutex            Synchronization.Mutex, contended: the kernel hands the lock over (futex PI).
//   mutex-uncontended Synchronization.Mutex, one thread at a time (joined in turn): the lock is
//                     only ever taken on its user-space fast path.
//   nslock           Foundation's NSLock (pthread_mutex_t, which the sanitizer intercepts): control.
//   mutex-racy       a real race, to show the sanitizer still finds one: the same contended Mutex,
//                    but thread 0 appends without taking it (the count may then come out short).

final class Counter: @unchecked Sendable {
    // SAFETY: `values` is touched only while the owning lock is held (that is the claim under test).
    var values: [Int] = []
}

let mode = CommandLine.arguments.dropFirst().first ?? "mutex"
let threads = 4
let iterations = 20_000

func run(_ body: @escaping @Sendable (Int) -> Void, sequential: Bool) {
    var workers: [Thread] = []
    let done = DispatchGroup()
    for index in 0..<threads {
        done.enter()
        let thread = Thread {
            body(index)
            done.leave()
        }
        workers.append(thread)
        thread.start()
        if sequential { done.wait() }
    }
    done.wait()
}

let total: Int
switch mode {
case "mutex", "mutex-uncontended":
    let state = Mutex<[Int]>([])
    run({ index in
        for i in 0..<iterations {
            state.withLock { values in
                // Enough work inside the lock that other threads find it held and sleep.
                values.append(index &* iterations &+ i)
                if values.count % 512 == 0 { values.reserveCapacity(values.count * 2) }
            }
        }
    }, sequential: mode == "mutex-uncontended")
    total = state.withLock { $0.count }
case "mutex-racy":
    let lock = Mutex<Void>(())
    let counter = Counter()
    run({ index in
        for i in 0..<iterations {
            if index == 0 {
                counter.values.append(i)
            } else {
                lock.withLock { _ in counter.values.append(index &* iterations &+ i) }
            }
        }
    }, sequential: false)
    total = lock.withLock { _ in counter.values.count }
case "nslock":
    let lock = NSLock()
    let counter = Counter()
    run({ index in
        for i in 0..<iterations {
            lock.lock()
            counter.values.append(index &* iterations &+ i)
            if counter.values.count % 512 == 0 { counter.values.reserveCapacity(counter.values.count * 2) }
            lock.unlock()
        }
    }, sequential: false)
    lock.lock()
    total = counter.values.count
    lock.unlock()
default:
    print("usage: TSanMutexRepro [mutex|mutex-uncontended|mutex-racy|nslock]")
    exit(2)
}

let expected = threads * iterations
print("\(mode): \(total) of \(expected) appends kept")
exit(total == expected ? 0 : 1)
