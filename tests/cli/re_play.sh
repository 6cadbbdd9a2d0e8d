#!/bin/sh
# re_play.sh - grognard play driven from a script on stdin through a whole game
# of the teaching scenario, two "people" at one keyboard, using help, board,
# units, undo, a bad action and numbered actions; the saved game replays.
. "$(dirname "$0")/lib.sh"
: "${SOURCE_ROOT:?}"
S=$SOURCE_ROOT/data/scenarios
T=${TMPDIR:-/tmp}/re_play.$$
mkdir -p "$T"

for seed in 1 2 3; do
    { printf 'help\nboard\nunits\n1\nundo\nnot an action\n999\n'; yes 1 | head -n 20000; } |
        "$GROGNARD" play "$S/teaching.json" --ai none --seed $seed --save "$T/g$seed.json" \
            > "$T/out$seed" 2>&1
    rc=$?
    if [ $rc = 0 ]; then pass; else flunk "seed $seed: play exited $rc: $(tail -3 "$T/out$seed")"; fi
    grep -q "== Game over after turn" "$T/out$seed" && pass || flunk "seed $seed: no game over"
    grep -q "undone: back to your previous decision" "$T/out$seed" && pass || flunk "seed $seed: undo"
    grep -q "undone: back to your previous decision ('chit " "$T/out$seed" && pass || flunk "seed $seed: undo does not say what it took back"
    grep -q "is not a legal action now" "$T/out$seed" && pass || flunk "seed $seed: bad action"
    grep -q "undo         take back" "$T/out$seed" && pass || flunk "seed $seed: help"
    grep -q "terrain: . clear" "$T/out$seed" && pass || flunk "seed $seed: board"
    grep -q "(seed 004 " "$T/out$seed" && pass || flunk "seed $seed: no rule shown"
    expect_exit "seed $seed replays" 0 "" -- replay "$T/g$seed.json" --verify
done

# against the computer: the computer's chit choices are not shown to the human
yes 1 | head -n 20000 | "$GROGNARD" play "$S/teaching.json" --ai 1 --seed 9 > "$T/ai" 2>&1
grep -q "(computer) puts a chit in the bowl" "$T/ai" && pass || flunk "computer chits hidden"
grep -q "== Game over" "$T/ai" && pass || flunk "game against the computer did not end"

# a typo's hint gives examples from the legal actions of the game being
# played: the teaching scenario has no Friant (issue 12 item 11)
printf 'Friant: move to 1,1\nquit\n' | "$GROGNARD" play "$S/teaching.json" --ai none --seed 1 > "$T/typo" 2>&1
grep -q "not a legal action now.*(e.g. 'chit Division Lefort', 'chits done')" "$T/typo" && pass || flunk "typo hint: $(grep 'not a legal' "$T/typo")"
grep -q "Friant: move to 7,4" "$T/typo" && flunk "typo hint names Friant, not in the teaching scenario" || pass

# two computers, same seed: the same game
expect_same "deterministic" -- play "$S/teaching.json" --ai both --seed 11

# input ends before the game: exit 1, the game so far is saved
printf '1\n' | "$GROGNARD" play "$S/teaching.json" --ai none --save "$T/part.json" >/dev/null 2>&1
[ $? = 1 ] && pass || flunk "early end of input should exit 1"
expect_exit "partial game replays" 0 "" -- replay "$T/part.json" --verify

# --save naming the scenario file itself (as given, by another path, through a
# link): refused before the game starts, exit 2, the scenario untouched
cp "$S/teaching.json" "$T/scen.json"
ln -s scen.json "$T/link.json"
mkdir -p "$T/sub"
expect_exit "--save over the scenario" 2 "scen.json.*is the scenario file" -- \
    play "$T/scen.json" --ai both --save "$T/scen.json"
expect_exit "--save over the scenario by another path" 2 "is the scenario file" -- \
    play "$T/scen.json" --ai both --save "$T/sub/../scen.json"
expect_exit "--save over the scenario through a link" 2 "is the scenario file" -- \
    play "$T/link.json" --ai both --save "$T/scen.json"
cmp -s "$S/teaching.json" "$T/scen.json" && pass || flunk "--save overwrote the scenario"
# 'save FILE' at the prompt: refused with the reason, the game goes on
printf 'save %s\nsave %s\nquit\n' "$T/./scen.json" "$T/ok.json" |
    "$GROGNARD" play "$T/scen.json" --ai none > "$T/out-save" 2>&1
