#!/bin/sh
# run.sh EXE NAME SOURCE_DIR BUILD_DIR - run the fuzz target EXE (NAME) for
# GROGNARD_FUZZ_SECONDS seconds (default 30) from its seed corpus
# (SOURCE_DIR/corpus/NAME) and what earlier runs found (BUILD_DIR/work-NAME/
# corpus), with the JSON dictionary.  Exits 0 if nothing was found; a
# finding is kept in BUILD_DIR/work-NAME/artifacts/ (reproduce it with
# `EXE FILE`).  The last lines are libFuzzer's final figures.
set -eu
exe=$1 name=$2 src=$3 out=$4
secs=${GROGNARD_FUZZ_SECONDS:-30}
work=$out/work-$name
mkdir -p "$work/corpus" "$work/artifacts"
"$exe" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="$src/json.dict" -artifact_prefix="$work/artifacts/" \
    "$work/corpus" "$src/corpus/$name" >"$work/log" 2>&1 && rc=0 || rc=$?
# the figures of the run (and, on a finding, what it was)
if [ "$rc" = 0 ]; then
    grep -E '^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/log" || tail -n 5 "$work/log"
    echo "fuzz-$name: no finding in $secs s"
else
    tail -n 60 "$work/log"
    echo "fuzz-$name: FINDING (exit $rc); the input is in $work/artifacts/" >&2
fi
exit "$rc"
