"""Puzzles: the record and its validation, share codes, puzzle files, the shipped packs of
every game, and Rummi's miner, grading, hints and answer check (docs/puzzle-format.md)."""

import io
import json
import re
import statistics
from argparse import Namespace
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.entry_points import load_module
from rummi_desktop.games import GAMES
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.commands.puzzles import run_puzzles
from rummi_desktop.games.rummi.puzzles import mining as rummi_puzzles
from rummi_desktop.puzzles import share_code
from rummi_desktop.puzzles.record import Puzzle, PuzzleError, PuzzleFile
from rummi_desktop.games.rummi.puzzles.compare import compare
from rummi_desktop.trainer.puzzle_files import (
    PuzzleFileError, has_shipped_puzzles, read_puzzle_file, read_puzzle_folder, shipped_puzzles,
    write_puzzle_file,
)
from rummi_desktop.tiles import Tile

SPLIT = {
    "id": "rummi-easy-001", "game": "rummi", "pack": "rummi-easy", "title": "Split the run",
    "goal": "place-all", "target": 1,
    "position": {"game": "rummi", "table": [["R3", "R4", "R5", "R6", "R7", "R8"]], "rack": ["R6"], "initial": False},
    "solution": [["R3", "R4", "R5", "R6"], ["R6", "R7", "R8"]], "best": 1, "runner_up": 0,
    "tags": ["split-run"], "features": {"broken_melds": 1, "tiles_moved": 2, "jokers": 0, "solutions": 1},
    "difficulty": 5.0, "rating": 27.5, "source": {"seed": 1, "turn": 3},
}
DOCS = Path(__file__).resolve().parent.parent / "docs"
PACKS = [{"id": "rummi-easy", "title": "First Steps", "order": 1}]


def shipped_games():
    return [key for key, spec in GAMES.items() if spec.has("puzzles") and has_shipped_puzzles(key)]


def melds(data):
    return [[Tile.parse(name) for name in meld] for meld in data]


# ---- the shipped packs ----------------------------------------------------------------------

def test_rummi_ships_three_graded_packs_of_twenty_or_more():
    puzzles = shipped_puzzles("rummi")
    assert [pack.id for pack in puzzles.packs] == ["rummi-easy", "rummi-medium", "rummi-hard"]
    assert all(len(puzzles.pack(pack.id)) >= 20 for pack in puzzles.packs)
    assert len(puzzles.puzzles) >= 60


@pytest.mark.parametrize("game", shipped_games())
def test_every_shipped_puzzle_verifies(game):
    module = load_module(GAMES[game], "puzzles")
    problems = {puzzle.id: module.verify(puzzle.to_dict()) for puzzle in shipped_puzzles(game).puzzles}
    assert {key: found for key, found in problems.items() if found} == {}


@pytest.mark.parametrize("game", shipped_games())
def test_packs_unlock_in_difficulty_order(game):
    puzzles = shipped_puzzles(game)
    for pack in puzzles.packs:
        difficulties = [puzzle.difficulty for puzzle in puzzles.pack(pack.id)]
        assert difficulties == sorted(difficulties), pack.id


def test_rummi_difficulty_is_the_grade_of_its_features_and_the_bands_climb():
    puzzles = shipped_puzzles("rummi")
    for puzzle in puzzles.puzzles:
        assert puzzle.difficulty == rummi_puzzles.grade(puzzle.features), puzzle.id
        assert rummi_puzzles.band(puzzle.difficulty) == puzzle.pack.removeprefix("rummi-"), puzzle.id
    means = {pack.id: {feature: statistics.mean(p.features[feature] for p in puzzles.pack(pack.id))
                       for feature in ("broken_melds", "tiles_moved")} for pack in puzzles.packs}
    for feature in ("broken_melds", "tiles_moved"):
        easy, medium, hard = (means[f"rummi-{band}"][feature] for band in ("easy", "medium", "hard"))
        assert easy < medium < hard, feature
    averages = [statistics.mean(p.difficulty for p in puzzles.pack(pack.id)) for pack in puzzles.packs]
    assert averages == sorted(averages) and len(set(averages)) == 3


