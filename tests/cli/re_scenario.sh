#!/bin/sh
# re_scenario.sh - scenario files through the CLI: the bundled ones load; every
# bad file of tests/io/bad is refused with exit 2 and ONE line
# "FILE:LINE:COLUMN: what is wrong; how to fix it" at the expected place.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
B=$SOURCE_ROOT/tests/io/bad

expect_exit "teaching loads" 0 "" -- play "$S/teaching.json" --check
expect_exit "austerlitz loads" 0 "" -- play "$S/austerlitz.json" --check
out=$("$GROGNARD" play "$S/austerlitz.json" --check)
case $out in *"16x12 hexes, 7 turns, 50 units in 15 corps: OK"*) pass ;; *) flunk "austerlitz summary: $out" ;; esac

grep -v '^#' "$B/EXPECTED" | while read -r file line col text; do
    [ -n "$file" ] || continue
    expect_exit "bad $file" 2 "^$B/$file:$line:$col: .*;" -- play "$B/$file" --check
    printf '%s\n' "$checks $failed" > /tmp/re_scenario.$$
done
if [ -f /tmp/re_scenario.$$ ]; then
    read -r c f < /tmp/re_scenario.$$
    checks=$c failed=$f
    rm -f /tmp/re_scenario.$$
fi

expect_exit "missing file" 1 "cannot open" -- play /nonexistent/x.json --check
expect_exit "a directory" 1 "is a directory" -- play "$S" --check
expect_exit "no scenario" 2 "missing SCENARIO" -- play
expect_exit "bad --ai" 2 "use 0, 1, both or none" -- play "$S/teaching.json" --ai 3
expect_exit "bad --seed" 2 "not a whole number" -- play "$S/teaching.json" --seed -4
expect_exit "unknown option" 2 "unknown option" -- play "$S/teaching.json" --fast
finish
