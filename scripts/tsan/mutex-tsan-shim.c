// Tells the thread sanitizer about the lock hand-overs that Synchronization.Mutex makes out of its
// sight on Linux. Linked into test binaries by `make sanitize` only; never part of a normal build.
//
// Why: Mutex.withLock is inlined into the caller (@_alwaysEmitIntoClient), so its user-space fast
// path (a compare-and-swap acquire on lock, release on unlock) is instrumented and TSan sees it.
// Under contention it calls _MutexHandle._lockSlow / _unlockSlow, which live in the uninstrumented
// libswiftSynchronization.so: a spin CAS and the futex syscalls FUTEX_LOCK_PI / FUTEX_UNLOCK_PI,
// through which the kernel hands the lock to a waiter. TSan intercepts neither, so it sees no
// happens-before edge between the releasing and the acquiring thread and reports every pair of
// accesses made under a contended Mutex as a race (scripts/tsan-mutex-repro proves this with a
// correct program). Texture-style code that takes a Mutex from several threads hits this at once.
//
// How: this file defines the two slow-path symbols, so the program's calls bind here instead of to
// the library; each calls the library's own implementation (dlsym RTLD_NEXT) and adds the edge
// the lock really provides: __tsan_release on the lock word before unlocking, __tsan_acquire after
// locking. The lock word is the same address the fast path's atomics use, so both paths meet on
// one TSan sync object. Nothing is suppressed: a real race (an access outside the lock) is still
// reported. The __tsan_* functions are weak, so in a process without TSan this is a pass-through.
//
// The symbols are the Swift 6 stdlib ABI (stable, exported for inlinable code):
//   _MutexHandle._lockSlow(_: UInt32)  self (the lock word's address) in the swiftself register
//   _MutexHandle._unlockSlow()
//   _MutexHandle._tryLockSlow() -> Bool
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"

typedef __attribute__((swiftcall)) void (*LockSlow)(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void (*UnlockSlow)(void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) bool (*TryLockSlow)(void *__attribute__((swift_context)));

static void *next(const char *name) {
    // Resolving is idempotent, so a race between two first callers only resolves twice.
    void *function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        fprintf(stderr, "mutex-tsan-shim: %s not found in libswiftSynchronization: %s\n", name, dlerror());
        abort();
    }
    return function;
}

__attribute__((swiftcall)) void weft_tsan_lockSlow(uint32_t selfID, void *__attribute__((swift_context)) word)
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) void weft_tsan_lockSlow(uint32_t selfID, void *__attribute__((swift_context)) word) {
    static LockSlow real;
    LockSlow function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        function = (LockSlow)next(LOCK_SLOW);
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);
    }
    function(selfID, word);
    if (__tsan_acquire) __tsan_acquire(word);
}

__attribute__((swiftcall)) void weft_tsan_unlockSlow(void *__attribute__((swift_context)) word) __asm__(UNLOCK_SLOW);
__attribute__((swiftcall)) void weft_tsan_unlockSlow(void *__attribute__((swift_context)) word) {
    static UnlockSlow real;
    UnlockSlow function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        function = (UnlockSlow)next(UNLOCK_SLOW);
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);
    }
    if (__tsan_release) __tsan_release(word);
    function(word);
}

__attribute__((swiftcall)) bool weft_tsan_tryLockSlow(void *__attribute__((swift_context)) word) __asm__(TRY_LOCK_SLOW);
__attribute__((swiftcall)) bool weft_tsan_tryLockSlow(void *__attribute__((swift_context)) word) {
    static TryLockSlow real;
    TryLockSlow function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        function = (TryLockSlow)next(TRY_LOCK_SLOW);
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);
    }
    bool locked = function(word);
    if (locked && __tsan_acquire) __tsan_acquire(word);
    return locked;
}
