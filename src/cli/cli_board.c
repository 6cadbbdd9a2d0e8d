/* cli_board.c - a game in the terminal (cli_board.h): for R&E the hex
 * board, with unit codes that no terrain letter shares, the hexsides that
 * carry a stream or sunken road, colour on a terminal that wants it, and a
 * map wider than the terminal drawn in parts of whole columns; for another
 * type what game.h says. */
#include "cli_board.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "grognard/re.h"
#include "grognard/tb.h"
#include "grognard/re_io.h"

/* A two-character code per unit: its corps' letter, from letters no terrain
 * or feature code uses (upper case for side 0, lower case for side 1), and
 * its number in the corps. */
typedef struct cli_tags {
    char t[RE_MAX_UNITS][4];
} cli_tags;

struct cli_board {
    const gr_game *g;
    const re_scenario *sc; /* R&E's scenario, or NULL for another type */
    int table;             /* 1: L'Âge des Aigles on the table (tb.h): its text view */
    cli_tags tg;
    int picked; /* the unit picked to move by its code (-1: none) */
};

/* The corps letters: the alphabet without the terrain codes (F O T M X R K
 * B W) and the feature letters (b g) in either case, so that no unit code
 * reads as terrain.  Sixteen, RE_MAX_CORPS. */
static const char corps_letters[] = "ACDEHIJLNPQSUVYZ";
_Static_assert(sizeof corps_letters - 1 >= RE_MAX_CORPS, "a letter for every corps of a side");

static void board_tags(const re_scenario *sc, cli_tags *tg)
{
    int corps_letter[RE_MAX_CORPS];
    int next[RE_SIDES] = {0, 0};
    for (int k = 0; k < sc->ncorps; k++)
        corps_letter[k] = next[sc->corps[k].side]++;
    int count[RE_MAX_CORPS] = {0};
    for (int i = 0; i < sc->nunits; i++) {
        const re_unitdef *u = &sc->units[i];
        int n = ++count[u->corps];
        char l = corps_letters[corps_letter[u->corps] % (int)(sizeof corps_letters - 1)];
        tg->t[i][0] = u->side ? (char)(l - 'A' + 'a') : l;
        tg->t[i][1] = (char)(n < 10 ? '0' + n : 'a' + (n - 10) % 26);
        tg->t[i][2] = '\0';
    }
}

/* 1 if `f` is a terminal that wants colour: a tty, TERM set and not "dumb",
 * and NO_COLOR unset or empty. */
static int cli_colour_wanted(FILE *f)
{
    const char *no = getenv("NO_COLOR"); /* https://no-color.org: set and not empty */
    if (no && *no)
        return 0;
    const char *term = getenv("TERM");
    if (!term || !*term || !strcmp(term, "dumb"))
        return 0;
    return isatty(fileno(f));
}

/* The width of the terminal `f` is (its size, else $COLUMNS), 80 if unknown. */
static int cli_term_width(FILE *f)
{
    struct winsize ws;
    if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
        return ws.ws_col;
    const char *c = getenv("COLUMNS");
    if (c) {
        int w = atoi(c);
        if (w >= 20)
            return w;
    }
    return 80;
}

static const char *type_code(int t)
{
    static const char *const c[RE_UNIT_TYPES] = {"I", "IE", "C", "HC", "A"};
    return t >= 0 && t < RE_UNIT_TYPES ? c[t] : "?";
}

static char feature_char(const re_hexdef *h)
{
    if (h->flags & RE_FIELDWORKS)
        return '#';
    if (h->flags & RE_HILL)
        return '^';
    if (h->flags & RE_BRIDGE)
        return 'b';
    if (h->flags & RE_FORD)
        return 'g';
    if (h->flags & RE_ROAD)
        return '=';
    return ' ';
}

/* SGR colours: side 0 blue, side 1 red, both bold; water blue, woods green,
 * towns yellow; the marks of a unit's moves bold green (may still fight) or
 * yellow (may not). */
