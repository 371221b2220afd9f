"""How to play Rummble, in our own words: the pause overlay's Rules and the How to play page."""

from __future__ import annotations

HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The aim", (
        "Score the most points by laying tiles in crossword fashion on a 13 by 13 board. Everyone",
        "holds 10 tiles (numbers in four colours, two jokers) and refills after each play.",
    )),
    ("Sets", (
        "Every line of two or more touching tiles, across or down, must be a set: tiles of one number",
        "(7 7 7); a straight, numbers going up or down by one (4 5 6, 9 8); a straight flush, a",
        "straight in one colour (scores double); or a flush, three or more of one colour climbing or",
        "falling with gaps allowed (R2 R6 R9). A joker stands for the tile you declare and scores 0.",
    )),
    ("A play", (
        "The first play covers the star with at least two tiles. After that, put one or more tiles",
        "in a single row or column, touching the board, with no gaps. Every line your tiles make or",
        "extend must be a set; if one is not, the play is refused and that line is outlined.",
    )),
    ("Scoring", (
        "Each set formed or extended scores its tiles' numbers. New tiles on ×2 / ×3 TILE count",
        "double / triple; a straight flush doubles; each new tile on ×2 / ×3 SET (or the star)",
        "multiplies the set. Laying all ten tiles at once earns a 100-point Rummmble! (unless the",
        "table's house rules turn the bonus off).",
    )),
    ("Instead of playing", (
        "Exchange any tiles with the pool (while it holds 10 or more), or pass. The game ends when",
        "someone plays their last tile with the pool empty (they collect the others' hand totals,",
        "which the others lose), or after two rounds in which nobody scores (everyone loses their hand).",
        "Resign (Pause, then Resign, on your turn) ends the game at once: you lose, and the highest",
        "score among the others wins.",
    )),
    ("Controls", (
        "Drag tiles onto squares, or click a tile and then a square; drag them back to the rack to",
        "take them back. The panel on the right scores the play before you commit it. Keyboard: the",
        "arrows move the blue cursor over the board, 1–9 and 0 put rack tile 1–10 on its square (the",
        "cursor then steps on); Space picks up a tile you put down this turn, the arrows take it to",
        "another square and Space puts it there (Space on its own square sends it back to the rack).",
        "Enter plays, Backspace recalls all, S shuffles, E exchanges, P passes (it asks first), H shows the",
        "best plays (click one to see it), T shows or hides the unseen tiles, Esc pauses, Space skips a",
        "computer's move.",
    )),
)


def rules_summary() -> str:
    return "\n\n".join(f"{title}. {' '.join(lines)}" for title, lines in HELP_SECTIONS)