def test_a_puzzle_harder_on_every_feature_is_never_graded_easier():
    puzzles = shipped_puzzles("rummi").puzzles
    for p in puzzles:
        for q in puzzles:
            harder = all(p.features[k] >= q.features[k] for k in ("broken_melds", "tiles_moved", "jokers"))
            if harder and p.features["solutions"] <= q.features["solutions"]:
                assert p.difficulty >= q.difficulty, (p.id, q.id)


# ---- mining ---------------------------------------------------------------------------------

def test_mining_is_deterministic_for_a_seed_and_keeps_its_band():
    first = rummi_puzzles.mine(3, 4, "medium")
    assert first == rummi_puzzles.mine(3, 4, "medium")
    assert len(first) == 4 and len({p["id"] for p in first}) == 4
    assert all(rummi_puzzles.band(p["difficulty"]) == "medium" for p in first)
    assert all(rummi_puzzles.verify(p) == [] for p in first)


def test_a_mined_puzzle_is_clear_cut():
    for puzzle in rummi_puzzles.mine(2, 5):
        rack = puzzle["position"]["rack"]
        if puzzle["goal"] == "place-all":
            assert puzzle["best"] == len(rack) and puzzle["runner_up"] < puzzle["best"]
        else:
            assert puzzle["best"] == len(rack) or puzzle["best"] - puzzle["runner_up"] >= rummi_puzzles.CLEAR_MARGIN


def test_verify_names_what_a_puzzle_lacks():
    # a sandbox save has a solution and best but no runner_up: the message must say just that
    lacking = {key: value for key, value in SPLIT.items() if key != "runner_up"}
    assert rummi_puzzles.verify(lacking) == ["the puzzle has no runner_up to check"]
    bare = {key: value for key, value in SPLIT.items() if key not in ("solution", "best", "runner_up")}
    assert rummi_puzzles.verify(bare) == ["the puzzle has no solution, best and runner_up to check"]


def test_verify_finds_a_wrong_best_a_wrong_runner_up_and_an_illegal_solution():
    assert rummi_puzzles.verify(SPLIT) == []
    assert any("exact search lays 1" in p for p in rummi_puzzles.verify({**SPLIT, "best": 2, "target": 2}))
    assert any("runner_up" in p for p in rummi_puzzles.verify({**SPLIT, "runner_up": 1}))
    bad = {**SPLIT, "solution": [["R3", "R4", "R5"], ["R6", "R6", "R7", "R8"]]}
    assert any("not a legal play" in p for p in rummi_puzzles.verify(bad))
    assert any("tags" in p for p in rummi_puzzles.verify({**SPLIT, "tags": ["take-from-group"]}))


# ---- hints and answers ----------------------------------------------------------------------

@pytest.mark.parametrize("band", ["easy", "medium", "hard"])
def test_each_hint_level_leads_to_the_solution(band):
    for puzzle in shipped_puzzles("rummi").pack(f"rummi-{band}")[::4]:
        data = puzzle.to_dict()
        table, rack = melds(data["position"]["table"]), [Tile.parse(t) for t in data["position"]["rack"]]
        solution = melds(data["solution"])
        one, two, three = rummi_puzzles.hints(data)
        assert [one["level"], two["level"], three["level"]] == [1, 2, 3]
        assert rummi_puzzles.check(data, three["solution"])["solved"], puzzle.id
        seen = compare(table, solution)
        # Level 1 points at melds the solution really breaks (or, with none broken, changes).
        assert one["focus"] and set(one["focus"]) <= set(seen.changed)
        if seen.broken:
            assert set(one["focus"]) == set(seen.broken)
        # Level 2's tiles are exactly the table tiles that change meld plus the rack tiles laid.
        laid = Counter(t for m in solution for t in m) - Counter(t for m in table for t in m)
        assert Counter(two["tiles"]) == Counter(t.notation() for t in seen.moved_tiles + list(laid.elements()))
        assert check_play(table, rack, solution, False).placed == puzzle.best