grep -q "is the scenario file" "$T/out-save" && pass || flunk "prompt save over the scenario: no reason given"
cmp -s "$S/teaching.json" "$T/scen.json" && pass || flunk "prompt save overwrote the scenario"
[ -f "$T/ok.json" ] && pass || flunk "prompt save to another file after the refusal"

# an error quoting input is one line with its control bytes escaped: no newline,
# no terminal escape sequence taken from the input reaches the terminal
ESC=$(printf '\033')
NL='
'
no_raw_controls() { # NAME FILE: the file has no ESC, no carriage return, no BEL
    if LC_ALL=C grep -q "$(printf '[\033\r\007]')" "$2"; then flunk "$1: raw control bytes"; else pass; fi
}
expect_exit "unknown option with escapes" 2 'unknown option .--x\\x1b\[31m\\nred' -- \
    play "--x${ESC}[31m${NL}red"
no_raw_controls "unknown option" /tmp/grognard-stderr.$$
expect_exit "unknown command with escapes" 2 "unknown command 'x\\\\x1b\\[2J'" -- "x${ESC}[2J"
expect_exit "scenario name with escapes" 1 'cannot open' -- play "$T/a${NL}b${ESC}[2J.json"
no_raw_controls "scenario name" /tmp/grognard-stderr.$$
expect_exit "--seed with escapes" 2 "--seed '1\\\\x1b\\[2J'" -- play "$S/teaching.json" --seed "1${ESC}[2J"
expect_exit "replay file with escapes" 1 'cannot open' -- replay "$T/a${ESC}]0;title$(printf '\007').json"
no_raw_controls "replay file name" /tmp/grognard-stderr.$$
# a value of the file, decoded from a \u escape, quoted in a message
sed 's/"name": "u1", "corps": "cb"/"name": "u\\u001b[31m\\nx", "corps": "cb"/' \
    "$SOURCE_ROOT/tests/io/bad/duplicate_unit_name.json" > "$T/esc.json"
sed -i 's/"hex": \[3, 1\]/"hex": [99, 1]/' "$T/esc.json"
expect_exit "scenario value with escapes" 2 'esc.json:24:' -- play "$T/esc.json" --check
no_raw_controls "scenario value" /tmp/grognard-stderr.$$
# prompt text echoed back
printf 'move \033[2J now\nquit\n' | "$GROGNARD" play "$S/teaching.json" --ai none > "$T/out-esc" 2>&1
grep -q 'move \\x1b\[2J now' "$T/out-esc" && pass || flunk "prompt echo: the escape is not shown escaped"
no_raw_controls "prompt echo" "$T/out-esc"

# quit is a normal end (exit 0), and the game is saved; the end of input is not
printf 'quit\n' | "$GROGNARD" play "$S/teaching.json" --ai none --seed 4 --save "$T/quit.json" > "$T/q" 2>&1
rc=$?
[ $rc = 0 ] && pass || flunk "quit exited $rc, want 0"
[ -s "$T/quit.json" ] && pass || flunk "quit did not save"
# 'save' with no file name says so
printf 'save\nquit\n' | "$GROGNARD" play "$S/teaching.json" --ai none --seed 4 > "$T/s" 2>&1
grep -q "save needs a file name" "$T/s" && pass || flunk "'save' alone: $(tail -2 "$T/s")"
# a long line is one line: its tail is never run as a command of its own
long=$(printf '%0511d' 0 | tr 0 x)
printf '%shelp\n' "$long" | "$GROGNARD" play "$S/teaching.json" --ai none --seed 4 > "$T/l" 2>&1
if grep -q "undo         take back" "$T/l"; then flunk "the tail of a long line ran as 'help'"; else pass; fi
long=$(printf '%01200d' 0 | tr 0 x)
printf '%s\nquit\n' "$long" | "$GROGNARD" play "$S/teaching.json" --ai none --seed 4 > "$T/l2" 2>&1
grep -q "that line is 1200 characters long" "$T/l2" && pass || flunk "an over-long line is not refused"
# no --seed: a fresh seed, printed, different from run to run
a=$("$GROGNARD" play "$S/teaching.json" --ai both | head -n 1)
b=$("$GROGNARD" play "$S/teaching.json" --ai both | head -n 1)
printf '%s' "$a" | grep -Eq 'seed [0-9]+' && pass || flunk "no seed printed: $a"
[ "$a" != "$b" ] && pass || flunk "two games without --seed had the same seed: $a"
# the briefing, and the chits chosen and left during the choice
printf '1\nquit\n' | "$GROGNARD" play "$S/teaching.json" --ai none --seed 4 > "$T/b" 2>&1
grep -q "Victory: the side that has destroyed more enemy units" "$T/b" && pass || flunk "no victory rule in the briefing"
grep -q "up to 2 chits in the bowl a turn" "$T/b" && pass || flunk "no chits per turn in the briefing"
grep -q "0 of 2 chits chosen, 2 left to choose" "$T/b" && pass || flunk "no chit count before the choice"
grep -q "1 of 2 chits chosen, 1 left to choose" "$T/b" && pass || flunk "no chit count after one chit"