#define SGR_RESET "\033[0m"
static const char *terrain_sgr(int t)
{
    switch (t) {
    case RE_FOREST:
    case RE_ORCHARD: return "\033[32m";
    case RE_TOWN:
    case RE_BUILDING:
    case RE_FORTRESS: return "\033[33m";
    case RE_LAKE:
    case RE_MARSH: return "\033[34m";
    case RE_MOUNTAIN:
    case RE_RAVINE: return "\033[35m";
    default: return "";
    }
}

/* The neighbour of [c, r] towards the east (odd rows shifted half a hex
 * right) exists on the map. */
static int has_east(const re_scenario *sc, int c, int r)
{
    (void)r;
    return c + 1 < sc->cols;
}

static void draw_part(FILE *f, const re_scenario *sc, const int at[RE_MAX_ROWS][RE_MAX_COLS],
                      const cli_tags *tg, const char *marks, int colour, int c0, int c1)
{
    fprintf(f, "    ");
    for (int c = c0; c < c1; c++)
        fprintf(f, "%-5d", c);
    fputc('\n', f);
    for (int r = 0; r < sc->rows; r++) {
        fprintf(f, "%2d %s", r, r & 1 ? "   " : " ");
        for (int c = c0; c < c1; c++) {
            const re_hexdef *h = &sc->map[r][c];
            int u = at[r][c];
            const char *tsgr = colour ? terrain_sgr(h->terrain) : "";
            fprintf(f, "%s%c%c%s", tsgr, re_terrain_code(h->terrain), feature_char(h),
                    *tsgr ? SGR_RESET : "");
            if (u >= 0) {
                int side = sc->units[u].side;
                if (colour)
                    fprintf(f, "%s%s" SGR_RESET, side ? "\033[1;31m" : "\033[1;34m", tg->t[u]);
                else
                    fprintf(f, "%s", tg->t[u]);
            } else if (marks && marks[r * RE_MAX_COLS + c]) {
                char m = marks[r * RE_MAX_COLS + c];
                if (colour)
                    fprintf(f, "%s%c%c" SGR_RESET, m == '+' ? "\033[1;32m" : "\033[33m", m, m);
                else
                    fprintf(f, "%c%c", m, m);
            } else {
                fputs("  ", f);
            }
            /* the east hexside: '|' when a stream or sunken road runs on it */
            int stream = (h->sides & (1u << GR_HEX_E)) && has_east(sc, c, r);
            fputc(stream ? '|' : ' ', f);
        }
        fputc('\n', f);
    }
}

/* Direction names, GR_HEX_E .. GR_HEX_SE. */
static const char *const dir_name[GR_HEX_DIRS] = {"E", "NE", "NW", "W", "SW", "SE"};

/* Draw the map of `sc` with the units where `st` has them (NULL: where the
 * scenario sets them up).  `marks` (NULL, or RE_MAX_ROWS x RE_MAX_COLS
 * bytes, row-major with RE_MAX_COLS a row): '+' on a hex a unit may move to
 * and still fight, '-' one it may move to without fighting after, 0
 * elsewhere.  `colour`: SGR colours.  `width`: the terminal's columns; a
 * wider map is drawn in parts of whole hex columns.  Below the map: every
 * hexside with a stream or sunken road, and the key. */
