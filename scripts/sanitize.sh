#!/usr/bin/env bash
# Runs the whole test suite under one sanitizer and fails on any report, not only on a failed test
# (a sanitizer report does not fail a Swift test by itself).
#   scripts/sanitize.sh thread  SCRATCH   ThreadSanitizer, with the Mutex shim (below)
#   scripts/sanitize.sh address SCRATCH   AddressSanitizer with LeakSanitizer (detect_leaks=1),
#                                          with scripts/lsan/suppressions.txt (a Foundation leak);
#                                          C targets also under UndefinedBehaviorSanitizer
#   scripts/sanitize.sh undefined SCRATCH UndefinedBehaviorSanitizer: the C targets (CWeftPNG, CWeftCompare, the
#                                          C code of dependencies) instrumented, every
#                                          "runtime error:" line a failure
# SCRATCH is a build folder of its own, so the normal debug build is never rebuilt.
# WEFT_SANITIZE_FILTER, when set, runs only the tests it matches (`swift test --filter`), as
# `make stress` does with the collection's stress test.
#
# Thread: Synchronization.Mutex on Linux hands a contended lock over inside the kernel (futex PI)
# from the uninstrumented libswiftSynchronization, so the sanitizer would report every access made
# under a contended Mutex as a race. scripts/tsan/mutex-tsan-shim.c tells it about those hand-overs
# instead of suppressing anything; scripts/tsan-mutex-repro shows the blind spot and that a real
# race is still found. See docs/reliability-tooling.md.
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:?usage: scripts/sanitize.sh thread|address|undefined SCRATCH}
scratch=${2:?usage: scripts/sanitize.sh thread|address|undefined SCRATCH}
swift=${SWIFT:-swift}
mkdir -p "$scratch"
log="$scratch/sanitize-$sanitizer.log"
flags=(--scratch-path "$scratch")

case $sanitizer in
thread)
    flags+=(--sanitize=thread)
    cc=${CC:-clang}
    "$cc" -c -O1 -fPIC -Wall -Wextra -Werror -o "$scratch/mutex-tsan-shim.o" scripts/tsan/mutex-tsan-shim.c || exit 1
    flags+=(-Xlinker "$scratch/mutex-tsan-shim.o")
    # halt_on_error=0: run every test and list every report; the log is checked below.
    export TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}"
    pattern='WARNING: ThreadSanitizer|ThreadSanitizer: reported'
    ;;
address)
    # detect_stack_use_after_return moves locals to heap "fake stacks", so the address of a local
    # no longer tells how much real stack is left, and StackSpace (which moves deep layout onto a
    # fresh thread before the stack runs out) could not see the stack run out under ASan.
    export ASAN_OPTIONS="detect_leaks=1 halt_on_error=1 detect_stack_use_after_return=0 ${ASAN_OPTIONS:-}"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan/suppressions.txt ${LSAN_OPTIONS:-}"
    # UBSan rides along for the C targets: it costs little next to ASan (a check per arithmetic
    # operation, no shadow memory), ASan's runtime holds its handlers, and a report stops the run.
    flags+=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined)
    export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1 ${UBSAN_OPTIONS:-}"
    pattern='ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY: AddressSanitizer|runtime error:'
    ;;
undefined)
    # swiftc has no -sanitize=undefined on Linux (SwiftPM's --sanitize=undefined fails): UBSan is
    # clang's, for the C targets (-Xcc; Swift checks its own arithmetic and bounds), its runtime
    # linked by clang (-Xclang-linker). Reports recover, so that one run lists them all.
    flags+=(-Xcc -fsanitize=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=0 ${UBSAN_OPTIONS:-}"
    pattern='runtime error:'
    ;;
*)
    echo "sanitize: unknown sanitizer '$sanitizer' (thread, address or undefined)" >&2
    exit 2
    ;;
esac

start=$(date +%s)
echo "sanitize: building tests with --sanitize=$sanitizer in $scratch"
# gold's "cannot export local symbol __asan_…" warnings are noise from the ASan runtime.
# PIPESTATUS is read right after the pipeline: a `|| true` after it would reset it, and a failed
# build would go on to run an old test binary.
"$swift" build --build-tests "${flags[@]}" 2>&1 | grep -vE 'Cannot export local symbol'
built_status=${PIPESTATUS[0]}
if [ "$built_status" -ne 0 ]; then echo "sanitize: build failed" >&2; exit 1; fi
built=$(date +%s)
echo "sanitize: running the suite (log: $log)"
# TSan fails a CHECK in its fork handling when this many-threaded process starts a child, so the
# tests that start child processes (hostile cases, CLI, adoption fixture, report in Chromium) are
# skipped under TSan; they run in make test and under ASan.
if [ "$sanitizer" = thread ]; then export WEFT_NO_CHILD_PROCESSES=1; fi
# Swift Testing runs at most twice as many test cases at once as there are cores (4 here). Under a
# sanitizer the collection's stress test and the model test's two cases hold three of those for a
# quarter of an hour, and the rest of the suite queued behind them ran past its time limits with
# nothing wrong. So the whole suite runs in two parts: everything else, then those two on their
# own, into one log.
heavy='CollectionStressTests|CollectionModelTests'
if [ -n "${WEFT_SANITIZE_FILTER:-}" ]; then
    "$swift" test --skip-build "${flags[@]}" --filter "$WEFT_SANITIZE_FILTER" >"$log" 2>&1
    status=$?
else
    "$swift" test --skip-build "${flags[@]}" --skip "$heavy" >"$log" 2>&1
    status=$?
    "$swift" test --skip-build "${flags[@]}" --filter "$heavy" >>"$log" 2>&1 || status=1
fi
end=$(date +%s)
grep -E '^(✔|✘|Test Suite|Executed)|passed after|failed after' "$log" | tail -4
reports=$(grep -cE "$pattern" "$log")
echo "sanitize: $sanitizer: build $((built - start)) s, tests $((end - built)) s, exit $status, $reports report line(s)"
if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    grep -E -A12 "$pattern" "$log" | head -200
    echo "sanitize: $sanitizer sanitizer FAILED: see $log" >&2
    exit 1
fi
echo "sanitize: $sanitizer sanitizer clean"
