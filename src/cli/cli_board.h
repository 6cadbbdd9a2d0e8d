/* cli_board.h - a game in the terminal, as grognard play shows it: the
 * board, the units, the status line, the result, moving a unit by its code
 * and a hex (internal to the CLI).
 *
 * The one file of the command line that knows a game from inside: for R&E
 * it draws the hex board (unit codes that no terrain letter shares, the
 * hexsides with a stream or sunken road, colour on a terminal that wants
 * it, a map wider than the terminal in parts of whole columns); for a type
 * it does not know it falls back on what game.h gives (the state's
 * description, the winner's name) and draws nothing.  The build checks that
 * no other file of the command line names an re_ symbol. */
#ifndef GROGNARD_CLI_BOARD_H
#define GROGNARD_CLI_BOARD_H

#include <stdio.h>

#include "grognard/game.h"

typedef struct cli_board cli_board;

/* The terminal's view of the game g (borrowed: it outlives the board);
 * NULL if out of memory.  Free with cli_board_free. */
cli_board *cli_board_open(const gr_game *g);
void cli_board_free(cli_board *b);

/* Draw the map with the units where st has them (NULL: where the scenario
 * sets them up), sized to the terminal `f`, in colour if it wants it. */
void cli_board_draw(const cli_board *b, FILE *f, const void *st);

/* The units of each side by corps, with code, strength and hex (st NULL:
 * as the scenario sets them up). */
void cli_board_units(const cli_board *b, FILE *f, const void *st);

/* The name of unit u (the index of the type's sites that are units, as
 * gr_ai_threat gives it), NULL if the board does not know it. */
const char *cli_board_unit_name(const cli_board *b, int u);

/* One line for --check: "TITLE, CxR hexes, T turns, U units in C corps". */
void cli_board_summary(const cli_board *b, FILE *f);

/* The line(s) before a human's decision: the turn, the phase, the
 * demoralisation, the chits still to choose. */
void cli_board_status(const cli_board *b, FILE *f, const void *st);

/* The end of the game: the winner and each side's losses. */
void cli_board_result(const cli_board *b, FILE *f, const void *st);

/* What the other player is told of side p's hidden choice `a` (a chit put
 * in the bowl), made by the computer: "puts a chit in the bowl". */
const char *cli_board_hidden_note(const cli_board *b, const void *st, int p, gr_action a);

/* Moving by unit: if `line` is a unit's code (e.g. A1), draw the board with
 * the hexes it may move to among the n legal actions `acts` marked, list
 * them, remember the unit and return 1 (0 if `line` is no unit's code). */
int cli_board_pick(cli_board *b, FILE *f, const void *st, const gr_action *acts, int n,
                   const char *line);

/* The move of the picked unit to the hex written "col,row" in `line`: 1
 * with *out set; -1 (after saying so on f) if it cannot go there; 0 if no
 * unit is picked or `line` is not a hex.  The pick is then forgotten. */
int cli_board_picked_move(cli_board *b, FILE *f, const gr_action *acts, int n, const char *line,
                          gr_action *out);

/* Forget the unit picked (a decision was taken otherwise). */
void cli_board_unpick(cli_board *b);

/* Clear the terminal `f` and its scrollback (ESC[H ESC[2J ESC[3J), so a
 * hot-seat player cannot scroll back to the other's choices; nothing when
 * `f` is not a terminal.  Returns 1 if it cleared. */
int cli_clear_screen(FILE *f);

#endif