static void board_draw(FILE *f, const re_scenario *sc, const re_state *st, const cli_tags *tg,
                       const char *marks, int colour, int width)
{
    re_scenario *now = st ? malloc(sizeof *now) : NULL; /* the terrain on st's turn */
    if (now)
        sc = re_scenario_at_turn(sc, st->turn, now);
    int at[RE_MAX_ROWS][RE_MAX_COLS];
    memset(at, -1, sizeof at);
    for (int i = 0; i < sc->nunits; i++) {
        int c = st ? st->units[i].col : sc->units[i].col;
        int r = st ? st->units[i].row : sc->units[i].row;
        if (st && st->units[i].figures == 0)
            continue;
        if (c >= 0 && r >= 0 && c < sc->cols && r < sc->rows)
            at[r][c] = i;
    }
    /* a row takes 6 columns of text and 5 a hex: as many whole hex columns as
     * fit the terminal, the rest drawn below in the same way */
    int per = (width - 6) / 5;
    if (per < 4)
        per = 4;
    int parts = (sc->cols + per - 1) / per;
    per = (sc->cols + parts - 1) / parts; /* parts of even size: 8 and 8, not 14 and 2 */
    for (int c0 = 0; c0 < sc->cols; c0 += per) {
        int c1 = c0 + per < sc->cols ? c0 + per : sc->cols;
        if (c0)
            fprintf(f, "(columns %d to %d, east of the part above)\n", c0, c1 - 1);
        draw_part(f, sc, (const int(*)[RE_MAX_COLS])at, tg, marks, colour, c0, c1);
    }
    /* every hexside with a stream or sunken road, once each: the east,
     * south-east and south-west sides of each hex (the others are a
     * neighbour's) */
    int n = 0, col = 0;
    for (int r = 0; r < sc->rows; r++)
        for (int c = 0; c < sc->cols; c++) {
            unsigned s =
                sc->map[r][c].sides & ((1u << GR_HEX_E) | (1u << GR_HEX_SE) | (1u << GR_HEX_SW));
            if (!s)
                continue;
            char item[40];
            int len = snprintf(item, sizeof item, "[%d, %d]", c, r);
            for (int d = 0; d < GR_HEX_DIRS; d++)
                if (s & (1u << d))
                    len += snprintf(item + len, sizeof item - (size_t)len, " %s", dir_name[d]);
            if (!n)
                col = fprintf(f, "streams and sunken roads on the hexsides of:");
            if (col + 2 + len > width - 1) {
                fputc('\n', f);
                col = fprintf(f, "   ");
            }
            col += fprintf(f, "  %s", item);
            n++;
        }
    if (n)
        fputc('\n', f);
    fprintf(f,
            "terrain: . clear  F forest  O orchard  T town  M marsh  X mountain  R ravine\n"
            "         K fortress  B building  W lake/river;  ^ hill  # fieldworks  = road\n"
            "         b bridge  g ford;  | a stream or sunken road on the east hexside\n"
            "units:   a corps letter and a number: upper case %s,\n"
            "         lower case %s\n"
            "         (odd rows are shifted half a hex right; hexes are [col, row])\n",
            sc->sides[0].name, sc->sides[1].name);
    if (marks)
        fprintf(f, "moves:   ++ may still fight after the move   -- may not\n");
    free(now);
}

static void board_units(FILE *f, const re_scenario *sc, const re_state *st, const cli_tags *tg)
{
    for (int s = 0; s < RE_SIDES; s++) {
        fprintf(f, "%s (%s):\n", sc->sides[s].name, sc->sides[s].commander);
        for (int k = 0; k < sc->ncorps; k++) {
            if (sc->corps[k].side != s)
                continue;
            fprintf(f, "  %s (%s, %d chit%s):", sc->corps[k].name, sc->corps[k].commander,
                    sc->corps[k].chits, sc->corps[k].chits > 1 ? "s" : "");
            for (int i = 0; i < sc->nunits; i++) {
                const re_unitdef *u = &sc->units[i];
                if (u->corps != k)
                    continue;
                int figs = st ? st->units[i].figures : u->figures;
                int sk = st ? st->units[i].skirmisher : u->skirmisher;
                if (st && figs == 0)
                    fprintf(f, "\n    %s %s (%s) destroyed", tg->t[i], u->name, type_code(u->type));
                else if (st ? re_unit_waiting(sc, st, i) : sc->ext.unit_reinf[i] != 0)
                    fprintf(f, "\n    %s %s (%s %d%s) to come: %s", tg->t[i], u->name,
                            type_code(u->type), figs, sk ? "+S" : "",
                            sc->ext.reinf[sc->ext.unit_reinf[i] - 1].name);
                else
                    fprintf(f, "\n    %s %s (%s %d%s) [%d, %d]", tg->t[i], u->name,
                            type_code(u->type), figs, sk ? "+S" : "",
                            st ? st->units[i].col : u->col, st ? st->units[i].row : u->row);
            }
            fputc('\n', f);
        }
    }
}

