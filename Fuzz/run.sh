#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of user- or bucket-written bytes (see Fuzz/README.md):
# builds the libFuzzer targets of the Fuzz/ package (release, AddressSanitizer + LeakSanitizer),
# then runs each for N seconds on a work corpus in .build-fuzz/corpus/<target>/ seeded from
# Fuzz/Corpus/<target>/, with Tests/Fuzz/Regressions/<target>/ replayed first. Prints each
# target's executions, time and result; exits 1 if any crashed, leaked, hung (> 1 s on one input)
# or ran out of memory, keeping the input under .build-fuzz/artifacts/<target>/.
#
# Usage: Fuzz/run.sh [--seconds 60] [--targets fuzz-config,fuzz-pointer] [--jobs N] [--no-build | --build-only]
# (FUZZ_OPTIONS="-max_len=512 …" adds libFuzzer flags to every run, after the defaults.)
# --jobs N runs N targets at once (default: the number of processors); each still gets --seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
all=(fuzz-contract-file fuzz-history fuzz-history-folder fuzz-exemptions fuzz-sunsets fuzz-config fuzz-installs
  fuzz-pointer fuzz-manifest fuzz-string-catalog fuzz-accept-language fuzz-event-batch
  fuzz-experiment-export fuzz-response-record fuzz-health fuzz-counts-file fuzz-colorset fuzz-android-colors)
targets=("${all[@]}")
build=1
build_only=0
jobs=$(nproc 2>/dev/null || echo 1)
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --targets) IFS=, read -r -a targets <<< "$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --build-only) build_only=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "--jobs takes a positive number" >&2; exit 2; }
for target in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $target "* ]] || { echo "unknown target $target (known: ${all[*]})" >&2; exit 2; }
done

# The dictionary of each target's family of files.
dictionary() {
  case "$1" in
    fuzz-contract-file|fuzz-history|fuzz-history-folder) echo contract ;;
    fuzz-exemptions|fuzz-sunsets) echo gate-files ;;
    fuzz-config) echo config ;;
    fuzz-installs) echo installs ;;
    fuzz-pointer|fuzz-manifest) echo bucket ;;
    fuzz-string-catalog) echo xcstrings ;;
    fuzz-accept-language) echo accept-language ;;
    fuzz-event-batch) echo event-batch ;;
    fuzz-experiment-export) echo experiment-export ;;
    fuzz-response-record|fuzz-health) echo response-record ;;
    fuzz-counts-file) echo counts ;;
    fuzz-colorset|fuzz-android-colors) echo colors ;;
  esac
}

# Its own scratch path, so it never shares a build folder (or its lock) with the main package.
scratch=Fuzz/.build
bin="$scratch/release"
if [ "$build" = 1 ]; then
  echo "fuzz: building ${#targets[@]} target(s) (release, -sanitize=fuzzer,address) into $scratch" >&2
  started=$(date +%s)
  # Re-plan every time: SwiftPM does not see files added to ScreenKit's modules (a dependency by
  # path) without it, and the build then fails to find them.
  rm -f "$scratch/release/description.json"
  # shellcheck disable=SC2054 # "fuzzer,address" is one argument
  flags=(--package-path Fuzz --scratch-path "$scratch" -c release
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld)
  if [ ${#targets[@]} = ${#all[@]} ]; then
    # Every target in one build: one plan, and the links run in parallel.
    swift build "${flags[@]}" >&2
  else
    for target in "${targets[@]}"; do swift build "${flags[@]}" --product "$target" >&2; done
  fi
  echo "fuzz: built in $(( $(date +%s) - started )) s" >&2
fi
if [ "$build_only" = 1 ]; then exit 0; fi

work=.build-fuzz
mkdir -p "$work/logs"
# The history-folder target writes a folder per input: in memory when /dev/shm is there (twice the
# executions of a disk), else under .build-fuzz/; removed at the end either way.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then scratch_tmp=$(mktemp -d /dev/shm/screenkit-fuzz.XXXXXX)
else mkdir -p "$work/tmp"; scratch_tmp=$(mktemp -d "$PWD/$work/tmp/screenkit-fuzz.XXXXXX"); fi
trap 'rm -rf "$scratch_tmp"' EXIT
export TMPDIR="$scratch_tmp"
# A trap is reported by libFuzzer (deadly signal, with the stack), not by Swift's backtracer, whose
# memory reads AddressSanitizer would report in its place.
export SWIFT_BACKTRACE=enable=no
# Leaks are findings; a suppression file, if any, lists runtime one-time allocations only.
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
if [ -f Fuzz/lsan.supp ]; then export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"; fi

# One target: fuzzes it, then writes its result line to $work/logs/<target>.result and, when it
# found something, its name to $work/logs/<target>.failed.
fuzz_one() {
  local target=$1
  local corpus="$work/corpus/$target" artifacts="$work/artifacts/$target" log="$work/logs/$target.log"
  mkdir -p "$corpus" "$artifacts"
  rm -f "$work/logs/$target.failed"
  cp Fuzz/Corpus/"$target"/* "$corpus"/
  # Known findings, replayed before fuzzing (read only: libFuzzer adds new inputs to $corpus).
  local inputs=("$corpus")
  if [ -d "Tests/Fuzz/Regressions/$target" ]; then inputs+=("Tests/Fuzz/Regressions/$target"); fi
  local started status=0
  started=$(date +%s%N)
  "$bin/$target" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="Fuzz/Dictionaries/$(dictionary "$target").dict" -artifact_prefix="$artifacts/" \
    ${FUZZ_OPTIONS:-} "${inputs[@]}" > "$log" 2>&1 || status=$?
  local elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  local executions result=ok
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" != 0 ]; then
    if grep -q 'ERROR: LeakSanitizer' "$log"; then result=leak
    elif grep -q 'ERROR: libFuzzer: timeout' "$log"; then result=timeout
    elif grep -q 'ERROR: libFuzzer: \(out-of-memory\|malloc\)' "$log"; then result=out-of-memory
    else result="crash ($(grep -o -m1 'ERROR: [A-Za-z]*: [a-z-]*\( signal\)\?' "$log" | sed 's/ERROR: //' || echo "exit $status"))"
    fi
    local artifact
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    result="$result: ${artifact:-no artifact} (log $log)"
    echo "$target" > "$work/logs/$target.failed"
  fi
  printf 'fuzz: %-20s %12s %6d.%d  %s\n' "$target" "${executions:-n/a}" $((elapsed_ms / 1000)) \
    $((elapsed_ms % 1000 / 100)) "$result" > "$work/logs/$target.result"
}

# The targets, $jobs at a time (each a process of its own on its own corpus); the results are
# printed in the targets' order once all have run.
echo "fuzz: running ${#targets[@]} target(s), $jobs at a time, $seconds s each" >&2
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  fuzz_one "$target" &
  running=$((running + 1))
done
wait
failed=()
printf 'fuzz: %-20s %12s %8s  %s\n' target executions seconds result >&2
for target in "${targets[@]}"; do
  cat "$work/logs/$target.result" >&2
  if [ -f "$work/logs/$target.failed" ]; then failed+=("$target"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}; reproduce with $bin/<target> <artifact>, see Fuzz/README.md" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} target(s), no findings" >&2
