"""The game protocol: what every game of the collection implements, and nothing more.

A game is a :class:`GameSpec` registered in :data:`rummi_desktop.games.GAMES`. The spec is
plain data plus a few pure functions (new state, state to and from a dict, move notation, the
view one seat may see); the parts that live outside the rules layer (computer seats, analyze,
the table scenes, the bench scene) are named by :class:`EntryPoint` strings, which
:mod:`rummi_desktop.entry_points` (outside the pure layer) imports for whoever needs them: the
rules layer never imports a scene, and importing the registry stays cheap.

A game's state follows :class:`State`; its moves derive from :class:`Move` with **one verb
registry per game** (:class:`MoveVerbs`), so two games may both have a ``place`` verb.
Computer seats hand back a Move; :func:`play_seat_move` is the one rule for a refused one: the
seat forfeits its turn (draws or passes, as the game says). Every game has a ``resign`` move
(``games/resignation.py``): the seat on turn gives the game up, the game ends at once and that
seat is never among its winners. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping, Protocol, Sequence


class IllegalMove(ValueError):
    """A move the rules refuse; ``str(error)`` is the reason in plain words. Nothing changed."""


class MoveNotationError(ValueError):
    """Text that is not a move of this game."""


class MoveVerbs:
    """One game's verbs: each maps to the Move class that reads and writes its notation."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.classes: dict[str, type[Move]] = {}

    def register(self, move_class: type["Move"]) -> None:
        verb = move_class.verb
        if verb in self.classes and self.classes[verb] is not move_class:
            raise ValueError(f"{self.game} has two moves with the verb {verb!r}")
        self.classes[verb] = move_class

    def parse(self, text: str) -> "Move":
        words = text.split()
        if not words or words[0] not in self.classes:
            raise MoveNotationError(f"{text!r} is not a {self.game} move (verbs: {', '.join(self.classes)})")
        try:
            return self.classes[words[0]].from_words(words[1:])
        except MoveNotationError:
            raise
        except (ValueError, IndexError) as error:
            raise MoveNotationError(f"{text!r} is not a valid {words[0]} move") from error