def test_check_says_what_is_wrong_with_an_answer():
    assert rummi_puzzles.check(SPLIT, SPLIT["solution"]) == {"solved": True, "value": 1, "message": "Solved: 1 tile laid."}
    wrong = rummi_puzzles.check(SPLIT, [["R3", "R4", "R5", "R6", "R7", "R8"], ["R6"]])
    assert not wrong["solved"] and "meld 2" in wrong["message"]
    garbled = rummi_puzzles.check(SPLIT, [["R3", "X9"]])
    assert not garbled["solved"] and "not a table of melds" in garbled["message"]
    joker = {**SPLIT, "goal": "free-joker", "target": 1,
             "position": {"game": "rummi", "table": [["R5", "J", "R7"]], "rack": ["R6", "K9", "B9"], "initial": False}}
    kept = rummi_puzzles.check(joker, [["R5", "J", "R7"], ["R6", "K9", "B9"]])
    assert not kept["solved"] and "invalid" not in kept["message"]
    assert rummi_puzzles.check(joker, [["R5", "R6", "R7"], ["J", "K9", "B9"]])["solved"]


# ---- share codes ----------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(max_size=10), json_values, max_size=8))
def test_share_codes_round_trip_exactly(data):
    code = share_code.encode(data)
    assert code.startswith("RD2-") and share_code.decode(code) == data
    wrapped = "  " + "\n".join(code[i:i + 30] for i in range(0, len(code), 30)) + "\n"
    assert share_code.decode(wrapped) == data


def test_a_shipped_puzzle_survives_a_share_code():
    puzzle = shipped_puzzles("rummi").puzzles[0].to_dict()
    assert Puzzle.from_dict(share_code.decode(share_code.encode(puzzle))).to_dict() == puzzle


@pytest.mark.parametrize("damage, words", [
    (lambda code: code[:-4], "cut short"),
    (lambda code: code[:20], "cut short"),
    (lambda code: "RD9-" + code[4:], "starts with RD2-"),
    (lambda code: code[:30] + ("A" if code[30] != "A" else "B") + code[31:], "altered"),
    (lambda code: code + "!", "characters a code never has"),
    (lambda code: "", "empty"),
    (lambda code: share_code.encode([1, 2]), "does not hold a puzzle"),
])
def test_a_damaged_share_code_gets_one_clear_sentence(damage, words):
    with pytest.raises(share_code.ShareCodeError, match=words):
        share_code.decode(damage(share_code.encode(SPLIT)))


# ---- the record and files -------------------------------------------------------------------

@pytest.mark.parametrize("change, words", [
    ({"zzz": 1}, "unknown key 'zzz'"),
    ({"goal": "win"}, "goal 'win' is not a rummi goal"),
    ({"tags": ["magic"]}, "unknown tag 'magic'"),
    ({"target": 0}, "target must be a whole number of at least 1"),
    ({"position": {**SPLIT["position"], "rack": ["R14"]}}, "no tile numbered 14"),
    ({"position": {**SPLIT["position"], "table": [["R3", "R5", "R4"]]}}, "not a set of valid melds"),
    ({"position": {**SPLIT["position"], "rack": ["R6", "R6", "R6"]}}, "more copies than exist"),
    ({"position": {**SPLIT["position"], "play": []}}, "unknown key 'play'"),
    ({"solution": [["R3", "Q4"]]}, "solution meld 1"),
    ({"runner_up": 2}, "runner_up \\(2\\) is more than best"),
    ({"features": {"broken_melds": -1}}, "feature broken_melds"),
    ({"difficulty": 10 ** 400}, "difficulty must be a number"),  # overflowed float() before
    ({"target": 10 ** 400}, "target must be a whole number of at most 1,000,000,000"),  # passed silently
    ({"rating": float("inf")}, "rating must be a number"),
    ({"game": {"x": 1}}, "unknown game"),  # a table: unhashable, it failed the lookup before
])
def test_a_bad_puzzle_is_refused_with_the_field_named(change, words):
    with pytest.raises(PuzzleError, match=words):
        Puzzle.from_dict({**SPLIT, **change})


