"""Rummble rules model: Rummy melds in crossword patterns on a 13 × 13 premium board, scored like
a word game. Pure (no pygame, no I/O); shared by the table scene, AI, analyze and tests.

Public API (import from the submodules named). Squares are ``sq = row * 13 + col``.

board — the board and its premiums
    SIZE = 13, SQUARES = 169, CENTRE (the star, 6,6), LAYOUT (13 strings of . d t D T *),
    PREMIUMS[sq], TILE_MULTIPLIER[sq], SET_MULTIPLIER[sq]   (flat tuples of 169)
    square(row, col) -> sq;  row_col(sq);  square_name(sq) -> "6,5";  square_words(sq) -> "row 6, column 5";  premium(row, col) -> mark
    Laid(colour, number, joker=False)   a tile on the board (a NamedTuple; a joker as declared)
        .value (joker 0)  .rack_tile  .as_tile  .notation() "R7" / "J=K7"  Laid.parse(text)
        Laid.of(tile, declared=None)
    Board(cells=None): .cells (list of 169 Laid | None) .count .is_empty .put(sq, laid) .copy()
        .tiles() -> [(row, col, Laid)]  .lines() -> [(first sq, step 1|13, tiles)]
        Board.from_tiles([(row, col, Laid | "J=K7"), ...])

sets — classify(line) -> "kind" | "straight_flush" | "straight" | "flush" | None
    (line: tuples whose [0], [1] are colour, number; in that order of precedence)
    set_problem(line) -> plain reason ("" for a set);  KIND STRAIGHT_FLUSH STRAIGHT FLUSH

play — the ONE play check (state, computer seats, analyze)
    check_play(board, [(sq, Laid), ...], highest=13) -> PlayVerdict
        PlayVerdict(legal, reason, sets, bonus, line) .score   (reason: a sentence for the player)
        ScoredSet(squares, tiles, kind, points) .tile_texts()  (main line first, then collateral)
    describe_line(squares) -> "column 5 (rows 3–6)";  line_problem(squares, tiles) -> "K4 B8 R10 in
    column 5 (rows 3–5): these tiles are neither a run nor a set" ("" for a set);  RUMMMBLE_BONUS = 100

moves — Move.parse(m.notation()) == m;  MoveNotationError for bad text
    Play(placements)  "play R2@6,5 B3@6,6 J=K7@7,6"   Placement(row, col, laid) .square
        Play.of((6, 5, "R2"), (7, 6, "J=K7"));  .rack_tiles()
    Exchange(tiles)   "exchange R2 K7 J";   Pass()   "pass"

state — one game
    RummbleParameters(seats, seed=0, tile_set="standard"|"short"|"cards", rack_size=10)
        .faces (the tile set, id -> Tile) .highest (13, or 9 for short)
    RummbleState(params, setup=None); RummbleState.from_position(params, board, racks, current=0,
                                                                 scores=None, pool=None)
        .current .seats .board (Board) .board_ids[sq] .racks (ids) .rack(seat) .rack_tiles(seat)
        .pool (ids, drawn from the end) .points .idle_turns .turn_number .first_draw .log .result
        .apply(move) -> TurnResult(outcome, seat, verdict, laid, drawn) .points
            outcome: played went_out exchanged passed stalled;  IllegalMove (nothing changed)
        .check(play) -> PlayVerdict (nothing changes)   .can_exchange   .forfeit_turn() (pass)
        .undo() -> Move | None   .is_terminal .scores() .winners()
        .position() .fingerprint() .tile_census() .tiles_in_play  ==
    replay(params, log, setup=None);  replayed(state, log=None)

scoring — GameResult(kind "went_out"/"stalled", scores, winners, hand_totals);
    went_out(scores, racks, seat), stalled(scores, racks), hand_total(rack) (jokers 0)
serialize — state_to_dict(state) / state_from_dict(data) (SaveFormatError, a ValueError),
    board_texts(tiles) -> [[row, col, "J=K7"], ...], board_from_texts(rows), FORMAT_VERSION
view — seat_view(state, seat): board, rack, scores, other_rack_sizes, pool_size, can_exchange,
    tile_set, highest, idle_turns, seat, current, seed
spec — RUMMBLE (the GameSpec in GAMES), audit(state)

Decisions where the rules are silent: a play of any score (even 0, all jokers) restarts the
count of idle turns; an exchange gives back at least one tile (the new tiles are drawn first,
then the old ones go in and the pool is shuffled); a joker may be declared as any tile of the
set in play (not 10–13 with the short set); a tie on the top score is a shared win.
"""