class Move:
    """A small frozen value with a text notation that round-trips.

    A game's move base names its registry once (``class RummiMove(Move, verbs=VERBS)``);
    every subclass with a ``verb`` is then registered there. ``repr`` prints the parse call.
    """

    verb: ClassVar[str] = ""
    verbs: ClassVar[MoveVerbs]
    parse_name: ClassVar[str] = "Move"  # the class whose .parse the repr shows

    def __init_subclass__(cls, verbs: MoveVerbs | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if verbs is not None:
            cls.verbs = verbs
            cls.parse_name = cls.__name__
        if cls.__dict__.get("verb"):
            cls.verbs.register(cls)

    @classmethod
    def parse(cls, text: str) -> "Move":
        return cls.verbs.parse(text)

    @classmethod
    def from_words(cls, words: list[str]) -> "Move":
        raise NotImplementedError

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"{self.parse_name}.parse({self.notation()!r})"


RESIGN = "resign"  # the notation of every game's resignation (games/resignation.py)


class LegalMoves:
    """The legal moves of a state as a lazy view (as python-chess's ``board.legal_moves``):
    iterating runs the game's generator afresh and yields one Move at a time, so ``any(...)``,
    ``bool(view)``, ``move in view`` and ``next(iter(view))`` stop at the first match instead
    of building every move; ``count()`` walks them all without keeping them. The view reads
    the state as it is when iterated: apply nothing while iterating it."""

    __slots__ = ("_generate",)

    def __init__(self, generate: Callable[[], Iterable["Move"]]) -> None:
        self._generate = generate

    def __iter__(self) -> Iterator["Move"]:
        return iter(self._generate())

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __contains__(self, move: object) -> bool:
        return any(candidate == move for candidate in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalMoves ({self.count()})>"


class State(Protocol):
    """What the shell, simulate, the invariant runner and the server rely on in a game state.

    ``log`` has one meaning in every game: the actions that, performed in order on a fresh
    state from the same seed (or hand-made setup), give this state again (``replay_log``).
    A move taken back by ``undo`` leaves the log with it, so the log never holds an undo.
    """

    log: list[str]  # the seed (in the parameters) plus this log replays the state
    # False: the state keeps no snapshots for undo (the server sets it: it never undoes, and they
    # cost tens of KB a move); ``undo`` then takes nothing back. A game whose undo history is
    # bounded by its rules (Rummi's turn in progress) may keep it regardless.
    keeps_undo: bool

    @property
    def current(self) -> int: ...
    @property
    def is_terminal(self) -> bool: ...
    def apply(self, move: Move) -> Any: ...  # the change, or IllegalMove with nothing changed
    def perform(self, action: str) -> Any:
        """Apply one logged action (a move's notation): what ``replay_log`` and the server's
        catch-up call. A game may read older notations here too (Rummi: the undo and reset
        entries of logs written before the log lost them); it never writes them."""
    def legal_moves(self) -> LegalMoves:
        """The moves ``apply`` accepts now, lazily (:class:`LegalMoves`). Never one that
        ``apply`` refuses; always at least one while the game goes on, and playing only
        these moves can finish the game. Where a game's moves are too many to list (a claim
        is any set of spans, a Rummi table any rearrangement) it yields a documented part of
        them that still finishes the game; empty once the game is over."""
    def clone(self) -> "State":
        """An independent deep copy, random generator and undo history included: what is done
        to the copy never changes this state, and the copy equals it."""
    def undo(self) -> Move | None:
        """Take back the last move, exactly (the log loses it); returns it, or None when there
        is none the game lets be taken back (Rummi: only the moves of the turn in progress)."""
    def forfeit_turn(self) -> Any: ...  # what a seat that cannot play does: draw or pass
    def scores(self) -> tuple[int, ...]: ...
    def winners(self) -> tuple[int, ...]: ...  # empty while the game goes on, or for a draw


@dataclass(frozen=True, slots=True)
class SetupOption:
    """One choice of game setup: a key, its label, the choices in order, and the default.
    ``shown``: for a house rule, the words the table's rules line gives each choice (in the
    choices' order); an option without them is not one the table names (its clock shows).
    ``online``: whether a server table may be made with it (the new-table form offers it and
    the server accepts it); an option the server's table stands for itself (Rummi's turn
    clock: the table's own clock) is not."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    shown: tuple[str, ...] = ()
    online: bool = True

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"setup option {self.key}: default {self.default!r} is not a choice")
        if self.shown and len(self.shown) != len(self.choices):
            raise ValueError(f"setup option {self.key}: one shown name per choice")

    def words_for(self, value: Any) -> str:
        """The rules line's words for ``value``: "" for the default, an unshown option or an
        unknown value (True == 1 in Python, so the type must match too)."""
        if not self.shown or value == self.default:
            return ""
        for choice, words in zip(self.choices, self.shown):
            if choice == value and type(choice) is type(value):
                return words
        return ""

    def choice_words(self, value: Any) -> str:
        """What a form shows for ``value``: On/Off for a switch, else its rules-line words, else
        the value itself ("Standard" for "standard")."""
        if isinstance(value, bool):
            return "On" if value else "Off"
        for choice, words in zip(self.choices, self.shown or ("",) * len(self.choices)):
            if choice == value and type(choice) is type(value) and words:
                return words
        return str(value).replace("_", " ").capitalize() if isinstance(value, str) else str(value)

    def holds(self, value: Any) -> bool:
        """``value`` is one of the choices, of the same kind too (JSON's 1 must not pass for
        True, nor 60.0 for 60)."""
        return any(value == choice and type(value) is type(choice) for choice in self.choices)


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A function named as ``"package.module:attribute"`` (loaded by ``entry_points.load_entry``)."""

    path: str

    @property
    def module(self) -> str:
        return self.path.partition(":")[0]

    @property
    def attribute(self) -> str:
        return self.path.partition(":")[2]


# ---- What a game tells the shared modules about itself -----------------------------------------
# The shared modules (puzzle records, unlocks, the trophy banner, the lobby, the commands) loop
# over GAMES and read these GameSpec fields; none of them asks which game it is.

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class PuzzleTerms:
    """What a puzzle of this game may say (docs/puzzle-format.md): its goals, tags and features.

    ``daily_since``: the puzzle-progress file version whose release first had this game's daily
    puzzle (None: a release after version 2); the version 2 upgrader rebuilds that rotation."""

    goals: tuple[str, ...]
    tags: tuple[str, ...]
    features: tuple[str, ...]
    daily_since: int | None = None


MILESTONE_SUMS = ("sum", "best")  # a milestone reads a measure's total over games, or its best game


@dataclass(frozen=True, slots=True)
class Milestone:
    """An unlockable earned by playing this game: a felt or tile back, earned when one of the
    game's stat measures (its ``stats`` entry point) reaches ``goal``. records/unlocks.py lists
    it among the house's own unlockables, its card at ``place`` in Players › Collection."""

    key: str
    kind: str  # "felt" (a theme's name is its key) or "tile_back"
    title: str
    milestone: str  # what earns it, in words
    goal: int
    unit: str  # shown as "0/1 palindromes"
    measure: str  # the StatMeasure's name
    reads: str  # one of MILESTONE_SUMS
    place: int  # the card's place among every unlockable, from 0

    def __post_init__(self) -> None:
        if self.reads not in MILESTONE_SUMS:
            raise ValueError(f"milestone {self.key}: reads {self.reads!r} is not one of {', '.join(MILESTONE_SUMS)}")


@dataclass(frozen=True)
class GameSpec:
    """Everything the house needs to know about one game (see the module docstring).

    - ``new_state(seats, seed, **options)``: a fresh game; ``seats`` are labels ("human" or a
      tier name), their number is the number of seats; ``options`` are keys of ``options``.
    - ``seat_view(state, seat)``: what that seat may see, as JSON-ready data (the computer seats
      and the network get exactly this).
    - ``public_view(state)``: what a spectator may see, as JSON-ready data: what every seat
      sees alike and each seat's count of hidden tiles, never a rack (nor the seed).
    - ``holdings(state)``: every seat's hidden tiles (racks, hands) as notation, in seat order;
      the network lays them open to every seat and spectator once the game is over.
    - ``audit(state)``: the invariants checked after every move by simulate (a list of problems).
    - entry points: ``computer`` (``choose_move(view, tier, *, deadline, cancel) -> Move``),
      ``analyze`` (``prepare(position, top=0) -> answer()``; ``top`` N ≥ 1 adds the N best
      plays to a solve answer), ``scenes`` (a module with ``game_info()``), ``bench``
      (``setup_bench(app)``), ``puzzles`` (a whole module with
      ``mine``, ``verify``, ``hints``, ``check``: docs/puzzle-format.md), ``stats`` (a
      :class:`GameStats`: the game's own per-seat measures of a finished game, for the players'
      statistics),
      ``coach`` (a :class:`Coach`: the best plays of a state and what a turn did, for the
      post-game review), ``online_table`` (``online_table(app, link, message)``: the table
      scene of a server game), ``spectator_board`` (``board_cells(public view)``: the board as
      grid cells, for the table a spectator watches), ``unseen`` (``unseen(view) -> UnseenSheet``: the tiles the
      seat whose ``seat_view`` it reads has not seen, for the tracker: games/unseen.py),
      ``startup`` (a function each process calls once before any
      game is played, e.g. to install where the game's data is found; it reads nothing yet).
    - ``public_action(action)``: a logged action as another seat may read it (the network
      sends it in place of the action): the notation itself unless it names hidden tiles.
    - ``position``: the game's Position class (``rules/position.py``): ``from_dict(data)``, then
      ``check_legal()``, both raising ``games.positions.PositionError``; ``to_dict()``; ``KEYS``
      and ``PUZZLE_KEYS``. Analyze, the puzzle record and the sandbox read positions through it.

    What the shared modules read of the game (all optional):

    - ``puzzle_terms``: the goals, tags and features its puzzles may have (:class:`PuzzleTerms`).
    - ``milestones``: the unlockables its play earns (:class:`Milestone`).
    - ``trophy_colours``: the trophy banner's ribbon and trim after one of its games.
    - ``new_table_state``: the game a server table plays, made as ``new_state`` is (seats,
      seed, options); none: ``new_state`` itself. Rummi's is a match of rounds to a target,
      so a table's rounds follow one another in one state, one log (``table_state``).
    - ``default_for``: the commands that open this game when none is named (``play``,
      ``simulate``, ``loadtest``).
    - ``tracker_shown``: whether its table shows the unseen-tile tracker until the player
      hides it (a game where tracking is only an option says False).
    - ``idle_verbs``: the verbs of moves that lay no tiles (pass, draw, exchange, resign ...):
      a ranked game counts only when every person's seat made other moves too.
    - ``tier_ratings``: each tier's rating on the Elo scale (the first tier = 1000), as
      ``rummi-desktop ladder --write`` measured it; setup shows it beside the tier's name and a
      person's rating against the computers is reckoned from it (none: not measured).
    """

    key: str
    title: str
    min_seats: int
    max_seats: int
    tiers: tuple[str, ...]
    options: tuple[SetupOption, ...]
    new_state: Callable[..., Any]
    state_to_dict: Callable[[Any], dict[str, Any]]
    state_from_dict: Callable[[Mapping[str, Any]], Any]
    parse_move: Callable[[str], Move]
    seat_view: Callable[[Any, int], dict[str, Any]]
    public_view: Callable[[Any], dict[str, Any]]
    holdings: Callable[[Any], list[list[str]]]
    audit: Callable[[Any], list[str]]
    entry_points: Mapping[str, EntryPoint] = field(default_factory=dict)
    public_action: Callable[[str], str] = field(default=lambda action: action)
    position: type | None = None
    puzzle_terms: PuzzleTerms | None = None
    milestones: tuple[Milestone, ...] = ()
    trophy_colours: tuple[Colour, Colour] | None = None
    new_table_state: Callable[..., Any] | None = None
    default_for: tuple[str, ...] = ()
    tracker_shown: bool = True
    idle_verbs: tuple[str, ...] = ()
    tier_ratings: Mapping[str, int] = field(default_factory=dict)

    def has(self, name: str) -> bool:
        return name in self.entry_points

    @property
    def online_options(self) -> tuple[SetupOption, ...]:
        """The options a server table may be made with (the new-table form offers each)."""
        return tuple(option for option in self.options if option.online)

    def table_state(self, seats: Sequence[str], seed: int, **options: Any) -> Any:
        """A server table's fresh game (``new_table_state``, else ``new_state``)."""
        make = self.new_table_state or self.new_state
        return make(tuple(seats), seed, **options)

    def house_rules(self, rules: Any) -> list[str]:
        """The words of the house rules ``rules`` (an object with the options as attributes,
        e.g. the state's parameters) plays under beyond the defaults, in the options' order."""
        words = (option.words_for(getattr(rules, option.key, option.default)) for option in self.options)
        return [word for word in words if word]

    def check_seats(self, seats: Sequence[str]) -> None:
        """ValueError unless the seat count fits and every computer seat is one of the tiers."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise ValueError(f"{self.title} is played by {self.min_seats} to {self.max_seats} seats, "
                             f"not {len(seats)}")
        unknown = [seat for seat in seats if seat != "human" and seat not in self.tiers]
        if unknown:
            raise ValueError(f"unknown seat {unknown[0]!r} (human or one of {', '.join(self.tiers)})")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One play as the coach weighs it: what the turn's review and analyze's ``top`` list show.

    - ``move``: the play's notation, to apply to the position it was found for (a turn that
      lays nothing is the game's own move for that: a Rummi ``draw``, a ``pass``).
    - ``rank``: the game's own order of plays, compared as a tuple (higher is better; Rummi:
      tiles laid, then their points; the others: the turn's score).
    - ``points``: what the turn is worth in the game's terms (Rummi: the points of the tiles
      laid; the others: the turn's score). ``tiles``: the tiles it lays, in notation.
    - ``answer``: the play as analyze writes a solve answer (JSON-ready, without ``ms``).
    """

    move: str
    rank: tuple[int, ...]
    points: int
    tiles: tuple[str, ...]
    answer: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Coach:
    """A game's ``coach`` entry point: the two questions the post-game review asks of a game.

    - ``best_plays(state, top, *, deadline=None, cancel=None)``: up to ``top`` distinct plays
      for the seat to move, best first (a list of :class:`Candidate`; at least one: with no
      play, the empty one the game's rules allow, a draw or a pass).
    - ``turn_played(before, after, actions)``: the Candidate for what a turn did (``before``
      and ``after`` are the states around it, ``actions`` its logged actions), or None for a
      stretch of the log the coach does not weigh as a turn (a Pressure Cooker steal).
    """

    best_plays: Callable[..., list[Candidate]]
    turn_played: Callable[[Any, Any, Sequence[str]], Candidate | None]


MEASURE_KINDS = ("best", "sum", "mean")  # how a measure adds up over games: the highest, a total, an average


@dataclass(frozen=True, slots=True)
class StatMeasure:
    """One number a game measures per seat of a finished game, and how it adds up over games."""

    name: str
    label: str
    kind: str  # one of MEASURE_KINDS

    def __post_init__(self) -> None:
        if self.kind not in MEASURE_KINDS:
            raise ValueError(f"measure {self.name}: kind {self.kind!r} is not one of {', '.join(MEASURE_KINDS)}")


@dataclass(frozen=True)
class GameStats:
    """A game's ``stats`` entry point: the measures it declares, and ``seat_stats(state, seat)``
    giving each of them (a number) for one seat of a finished state (its log replays it).
    The statistics code adds them up by their kind and never asks which game it is."""

    measures: tuple[StatMeasure, ...]
    seat_stats: Callable[[Any, int], dict[str, float]]


class ComparedByFingerprint:
    """Equality of mutable game states: two states are equal when their ``fingerprint()`` (every
    part of the state as plain values) is; unhashable, since they change."""

    def fingerprint(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]  # mutable


def checked_save_log(data: Any, game: str, title: str, version: int, error: type[ValueError]) -> list[str]:
    """The move log of a saved game after checking what every game's save starts with: its
    game key, its format version and a log of move notations (``error`` when one is wrong)."""
    if not isinstance(data, Mapping) or data.get("game") != game:
        raise error(f"not a {title} save")
    if data.get("format") != version:
        raise error(f"save format {data.get('format')!r} is not {version}")
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(action, str) for action in log):
        raise error("the move log must be a list of strings")
    return log


def replay_log(fresh: Any, log: Sequence[str]) -> Any:
    """``fresh`` (a state just made from its seed, or its hand-made setup) with every action
    of ``log`` performed again: the seed plus the log replays a whole game."""
    for action in log:
        fresh.perform(action)
    return fresh


@dataclass(frozen=True, slots=True)
class SeatMove:
    """What a computer seat's move did: the state's change, and why it was refused (or "")."""

    change: Any
    refused: str = ""


def play_seat_move(spec: GameSpec, state: Any, move: Move | str) -> SeatMove:
    """Apply a computer seat's move (a Move or its notation). A move the rules refuse, or text
    that is no move, forfeits the turn instead: the seat draws or passes, as its game says.
    Computer seats never resign: a resignation is refused like any other wrong move.
    The window, simulate and the server all go through here."""
    try:
        parsed = spec.parse_move(move) if isinstance(move, str) else move
        if parsed.notation() == RESIGN:
            raise IllegalMove("a computer seat does not resign")
        return SeatMove(state.apply(parsed))
    except (IllegalMove, MoveNotationError) as error:
        return SeatMove(state.forfeit_turn(), str(error) or type(error).__name__)


# ---- A turn clock the rules themselves set (Rummi's Blitz, Tumblewords' Ticker) ------------------
# A state whose rules time a turn has ``turn_clock()``: (the clocked turn, as a value equal for
# every move of that one turn, and its seconds), or None while no clock runs; and
# ``clock_ran_out()``: what the rules make of that turn when its time is up. A table clock that
# is the player's choice (the lobby's, a local setup's) forfeits the turn instead.

def rules_clock(state: Any) -> tuple[Any, float] | None:
    """The rules' clock on the turn now (see above), or None: a state without one, or none running."""
    clock = getattr(state, "turn_clock", None)
    return clock() if clock is not None else None


def time_up(state: Any) -> Any:
    """The turn's time ran out: the rules' own ending under their clock, else a forfeit."""
    return state.clock_ran_out() if rules_clock(state) is not None else state.forfeit_turn()
