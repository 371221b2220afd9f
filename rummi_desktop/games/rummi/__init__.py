"""Rummi rules model: pure (no pygame, no I/O), shared by the table scene, AI, CLI and tests.

Public API (import from the submodules named):

melds — one meld (list[Tile] in table order; runs ascending)
    readings(tiles) -> list[MeldReading]      every valid reading (kind "group"/"run", value,
                                              stands_for[i]: tiles that position may stand for)
    is_valid_meld(tiles) -> bool;  meld_value(tiles) -> int (highest reading; ValueError if invalid)
    invalid_reason(tiles) -> str | None;  check_meld(tiles) -> MeldCheck(valid, value, reason, readings)
    ascending_order(tiles) -> list[Tile] | None   arrange a dropped run ascending (jokers in gaps)

play_check — a whole proposed table (faces), the single rule check used everywhere
    check_play(before, rack, after, initial, opening_needed=30) -> PlayCheck
        PlayCheck(legal, placed, value, error, problems: tuple[MeldProblem(index, tiles, reason)],
                  opening_points)
    opening_points(before, after) -> int;  meld_problems(table) -> tuple[MeldProblem, ...]

pieces — tile identity: ids 0..105, FACES[id] is its Tile (104, 105 are the jokers)
    face(id), faces(ids), table_faces(table_ids)

moves — frozen values with notation; Move.parse(m.notation()) == m; raise IllegalMove(reason)
    Place(tile, meld, position)   rack -> table (meld == len(table): new meld)
    Shift(tile, meld, position)   table -> table;   Retrieve(tile)  this turn's tile -> rack
    Split(meld, at);  Merge(first, second);  Swap(tile, joker)  joker substitution
    Rearrange(melds: tuple[tuple[int, ...], ...])  the whole table at once

state — one round
    RummiParameters(seats=("human","hard"), seed=0, rack_size=14, opening_points=30,
                    clock_seconds=None|30|60|120, penalty_tiles=3)
    RummiState.new(params) / RummiState(params)
        .current, .seats, .table (ids), .rack(seat) (ids), .racks, .pool (ids),
        .table_tiles(), .rack_tiles(seat=None), .opened[seat], .owes_opening, .first_draw,
        .turn_start_table, .turn_start_rack, .turn_moves, .turn_number, .log, .result, .is_over
        .apply(move) (IllegalMove)   .undo() -> Move | None   .reset_turn()
        .opening_points() -> int     .check_turn() -> PlayCheck
        .end_turn() / .draw() / .timeout() -> TurnResult(outcome, seat, error, problems, drawn, placed, ok)
            outcome: "played" "went_out" "drew" "passed" "penalty" "refused"
        .play_melds(list[list[Tile]]) -> TurnResult  (AI: replace table + end turn; reset if refused)
        .layout_for(melds) -> ids layout | reason;  .perform(action_text);  .tile_census()
    replay(params, log) -> RummiState

scoring — RoundResult(kind "went_out"/"blocked", winners, scores, rack_totals);
    going_out_scores(racks, winner), blocked_scores(racks), rack_total(rack)
match — MatchSettings, PARLOR_LEAGUE, BLITZ, Match (rounds to a target, cumulative scores)
serialize — state_to_dict / state_from_dict, match_to_dict / match_from_dict (FORMAT_VERSION)
"""