int cli_clear_screen(FILE *f)
{
    int tty = isatty(fileno(f));
    if (tty)
        fputs("\033[H\033[2J\033[3J", f); /* home, clear, and the scrollback */
    fflush(f);
    return tty;
}

/* Mark in `marks` (as board_draw reads them) every hex that `unit` may
 * move to among the n legal actions `acts` of state `st`: '+' if it may
 * still fight after the move, '-' if not, as the engine tells it
 * (re_move_path, the page's legal[].fight too).  Returns how many. */
static int move_marks(const gr_game *g, const re_state *st, const gr_action *acts, int n, int unit,
                      char *marks)
{
    memset(marks, 0, (size_t)RE_MAX_ROWS * RE_MAX_COLS);
    const re_scenario *sc = g->sc;
    int found = 0;
    for (int i = 0; i < n; i++) {
        re_action a = re_action_unpack(acts[i]);
        if (a.kind != RE_A_MOVE || a.unit != unit || a.col < 0 || a.row < 0 ||
            a.col >= RE_MAX_COLS || a.row >= RE_MAX_ROWS)
            continue;
        int cols[RE_MAX_COLS + RE_MAX_ROWS], rows[RE_MAX_COLS + RE_MAX_ROWS], fights = 0;
        if (re_move_path(sc, st, unit, a.col, a.row, cols, rows, RE_MAX_COLS + RE_MAX_ROWS,
                         &fights) <= 0)
            continue;
        marks[a.row * RE_MAX_COLS + a.col] = fights ? '+' : '-';
        found++;
    }
    return found;
}

/* ---- the terminal's view of a game ------------------------------------- */

cli_board *cli_board_open(const gr_game *g)
{
    cli_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->g = g;
    b->picked = -1;
    if (g->type == &re_game_type) {
        b->sc = g->sc;
        board_tags(b->sc, &b->tg);
    }
    b->table = tb_game_is_table(g->type);
    return b;
}

void cli_board_free(cli_board *b)
{
    free(b);
}

void cli_board_draw(const cli_board *b, FILE *f, const void *st)
{
    if (b->table)
        tb_game_print(b->g->sc, st, f);
    if (b->sc)
        board_draw(f, b->sc, st, &b->tg, NULL, cli_colour_wanted(f), cli_term_width(f));
}

void cli_board_units(const cli_board *b, FILE *f, const void *st)
{
    if (b->sc)
        board_units(f, b->sc, st, &b->tg);
}

const char *cli_board_unit_name(const cli_board *b, int u)
{
    const re_scenario *sc = b->sc;
    return sc && u >= 0 && u < sc->nunits ? sc->units[u].name : NULL;
}

void cli_board_summary(const cli_board *b, FILE *f)
{
    const re_scenario *sc = b->sc;
    if (sc)
        fprintf(f, "%s, %dx%d hexes, %d turns, %d units in %d corps", sc->title, sc->cols, sc->rows,
                sc->turns, sc->nunits, sc->ncorps);
    else
        fprintf(f, "%s", b->g->type->scenario_title(b->g->sc));
}

static const char *side_name(const cli_board *b, int s)
{
    return b->g->type->player_name(b->g->sc, s);
}