def test_a_puzzle_round_trips_and_a_user_puzzle_may_lack_its_solution():
    assert Puzzle.from_dict(SPLIT).to_dict() == SPLIT
    loose = {key: SPLIT[key] for key in ("id", "game", "title", "goal", "target", "position")}
    assert Puzzle.from_dict(loose).to_dict()["pack"] == "" and "solution" not in Puzzle.from_dict(loose).to_dict()


def write_text(path, text):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, words", [
    ("version = 1\ngame = 'rummi'\n[[puzzles]\n", "is not a readable TOML file"),
    ("version = 2\ngame = 'rummi'\n", "version must be 1, not 2"),
    ("version = 1\ngame = 'rummi'\ncolour = 'red'\n", "unknown key 'colour'"),
    ("version = 1\ngame = 'chess'\n", "unknown game 'chess'"),
])
def test_a_bad_puzzle_file_gets_one_sentence_naming_it(tmp_path, text, words):
    path = write_text(tmp_path / "mine.toml", text)
    with pytest.raises(PuzzleFileError, match=words) as raised:
        read_puzzle_file(path)
    assert str(raised.value).startswith("mine.toml") and "\n" not in str(raised.value)


def test_a_bad_tile_or_illegal_table_in_a_file_names_the_puzzle(tmp_path):
    good = PuzzleFile.from_dict({"version": 1, "game": "rummi", "packs": PACKS, "puzzles": [SPLIT]})
    write_puzzle_file(tmp_path / "a.toml", good)
    text = (tmp_path / "a.toml").read_text(encoding="utf-8")
    write_text(tmp_path / "b.toml", text.replace('"R6",\n]', '"R66",\n]'))
    write_text(tmp_path / "c.toml", text.replace('"R8",\n    ],\n]\nrack', '"R9",\n    ],\n]\nrack'))
    with pytest.raises(PuzzleFileError, match=r"b.toml: puzzle 1 \(rummi-easy-001\): position: rack: 'R66'"):
        read_puzzle_file(tmp_path / "b.toml")
    with pytest.raises(PuzzleFileError, match="c.toml: .*the table is not a set of valid melds"):
        read_puzzle_file(tmp_path / "c.toml")


def test_a_bad_file_next_to_good_ones_costs_only_itself(tmp_path):
    good = PuzzleFile.from_dict({"version": 1, "game": "rummi", "packs": PACKS, "puzzles": [SPLIT]})
    write_puzzle_file(tmp_path / "a.toml", good)
    write_puzzle_file(tmp_path / "c.toml", good)
    write_text(tmp_path / "b.toml", "version = 1\ngame = 'rummi'\n[[puzzles]]\nid = 3\n")
    before = (tmp_path / "b.toml").read_bytes()
    contents = read_puzzle_folder(tmp_path)
    assert sorted(path.name for path in contents.files) == ["a.toml", "c.toml"]
    assert all(found == good for found in contents.files.values())
    assert len(contents.problems) == 1 and contents.problems[0].startswith("b.toml: puzzle 1")
    assert (tmp_path / "b.toml").read_bytes() == before  # reported, never moved or changed


def test_a_puzzle_file_is_written_whole_and_reads_back(tmp_path):
    good = PuzzleFile.from_dict({"version": 1, "game": "rummi", "packs": PACKS, "puzzles": [SPLIT]})
    write_puzzle_file(tmp_path / "a.toml", good, "# a note\n")
    assert (tmp_path / "a.toml").read_text(encoding="utf-8").startswith("# a note\nversion = 1\n")
    assert read_puzzle_file(tmp_path / "a.toml") == good
    assert [path.name for path in tmp_path.iterdir()] == ["a.toml"]  # no temp file left behind


# ---- the command ----------------------------------------------------------------------------