# a saved game goes on where it stopped, and is saved back there
printf '1\n1\n1\n' | "$GROGNARD" play "$S/teaching.json" --ai 1 --seed 21 --save "$T/go.json" >/dev/null 2>&1
n1=$(jq '.steps | length' "$T/go.json")
yes 1 | head -n 3000 | "$GROGNARD" play "$T/go.json" > "$T/go.out" 2>&1
rc=$?
[ $rc = 0 ] && pass || flunk "resuming exited $rc: $(tail -2 "$T/go.out")"
grep -q "resumed $T/go.json after $n1 steps" "$T/go.out" && pass || flunk "no 'resumed' line"
grep -q "== Game over" "$T/go.out" && pass || flunk "the resumed game did not end"
n2=$(jq '.steps | length' "$T/go.json")
[ "$n2" -gt "$n1" ] && pass || flunk "the resumed game was not saved back ($n1 then $n2 steps)"
expect_exit "resumed game replays" 0 "" -- replay "$T/go.json" --verify
expect_exit "resume keeps its seed" 2 "a resumed game keeps its seed" -- play "$T/go.json" --seed 3
printf '{"format": "grognard-save", "version": 2}\n' > "$T/bad-save.json"
expect_exit "a broken save says what is wrong with it" 2 "bad-save.json:1:[0-9]+: .*game" -- play "$T/bad-save.json"

# a save carries its scenario: mailed alone to a folder with no scenario, it
# replays and resumes there (issue 12 item 6)
mkdir -p "$T/here" "$T/mail"
cp "$S/teaching.json" "$T/here/t.json"
(cd "$T/here" && printf '1\n1\nquit\n' | "$GROGNARD" play t.json --ai none --seed 5 --save g.json >/dev/null 2>&1)
mv "$T/here/g.json" "$T/mail/g.json"
rm -rf "$T/here"
(cd "$T/mail" && "$GROGNARD" replay g.json --verify > "$T/mail.out" 2>&1) && pass || flunk "a mailed save does not replay: $(cat "$T/mail.out")"
(cd "$T/mail" && yes 1 | head -n 3000 | "$GROGNARD" play g.json --ai none > "$T/mail.play" 2>&1) && pass || flunk "a mailed save does not resume: $(tail -2 "$T/mail.play")"
grep -q "resumed g.json after 2 steps, at turn 1 (its scenario is carried in the save)" "$T/mail.play" && pass || flunk "no resumed line: $(grep resumed "$T/mail.play")"
grep -q "== Game over" "$T/mail.play" && pass || flunk "the mailed game did not end"
(cd "$T/mail" && "$GROGNARD" replay g.json --verify >/dev/null 2>&1) && pass || flunk "the mailed game, saved back, does not replay"
# a save of format 2 (before the scenario was carried) is still read
(cd "$SOURCE_ROOT" && "$GROGNARD" replay tests/replays/teaching-7-eager.json --verify >/dev/null 2>&1) && pass || flunk "a format-2 save no longer replays"

