"""Rummi rules model: pure (no pygame, no I/O), shared by the table scene, AI, CLI and tests.

Public API (import from the submodules named). Melds are ``list[Tile]`` in table order (runs
ascending; a joker's run number is fixed by its position). The state stores tile *ids*.

melds — one meld
    readings(tiles) -> list[MeldReading]      every valid reading: .kind ("group"/"run"), .value,
                                              .stands_for[i] (tiles position i may stand for),
                                              .joker_can_be(i, tile)
    is_valid_meld(tiles) -> bool;  meld_value(tiles) -> int (highest reading; ValueError if invalid)
    invalid_reason(tiles) -> str | None;  check_meld(tiles) -> MeldCheck(valid, value, reason, readings)
    ascending_order(tiles) -> list[Tile] | None   arrange a dropped run ascending (jokers in gaps)

drop_order — where tiles dropped on a meld go (the table's drops and the keyboard's)
    joined_order(meld, added, near) -> order | None   a run in number order, a group where dropped;
                                              None: no order says where (the drop point does)
    insert_position(order, meld_length) -> int | None   the insert the order is, if only that

play_check — the ONE whole-table rule check (End Turn, computer seats, simulate, analyze)
    check_play(before, rack, after, initial, opening_needed=30) -> PlayCheck
        PlayCheck(legal, placed, value, error, problems, opening_points)
        problems: tuple[MeldProblem(index, tiles, reason)], .sentence() for display
    opening_points(before, after) -> int;  meld_problems(table)

pieces — tile identity: ids 0..107, FACES[id] is its Tile (104, 105 the jokers; 106, 107 the
    "4 jokers" house rule's): face(id), faces(ids), table_faces(table_ids), round_ids(jokers)

moves — frozen values; Move.parse(m.notation()) == m; m.apply(board) raises IllegalMove(reason)
    Place(tile, meld, position)   rack -> table (meld == len(table): a new meld)
    Shift(tile, meld, position)   table -> table (position counted without the moved tile)
    Retrieve(tile)                a tile laid down this turn -> rack (table tiles never)
    Split(meld, at);  Merge(first, second)
    Swap(tile, joker)             joker substitution; the freed joker starts a new meld at the end
    Rearrange(melds)              the whole table at once (tuple of tuples of ids)
    MoveNotationError for bad text.

state — one round
    RummiParameters(seats=("human","hard"), seed=0, rack_size=14, opening_points=30,
                    clock_seconds=None|30|60|120, penalty_tiles=3, jokers=2|4)
    RummiState(params)                                        seeded draw for first player + deal
    RummiState.from_position(params, table, racks, current=0, opened=None, pool=None)  sandbox/puzzles
        .current .seats .table (ids) .rack(seat) (ids) .racks .pool (ids, drawn from the end)
        .table_tiles() .rack_tiles(seat=None) .opened[seat] .owes_opening .first_draw
        .turn_start_table .turn_start_rack .turn_moves .laid_this_turn .turn_number .log .result .is_over
        .apply(move)  .undo() -> Move | None  .reset_turn()
        .opening_points() -> int (live 30-point figure)   .check_turn() -> PlayCheck
        .end_turn() / .draw() / .timeout() -> TurnResult(outcome, seat, error, problems, drawn, placed; .ok)
            outcome: "played" "went_out" "drew" "passed" "penalty" "refused"
        .play_melds(list[list[Tile]]) -> TurnResult   computer seats: new table + End Turn
                                                      (a refused play is reset and returned)
        .layout_for(melds)  .perform(action_text)  .position()  .fingerprint()  ==
    tile_census(state) -> every tile id once, sorted (conservation checks)
    replay(params, log, setup=None) -> RummiState;  replayed(state, log=None) -> RummiState

deal — choose_first_player(rng, seats), deal(rng, seats, rack_size), PositionSetup, check_setup(setup, seats)
scoring — RoundResult(kind "went_out"/"blocked", winners, scores, rack_totals);
    going_out_scores(racks, winner), blocked_scores(racks), rack_total(rack)
match — MatchSettings(name, target=200, clock_seconds), PARLOR_LEAGUE, BLITZ, MODES,
    Match(settings, seats, seed): .start_round() .finish_round() .totals .is_over .winners
serialize — state_to_dict(state, at_turn_start=False) / state_from_dict(data),
    match_to_dict / match_from_dict, FORMAT_VERSION, SaveFormatError (TOML-ready plain dicts)
"""