def run(**options):
    args = Namespace(**{"generate": False, "verify": None, "game": None, "count": 20, "seed": 1,
                        "difficulty": None, "packs": False, "out": None, **options})
    out, err = io.StringIO(), io.StringIO()
    status = run_puzzles(args, ["puzzles"], out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_generates_a_file_that_verifies(tmp_path):
    target = tmp_path / "mined.toml"
    status, out, err = run(generate=True, game="rummi", count=3, seed=4, difficulty="easy", out=str(target))
    assert status == 0 and err == ""
    summary = json.loads(out)
    assert summary["game"] == "rummi" and summary["puzzles"] == 3
    status, out, err = run(verify=[str(target)])
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(lines) == 3 and all(line["ok"] and line["file"] == str(target) for line in lines)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_puzzle_module_names_a_pack_for_each_band(game):
    titles = load_module(GAMES[game], "puzzles").PACK_TITLES
    assert set(titles) == {"easy", "medium", "hard"} and all(titles.values())
    assert [pack.title for pack in shipped_puzzles(game).packs] == [titles[b] for b in ("easy", "medium", "hard")]


@pytest.mark.parametrize("game", ["rummble", "tumblewords"])
def test_a_file_mined_without_packs_holds_loose_puzzles_that_verify(tmp_path, game):
    # a mined puzzle once named its band's pack, which a file without packs does not list
    target = tmp_path / "mined.toml"
    status, _, err = run(generate=True, game=game, count=2, seed=3, out=str(target))
    assert status == 0 and err == ""
    assert all(puzzle.pack == "" for puzzle in read_puzzle_file(target).puzzles)
    status, out, err = run(verify=[str(target)])
    assert status == 0 and err == "" and len(out.splitlines()) == 2


def test_the_command_reports_a_failing_puzzle_and_an_unreadable_file(tmp_path):
    wrong = PuzzleFile.from_dict({"version": 1, "game": "rummi", "puzzles": [{**SPLIT, "pack": "", "runner_up": 1}]})
    write_puzzle_file(tmp_path / "wrong.toml", wrong)
    status, out, _ = run(verify=[str(tmp_path / "wrong.toml")])
    assert status == 1 and json.loads(out)["ok"] is False
    write_text(tmp_path / "junk.toml", "not toml at all [")
    status, out, err = run(verify=[str(tmp_path / "wrong.toml"), str(tmp_path / "junk.toml")])
    assert status == 2 and out == "" and err.count("\n") == 1 and "junk.toml" in err
    assert run(generate=True, game="chess")[0] == 2


def test_the_command_prints_only_documented_fields(tmp_path):
    documented = set(re.findall(r"`([a-z_0-9]+)`", (DOCS / "analysis-format.md").read_text(encoding="utf-8")))
    target = tmp_path / "one.toml"
    _, out, _ = run(generate=True, game="rummi", count=1, seed=2, out=str(target))
    assert set(json.loads(out)) <= documented
    _, out, _ = run(verify=[str(target)])
    assert set(json.loads(out)) <= documented


def test_from_position_makes_a_puzzle_that_verifies():
    split = rummi_puzzles.from_position(SPLIT["position"])
    assert split["solution"] == SPLIT["solution"] and split["tags"] == ["split-run"]
    assert rummi_puzzles.verify(split) == []
    opening = rummi_puzzles.from_position({"game": "rummi", "table": [["K1", "K2", "K3"]],
                                           "rack": ["R10", "B10", "Y10", "R5"], "initial": True})
    assert opening["goal"] == "place-n" and opening["tags"] == ["opening"] and opening["runner_up"] == 0
    assert rummi_puzzles.verify(opening) == []
    assert rummi_puzzles.from_position({"game": "rummi", "table": [], "rack": ["R1"], "initial": False}) is None


def test_the_shipped_packs_are_read_once_a_run():
    # The Collection counted the hard packs by parsing all three shipped files each time it
    # opened (about a second); the packs cannot change while the game runs.
    assert shipped_puzzles("rummi") is shipped_puzzles("rummi")