# a legible board (issue 12 item 9)
# unit codes: no corps letter is a terrain or feature letter, in either case
"$GROGNARD" play "$S/austerlitz.json" --check > "$T/aus" 2>&1
codes=$(grep -E '^    [A-Za-z][0-9a-z] ' "$T/aus" | cut -c5)
[ -n "$codes" ] && pass || flunk "no unit codes listed"
printf '%s\n' "$codes" | grep -q '[FOTMXRKBWGfotmxrkbwg]' && flunk "a unit code starts with a terrain letter: $(printf '%s' "$codes" | tr -d '\n')" || pass
# Austerlitz (16 columns) fits 80 columns: the map in two parts of whole columns
awk '/^Grande Arm/ { exit bad } NR > 1 && length($0) > 80 { bad = 1; print "too wide: " $0 } END { exit bad }' "$T/aus" && pass || flunk "a line of the board is wider than 80 columns"
grep -q "(columns 8 to 15, east of the part above)" "$T/aus" && pass || flunk "no second part of the map"
# which hexside carries a stream: the teaching scenario's streams, worked by
# hand from its "streams" pairs ([4,4]-[5,4], [4,5]-[5,5], [4,6]-[5,6] east
# sides, [4,6]-[4,7] the south-east side of the even row 6)
"$GROGNARD" play "$S/teaching.json" --check > "$T/teach" 2>&1
grep -q "streams and sunken roads on the hexsides of:  \[4, 4\] E  \[4, 5\] E  \[4, 6\] E SE$" "$T/teach" && pass || flunk "stream sides not listed: $(grep streams "$T/teach")"
grep -Eq '^ 4  (.....){4}\.   \|' "$T/teach" && pass || flunk "the east side of [4, 4] is not drawn '|'"
# colour and the clear screen on a terminal only; NO_COLOR respected
printf '1\n1\n1\n1\nquit\n' > "$T/in"
esc=$(printf '\033')
TERM=xterm script -qec "'$GROGNARD' play '$S/teaching.json' --ai none --seed 3" /dev/null < "$T/in" > "$T/tty" 2>&1
grep -q "${esc}\[1;34m" "$T/tty" && pass || flunk "no colour on a terminal"
grep -q "${esc}\[H${esc}\[2J${esc}\[3J" "$T/tty" && pass || flunk "hot-seat hiding does not clear the screen and scrollback"
NO_COLOR=1 TERM=xterm script -qec "'$GROGNARD' play '$S/teaching.json' --ai none --seed 3" /dev/null < "$T/in" > "$T/tty2" 2>&1
grep -q "${esc}\[1;3" "$T/tty2" && flunk "colour despite NO_COLOR" || pass
"$GROGNARD" play "$S/teaching.json" --ai none --seed 3 < "$T/in" > "$T/pipe" 2>&1
grep -q "$esc" "$T/pipe" && flunk "escape sequences written to a pipe" || pass
[ "$(grep -c '^$' "$T/pipe")" -lt 20 ] && pass || flunk "hot-seat hiding still prints blank lines"

# moving by unit (issue 12 item 8): its code shows the hexes it may reach on
# the board, '++' where it may still fight after; then the hex moves it.
# Worked by hand from seed 004 (infantry: one hex and fight, or two without):
# A1 at [3,3] (odd row) may fight after reaching its free neighbours 3,2 4,2
# 4,3 4,4 ([2,3] and [3,4] hold A4 and A2); two hexes away (5,3) it may not
printf '1\n1\n1\n1\nA1\n4,2\nA1\nquit\n' | "$GROGNARD" play "$S/teaching.json" --ai none --seed 2 > "$T/mv" 2>&1
grep -q "^A1 1re brigade (Lefort) may move to 12 hexes: .* 3,2 4,2 .*4,3 5,3\* 4,4 " "$T/mv" && pass || flunk "unit's moves: $(grep 'may move to' "$T/mv")"
grep -q "moves:   ++ may still fight after the move   -- may not" "$T/mv" && pass || flunk "no move marks on the board"
grep -Eq '^ 3    (.....){4}\.=\+\+ T=-- ' "$T/mv" && pass || flunk "[4,3] not marked ++ or [5,3] not marked --"
grep -q "1re brigade (Lefort) moves" "$T/mv" && pass || flunk "the hex typed did not move the unit: $(grep -A2 '4,2' "$T/mv" | head -5)"
grep -q "A1 1re brigade (Lefort) cannot move now" "$T/mv" && pass || flunk "a moved unit still offers moves"
grep -q "    1  1re brigade (Lefort): move to 2,1" "$T/mv" && pass || flunk "the flat list of moves is gone"

# --save in a folder that does not exist is refused before the game
expect_exit "save folder missing" 2 "the folder .*/nodir does not exist" -- play "$S/teaching.json" --ai none --save "$T/nodir/g.json"
# a save that fails when the game ends goes to the temporary folder instead
mkdir -p "$T/gone" "$T/tmp"
{ printf '1\n'; sleep 1; rm -rf "$T/gone"; printf 'quit\n'; } |
    TMPDIR="$T/tmp" "$GROGNARD" play "$S/teaching.json" --ai none --seed 6 --save "$T/gone/g.json" > /dev/null 2> "$T/rescue.err"
grep -q "the game is not lost: it was saved to $T/tmp/grognard-rescue-6-" "$T/rescue.err" && pass || flunk "no rescue save: $(cat "$T/rescue.err")"
r=$(ls "$T"/tmp/grognard-rescue-6-*.json 2>/dev/null | head -n 1)
[ -n "$r" ] && expect_exit "the rescued game replays" 0 "" -- replay "$r" --verify || flunk "no rescue file"

rm -rf "$T"
finish
