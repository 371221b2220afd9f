"""A finished game as a replay: its start (the game's saved parameters and setup), the seats,
the move log and the final scores, stepped through move by move with the game's own model.

Every game is replayed the same way: the game's ``state_from_dict`` builds the fresh state from
the saved start with an empty log, and :func:`~rummi_desktop.games.base.replay_log` performs the
moves, so there is no per-game copy of the replay rules. A replay comes from a finished-game
record or from a replay file (:mod:`rummi_desktop.records.replay_files`). Pure module: no
pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove, MoveNotationError, replay_log

REPLAY_VERSION = 1
REPLAY_KIND = "rummi-desktop replay"
REPLAYED_PARTS = ("log", "snapshot")  # what the saved start drops: the moves replace them


class ReplayError(ValueError):
    """A replay that cannot be shown: its game, start or moves are wrong (the reason in words)."""


@dataclass(frozen=True)
class ReplaySeat:
    name: str
    kind: str
    score: int
    won: bool


@dataclass(frozen=True)
class ReplayChat:
    """A chat line of a server game, shown once the replay reaches ``move``."""
    name: str
    text: str
    move: int


MAX_CHAT = 500  # lines a replay keeps


def chat_of(value: Any) -> tuple[ReplayChat, ...]:
    """The chat lines a record or replay file holds, cleaned; lines in another shape are left out."""
    from rummi_desktop.records.chat_text import CHAT_CHARS, clean_text

    if not isinstance(value, list):
        return ()
    lines = []
    for item in value[:MAX_CHAT]:
        if isinstance(item, Mapping) and isinstance(item.get("name"), str) and isinstance(item.get("text"), str) \
                and isinstance(item.get("move"), int) and not isinstance(item.get("move"), bool):
            text = clean_text(item["text"], CHAT_CHARS)
            if text:
                lines.append(ReplayChat(clean_text(item["name"], 24), text, max(0, item["move"])))
    return tuple(lines)


@dataclass
class Replay:
    """One finished game to step through; ``position`` moves are performed in ``state``."""

    game: str
    start: dict[str, Any]  # the game's state_to_dict without its log: parameters, setup, word list
    setup: dict[str, Any]  # the session's setup, as the setup scene chose it
    seed: int
    seats: tuple[ReplaySeat, ...]
    moves: tuple[str, ...]
    final_scores: tuple[int, ...]
    finished_at: str = ""
    record_id: str = ""  # the finished-game record it came from ("" for a replay file)
    chat: tuple[ReplayChat, ...] = ()  # a server game's table chat, each line at its move
    position: int = 0
    _state: Any = field(default=None, repr=False)
    _turns: list[tuple[int, str, int]] | None = field(default=None, repr=False)

    @property
    def title(self) -> str:
        return GAMES[self.game].title

    @property
    def length(self) -> int:
        return len(self.moves)

    def fresh_state(self) -> Any:
        """The game as dealt, before its first move (ReplayError when the start is wrong)."""
        try:
            return GAMES[self.game].state_from_dict({**self.start, "log": []})
        except (KeyError, TypeError, ValueError) as error:
            raise ReplayError(f"its start cannot be set up ({error})") from error

    @property
    def state(self) -> Any:
        if self._state is None:
            self.seek(self.position)
        return self._state

    def seek(self, position: int) -> Any:
        """The state after ``position`` moves (clamped to the game): forward from where it is,
        backward by replaying from the start (the model's states are replayed, not copied)."""
        target = max(0, min(position, self.length))
        if self._state is None or target < self.position:
            self._state, self.position = self.fresh_state(), 0
        try:
            replay_log(self._state, self.moves[self.position:target])
        except (IllegalMove, MoveNotationError, ValueError) as error:
            self._state = None
            raise ReplayError(f"its moves do not replay ({error})") from error
        self.position = target
        return self._state

    def rewound(self) -> "Replay":
        """A copy of this replay at its start, to move on its own (this one stays put)."""
        return replace(self, position=0, _state=None, _turns=None)

    def step(self, by: int) -> Any:
        return self.seek(self.position + by)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    def chat_said(self, count: int) -> list[tuple[ReplayChat, bool]]:
        """The last ``count`` chat lines said by this position, each with whether it was said at
        this very move."""
        said = [line for line in self.chat if line.move <= self.position]
        return [(line, line.move == self.position) for line in said[-count:]]

    def last_move(self) -> str:
        return self.moves[self.position - 1] if self.position else ""

    def turns(self) -> list[tuple[int, str, int]]:
        """Every move as (seat, what it did in words, points it scored for its seat), for a
        replay's "Last turns"; worked out once, by playing the moves through from the deal."""
        if self._turns is None:
            state, turns = self.fresh_state(), []
            try:
                for move in self.moves:
                    seat, before = state.current, list(state.scores())
                    replay_log(state, [move])
                    after = list(state.scores())
                    gained = after[seat] - before[seat] if 0 <= seat < min(len(before), len(after)) else 0
                    turns.append((seat, move_words(move), max(0, int(gained))))
            except (IllegalMove, MoveNotationError, ValueError) as error:
                raise ReplayError(f"its moves do not replay ({error})") from error
            self._turns = turns
        return self._turns

    def check(self) -> None:
        """ReplayError unless the moves replay to the recorded final scores."""
        final = Replay(self.game, self.start, self.setup, self.seed, self.seats, self.moves, self.final_scores)
        scores = tuple(int(score) for score in final.seek(final.length).scores())
        if scores != self.final_scores:
            raise ReplayError(f"its moves end with scores {list(scores)}, not the recorded {list(self.final_scores)}")


PAST = {"play": "played", "drop": "dropped", "pass": "passed", "draw": "drew", "exchange": "exchanged",
        "claim": "claimed", "steal": "stole", "end": "ended the turn", "done": "done",
        "resign": "resigned"}


def move_words(move: str) -> str:
    """A logged move in a player's words: its verb in the past, its tiles without the squares
    ("play B5@6,6 B6@6,7" → "played B5 B6"; "drop 2 Y" → "dropped Y")."""
    verb, _, rest = move.partition(" ")
    if verb == "drop":
        return f"dropped {rest.split()[-1].upper()}" if rest.split() else "dropped a letter"
    pieces = [piece.split("@")[0].replace("J=", "joker as ") for piece in rest.split()]
    return " ".join([PAST.get(verb, verb), *pieces]).strip()


def replay_of_record(record: Mapping[str, Any]) -> Replay:
    """The replay of a finished-game record (see :mod:`rummi_desktop.records.finished_games`)."""
    game = record.get("game")
    if game not in GAMES:
        raise ReplayError(f"it is a game of {game!r}, which this copy does not have")
    state = record.get("state")
    if not isinstance(state, Mapping):
        raise ReplayError("it holds no game to replay")
    start = {key: value for key, value in state.items() if key not in REPLAYED_PARTS}
    seats = tuple(ReplaySeat(str(seat.get("name", "")), str(seat.get("kind", "")), int(seat.get("score", 0)),
                             bool(seat.get("won", False))) for seat in record.get("seats", []))
    return Replay(game, start, dict(record.get("setup", {})), int(record.get("seed", 0)), seats,
                  tuple(state.get("log", record.get("log", []))), tuple(int(s) for s in record.get("scores", [])),
                  str(record.get("finished_at", "")), str(record.get("id", "")), chat_of(record.get("chat")))


def replay_to_document(replay: Replay) -> dict[str, Any]:
    """The replay file's data: versioned, readable, every move in the game's notation."""
    return {
        "kind": REPLAY_KIND, "version": REPLAY_VERSION, "game": replay.game, "title": replay.title,
        "finished_at": replay.finished_at, "seed": replay.seed, "setup": replay.setup, "start": replay.start,
        "seats": [{"name": s.name, "kind": s.kind, "score": s.score, "won": s.won} for s in replay.seats],
        "moves": list(replay.moves), "final_scores": list(replay.final_scores),
        **({"chat": [{"name": c.name, "text": c.text, "move": c.move} for c in replay.chat]} if replay.chat else {}),
    }


def _text_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ReplayError(f"its {what} are not a list of text")
    return value


def _seats(value: Any) -> tuple[ReplaySeat, ...]:
    if not isinstance(value, list) or not value:
        raise ReplayError("it names no seats")
    seats = []
    for number, seat in enumerate(value, start=1):
        if not isinstance(seat, Mapping) or not isinstance(seat.get("name"), str) \
                or not isinstance(seat.get("score"), int) or not isinstance(seat.get("won"), bool):
            raise ReplayError(f"its seat {number} needs a name, a score and a win")
        seats.append(ReplaySeat(seat["name"], str(seat.get("kind", "")), seat["score"], seat["won"]))
    return tuple(seats)


def replay_from_document(document: Mapping[str, Any]) -> Replay:
    """A replay file's data back as a Replay, checked to the last move (ReplayError)."""
    if document.get("kind") != REPLAY_KIND:
        raise ReplayError("it is not a Rummi Desktop replay")
    if document.get("version") != REPLAY_VERSION:
        raise ReplayError(f"it has version {document.get('version')!r}; this copy reads version {REPLAY_VERSION}")
    game = document.get("game")
    if game not in GAMES:
        raise ReplayError(f"it is a game of {game!r}, which this copy does not have")
    start, setup, seed = document.get("start"), document.get("setup", {}), document.get("seed", 0)
    if not isinstance(start, Mapping) or not isinstance(setup, Mapping) or not isinstance(seed, int):
        raise ReplayError("its start, setup or seed is missing")
    scores = document.get("final_scores")
    if not isinstance(scores, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise ReplayError("its final scores are not a list of numbers")
    replay = Replay(game, dict(start), dict(setup), seed, _seats(document.get("seats")),
                    tuple(_text_list(document.get("moves"), "moves")), tuple(scores),
                    str(document.get("finished_at", "")), chat=chat_of(document.get("chat")))
    replay.check()
    return replay
