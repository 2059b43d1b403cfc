#!/usr/bin/env bash
# Shows that ThreadSanitizer on Linux reports a correct, contended Synchronization.Mutex as a race,
# and that linking scripts/tsan/mutex-tsan-shim.c removes exactly those reports while a real race
# is still found. Prints one line per run: mode, shim or not, exit status, warnings, appends kept.
set -uo pipefail
cd "$(dirname "$0")"
scratch=${1:-../../.build-tsan-repro}
swift build --scratch-path "$scratch/plain" --sanitize=thread >/dev/null || exit 1
mkdir -p "$scratch/shim"
${CC:-clang} -c -O1 -fPIC -Wall -Wextra -Werror -o "$scratch/shim/mutex-tsan-shim.o" ../tsan/mutex-tsan-shim.c || exit 1
swift build --scratch-path "$scratch/shim" --sanitize=thread -Xlinker "$scratch/shim/mutex-tsan-shim.o" >/dev/null || exit 1
for build in plain shim; do
    for mode in nslock mutex-uncontended mutex mutex-racy; do
        out=$("$scratch/$build/debug/TSanMutexRepro" "$mode" 2>&1)
        status=$?
        echo "$build $mode: exit $status, $(grep -c 'WARNING: ThreadSanitizer' <<<"$out") warning(s), $(grep -o '[0-9]* of [0-9]* appends kept' <<<"$out")"
    done
done
