"""Tumblewords rules model: letters dropped into the columns of a grid fall to the lowest vacant
square, and every word through the new tile scores. Pure (no pygame, no I/O); shared by the
table scene, the computer seats, analyze and tests. Rows count from 0 on top, columns from 0.

Public API (import from the submodules named):

dictionary — Dictionary(words, name); Dictionary.from_text(text, name) / from_lines(lines, name)
    (WordListError, a ValueError, names the bad lines: not a–z, several words, > 30 letters, no
    word); ``"cat" in d``, d.is_word(word, min_length=2), d.has_prefix(prefix), d.sorted_words,
    d.digest, d.name, d.words (a frozenset of lower-case words of 2+ letters)
    word_list(name="enable", digest=None): a list by name through the source the shell installs
    (rummi_desktop.games.tumblewords.storage.word_lists.install()); WordListUnavailable otherwise. SHIPPED names the shipped list.
grid — FACES (id -> letter, "?" a blank), BAG_COUNTS, BLANK, LETTERS, BOARD_SIZES
    {"standard": (8, 8), "quick": (7, 6), "long": (10, 10)} (columns, rows)
    Grid(columns, rows): .ids[sq] .shown[sq] ("." vacant, capital, lower case = blank) .heights
        .square(row, col) .landing_row(col) (None when full) .drop(col, id, shown) .is_full
        .bottom_row_full .remove_bottom_row() .row_texts() .placed() .gravity_problems()
        Grid.from_rows(["..CA.S..", ...], ids=None)   (the analyze form; ValueError if bad)
words — find_words(shown, columns, row, col, dictionary, min_length=2) -> [FoundWord]
    FoundWord(word, direction, start, end) .points .span() "3,4-3,7" .squares() .to_data()
    DIRECTIONS ("right", "left", "down", "up"), span_squares(start, end), direction_of(start, end)
play — the ONE drop check: check_drop(grid, hand, drop, dictionary, min_length) -> DropVerdict
    (legal, reason, row, col, words) .score;  drop_problem(...);  possible_drops(grid, hand)
moves — Move.parse(m.notation()) == m (MoveNotationError for bad text); see moves' docstring
    Drop(column, letter, blank=False) "drop 4 T" / "drop 4 t";  Pass() "pass";
    Claim(spans) "claim 3,4-3,7 6,2-3,2";  Done() "done";  Timeout() "timeout";  parse_span
parameters — TumblewordsParameters(seats, seed=0, board="standard", min_length=2, claim=False,
    zapper=False, ticker=False, pressure_cooker=False, words="enable") .columns .rows .to_data()
    phases DROPPING CLAIMING STEALING; endings BOARD_FULL LETTERS_OUT ALL_PASSED;
    GameResult(kind, scores, winners); HAND_SIZE TIERS TICKER_SECONDS STEAL_SECONDS
state — TumblewordsState(params, dictionary=None, setup=None);
    TumblewordsState.from_position(params, rows, hands, current=0, scores=None, bag=None,
        dictionary=None)  sandbox/puzzles: a hand-made PositionSetup (ValueError if not one)
    .current .phase .seats .grid .hands (ids) .hand(seat) (letters) .bag (ids, drawn from the
    end) .points .removed (zapped ids) .pending (PendingTurn: seat, row, col, words, claimed,
    stolen, missed) .passes_in_row .turn_number .result .log .dictionary
    .apply(move) -> TurnResult(outcome, seat, row, col, words, wrong, missed, drawn, zapped,
        ended) .points;  IllegalMove (nothing changed)
    .check(drop) -> DropVerdict;  .legal_moves();  .forfeit_turn() (pass, or done once dropped)
    .undo() -> Move | None;  .is_terminal .scores() .winners() .position() .fingerprint()
    .tile_census();  replay(params, log, dictionary=None, setup=None);  replayed(state, log=None)
serialize — state_to_dict(state) / state_from_dict(data, dictionary=None) (SaveFormatError);
    the word list is saved by name and digest, never its words
view — seat_view(state, seat): seat, current, phase, columns, rows, board (row texts), hand,
    scores, other_hand_sizes, bag_size, options, words {name, digest}, passes_in_row, pending
    (square and claimed/stolen spans only: never the words still to find), is_terminal, seed
spec — TUMBLEWORDS (the GameSpec in GAMES): new_state(seats, seed, dictionary=None, **options),
    OPTIONS (board, min_length, claim, zapper, ticker, pressure_cooker), audit(state)

Decisions where the rules are silent: seat 0 begins (the source says "choose a player"; the
setup's seat order chooses, and simulate rotates seats); the deal is 7 each, seat 0 first,
from a bag shuffled by the state's seeded RNG; a Ticker timeout before a drop counts as a pass
for "every seat passes in a row"; a timeout while claiming keeps the drop and the claims so far
and draws nothing; in Claim mode the letter is drawn on "done"; a claim naming a span that is
no word of this drop (or one already claimed) scores nothing and is reported back as wrong;
under Pressure Cooker the steal window opens after every Claim-mode turn (even one with nothing
missed, so its opening gives nothing away) and Zapper! and the end of the game wait until it
closes; Zapper! removes at most one row per turn (the drop that fills the bottom row lands
in an empty column, which the zap leaves empty again, so the new bottom row is never full); words longer than 30 letters
are refused in a word list, one-letter lines skipped.
"""
