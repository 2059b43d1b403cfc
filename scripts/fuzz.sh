#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (Swift with AddressSanitizer; C, Weft's CWeftPNG included,
# with AddressSanitizer, UndefinedBehaviorSanitizer and coverage) and runs each for a set time.
#   scripts/fuzz.sh SCRATCH [SECONDS] [TARGET...]
#   targets: FuzzPNG FuzzJPEG FuzzPNGEncoder FuzzText FuzzTree FuzzDrawing
# Each target's corpus grows in SCRATCH/corpus/TARGET; it starts from seeds made by
# scripts/fuzz/make-seeds.py and from the inputs kept in Fuzz/Corpus/TARGET (regression seeds:
# inputs that once crashed, run first on every start). A crash, sanitizer report, timeout or
# out-of-memory is saved as SCRATCH/artifacts/TARGET/crash-… (or timeout-…, oom-…) and fails
# the run; copy it into Fuzz/Corpus/TARGET once it is understood. Extra libFuzzer flags can be
# given in FUZZ_FLAGS.
set -uo pipefail
cd "$(dirname "$0")/.."

scratch=$(mkdir -p "${1:?usage: scripts/fuzz.sh SCRATCH [SECONDS] [TARGET...]}" && cd "$1" && pwd)
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzPNG FuzzJPEG FuzzPNGEncoder FuzzText FuzzTree FuzzDrawing)
swift=${SWIFT:-swift}

# lld: gold (the default) crashes in its DWARF reader on these links. -parse-as-library: the
# targets' @main (see Fuzz/Sources/FuzzSupport/FuzzMain.swift). -Xswiftc reaches only Swift: the C
# targets get their sanitizers and libFuzzer's coverage (fuzzer-no-link) through -Xcc; UBSan's
# handlers come with ASan's runtime, and any report is fatal (-fno-sanitize-recover). -O1 for C, as
# the sanitizers advise: the encoder at -O0 under both would run a few images a second.
echo "fuzz: building ${targets[*]} with -sanitize=fuzzer,address (C also undefined) in $scratch/build"
start=$(date +%s)
(cd Fuzz && "$swift" build -c debug --scratch-path "$scratch/build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address,undefined -Xcc -fno-sanitize-recover=undefined -Xcc -O1 2>&1 \
    | grep -vE 'Cannot export local symbol')
if [ "${PIPESTATUS[0]}" -ne 0 ]; then echo "fuzz: build failed" >&2; exit 1; fi
echo "fuzz: built in $(( $(date +%s) - start )) s"
python3 scripts/fuzz/make-seeds.py "$scratch/seeds" || exit 1

# Leaks are the sanitize target's job (LeakSanitizer over the test suite); here they would stop
# every run at the first cached font map. Timeouts: a single input taking 20 s is a hang.
# detect_stack_use_after_return=0 as in scripts/sanitize.sh: with ASan's fake stacks StackSpace
# cannot see the stack run out, and every layout hops to a fresh thread until memory runs out.
export ASAN_OPTIONS="detect_leaks=0 detect_stack_use_after_return=0 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1 ${UBSAN_OPTIONS:-}"
# Swift's own crash reporter runs inside the crashing process and trips ASan; libFuzzer's report
# (ASan's stack, with file and line) is the one wanted.
export SWIFT_BACKTRACE=enable=no
failed=()
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target" artifacts="$scratch/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts" "Fuzz/Corpus/$target"
    echo "fuzz: $target for $seconds s (corpus $corpus)"
    before=$(ls "$artifacts" | wc -l)
    "$scratch/build/debug/$target" "$corpus" "Fuzz/Corpus/$target" "$scratch/seeds/$target" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts" ${FUZZ_FLAGS:-} >"$scratch/$target.log" 2>&1
    status=$?
    # Executions: the final stats, or in fork mode (FUZZ_FLAGS=-fork=1 …) the last progress line.
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$target.log" | grep -o '[0-9]*$')
    [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$scratch/$target.log" | tail -1 | tr -d '#')
    found=$(( $(ls "$artifacts" | wc -l) - before ))
    echo "fuzz: $target: exit $status, ${runs:-?} executions, corpus $(ls "$corpus" | wc -l) inputs, $found new finding(s), log $scratch/$target.log"
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        grep -E -m1 -A25 'ERROR: (AddressSanitizer|libFuzzer)|runtime error:|Fatal error|Precondition failed|deadly signal' "$scratch/$target.log" | head -40
        ls "$artifacts"
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]} (inputs in $scratch/artifacts)" >&2
    exit 1
fi
echo "fuzz: ${targets[*]}: no findings"