void cli_board_status(const cli_board *b, FILE *f, const void *state)
{
    char buf[256];
    b->g->type->state_describe(b->g->sc, state, buf, sizeof buf);
    const re_scenario *sc = b->sc;
    if (!sc) {
        fprintf(f, "\n== %s\n", buf);
        return;
    }
    const re_state *st = state;
    fprintf(f, "\n== Turn %d of %d: %s | demoralisation %s %d, %s %d\n", st->turn, sc->turns, buf,
            side_name(b, 0), re_demoralisation(sc, st, 0), side_name(b, 1),
            re_demoralisation(sc, st, 1));
    if (st->stage == RE_ST_CHITS) {
        int s = st->side, most = re_chits_per_turn(sc, s, st->turn);
        fprintf(f, "   %s: %d of %d chit%s chosen, %d left to choose\n", side_name(b, s),
                st->chosen[s], most, most > 1 ? "s" : "", most - st->chosen[s]);
    }
}

void cli_board_result(const cli_board *b, FILE *f, const void *state)
{
    int w = gr_game_winner(b->g, state);
    int turn = b->g->type->turn ? b->g->type->turn(b->g->sc, state) : 0;
    fprintf(f, "\n== Game over after turn %d: ", turn);
    if (w >= 0)
        fprintf(f, "%s wins.\n", side_name(b, w));
    else
        fprintf(f, "a draw.\n");
    const re_scenario *sc = b->sc;
    const re_state *st = state;
    for (int s = 0; sc && s < RE_SIDES; s++)
        fprintf(f, "   %s: destroyed %d enemy units, demoralisation %d%s\n", side_name(b, s),
                re_destroyed_by(sc, st, s), re_demoralisation(sc, st, s),
                re_is_demoralised(sc, st, s) ? " (demoralised)" : "");
}

const char *cli_board_hidden_note(const cli_board *b, const void *st, int p, gr_action a)
{
    if (b->sc)
        return re_action_unpack(a).kind == RE_A_CHIT ? "puts a chit in the bowl"
                                                     : "has chosen its chits";
    (void)st;
    (void)p;
    return "has made a choice the other side does not see";
}

int cli_board_pick(cli_board *b, FILE *f, const void *state, const gr_action *acts, int n,
                   const char *line)
{
    const re_scenario *sc = b->sc;
    int u = -1;
    for (int i = 0; sc && i < sc->nunits && u < 0; i++)
        if (!strcmp(line, b->tg.t[i]))
            u = i;
    if (u < 0)
        return 0;
    char marks[RE_MAX_ROWS * RE_MAX_COLS];
    int nm = move_marks(b->g, state, acts, n, u, marks);
    if (!nm) {
        fprintf(f, "%s %s cannot move now (type 'actions' for what can be done)\n", line,
                sc->units[u].name);
        b->picked = -1;
        return 1;
    }
    board_draw(f, sc, state, &b->tg, marks, cli_colour_wanted(f), cli_term_width(f));
    fprintf(f, "%s %s may move to %d hex%s:", line, sc->units[u].name, nm, nm > 1 ? "es" : "");
    for (int r = 0; r < RE_MAX_ROWS; r++)
        for (int c = 0; c < RE_MAX_COLS; c++)
            if (marks[r * RE_MAX_COLS + c])
                fprintf(f, " %d,%d%s", c, r, marks[r * RE_MAX_COLS + c] == '+' ? "" : "*");
    fprintf(f,
            "\n(* : no combat after that move)  type the hex, e.g. 'col,row', to move %s there\n",
            line);
    b->picked = u;
    return 1;
}

int cli_board_picked_move(cli_board *b, FILE *f, const gr_action *acts, int n, const char *line,
                          gr_action *out)
{
    int c, r;
    char tail;
    if (b->picked < 0 || sscanf(line, "%d ,%d %c", &c, &r, &tail) != 2)
        return 0;
    for (int i = 0; i < n; i++) {
        re_action a = re_action_unpack(acts[i]);
        if (a.kind == RE_A_MOVE && a.unit == b->picked && a.col == c && a.row == r) {
            *out = acts[i];
            b->picked = -1;
            return 1;
        }
    }
    fprintf(f, "%s cannot move to %d,%d; the hexes it may reach are listed above\n",
            b->tg.t[b->picked], c, r);
    return -1;
}

void cli_board_unpick(cli_board *b)
{
    b->picked = -1;
}
