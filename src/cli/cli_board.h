/* cli_board.h - the R&E board drawn in the terminal (internal to the CLI). */
#ifndef GROGNARD_CLI_BOARD_H
#define GROGNARD_CLI_BOARD_H

#include <stdio.h>

#include "grognard/hex.h"
#include "grognard/re.h"
#include "grognard/re_io.h"

/* A two-character code per unit: its corps' letter, from letters no terrain
 * or feature code uses (upper case for side 0, lower case for side 1), and
 * its number in the corps. */
typedef struct cli_tags {
    char t[RE_MAX_UNITS][4];
} cli_tags;

void cli_board_tags(const re_scenario *sc, cli_tags *tg);

/* Draw the map of `sc` with the units where `st` has them (NULL: where the
 * scenario sets them up).  `marks` (NULL, or RE_MAX_ROWS x RE_MAX_COLS
 * bytes, row-major with RE_MAX_COLS a row): '+' on a hex a unit may move to
 * and still fight, '-' one it may move to without fighting after, 0
 * elsewhere.  `colour`: SGR colours (see cli_colour_wanted).  `width`: the
 * terminal's columns; a wider map is drawn in parts of whole hex columns.
 * Below the map: every hexside with a stream or sunken road, and the key. */
void cli_board_draw(FILE *f, const re_scenario *sc, const re_state *st, const cli_tags *tg,
                    const char *marks, int colour, int width);

/* Mark in `marks` (as cli_board_draw reads them) every hex that `unit` may
 * move to among the n legal actions `acts` of state `st`: '+' if it may
 * still fight after the move, '-' if not.  Returns how many. */
int cli_board_move_marks(const gr_game *g, const re_state *st, const gr_action *acts, int n,
                         int unit, char *marks);

/* The units of each side by corps, with code, strength and hex. */
void cli_board_units(FILE *f, const re_scenario *sc, const re_state *st, const cli_tags *tg);

/* 1 if `f` is a terminal that wants colour: a tty, TERM set and not "dumb",
 * and NO_COLOR unset or empty. */
int cli_colour_wanted(FILE *f);

/* The width of the terminal `f` is (its size, else $COLUMNS), 80 if unknown. */
int cli_term_width(FILE *f);

/* Clear the terminal `f` and its scrollback (ESC[H ESC[2J ESC[3J), so a
 * hot-seat player cannot scroll back to the other's choices; nothing when
 * `f` is not a terminal.  Returns 1 if it cleared. */
int cli_clear_screen(FILE *f);

#endif
