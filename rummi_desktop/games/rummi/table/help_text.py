"""How to play Rummi, in our own words: shown from the pause overlay and the setup scene."""

from __future__ import annotations

HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The aim",
        (
            "Be the first to empty your rack. Everyone starts with 14 tiles: numbers 1 to 13 in",
            "black, blue, red and yellow (two of each) and two jokers (a house rule may deal four).",
        ),
    ),
    (
        "Melds",
        (
            "A group is three or four tiles of one number, every colour different: R7 K7 Y7.",
            "A run is three or more numbers in a row in one colour: B4 B5 B6 B7. A 1 only ever",
            "starts a run; 13 is never followed by 1. A joker fills in for any one tile.",
        ),
    ),
    (
        "Your first meld",
        (
            "Your first play must be new melds from your own rack worth 30 points or more (a",
            "joker counts as the tile it stands for; house rules may ask for 50, or for nothing).",
            "Until then you cannot touch the table; the counter by the rack shows your points.",
        ),
    ),
    (
        "Your turn",
        (
            "Play at least one tile, or Draw one tile and pass the turn. Once you have opened,",
            "you may rebuild the whole table: add to melds, split them, join them, or swap the",
            "tile a joker stands for into its place and use the joker elsewhere this turn.",
            "Every meld must be valid when you press End Turn; invalid ones glow red and the",
            "banner says why. Reset puts the table and your rack back as they were.",
            "Yellow rings show the tiles the others laid since your last turn (pale rings: tiles",
            "they moved) and the tile you drew; they go once you make your first move.",
        ),
    ),
    (
        "The clock",
        (
            "With a turn clock, time running out keeps a valid play, draws one tile if you did",
            "nothing, and otherwise resets your turn and adds three penalty tiles.",
        ),
    ),
    (
        "Scoring",
        (
            "Whoever goes out scores what the others hold (jokers 30 each); they lose the same.",
            "If the pool runs dry and nobody can play, the smallest rack wins the round.",
            "Rounds go on until someone reaches the match target (200 points by default).",
            "Resign (Pause, then Resign, on your turn) ends the match at once: you pay your rack,",
            "the smallest rack among the others takes the round and the best total among them wins.",
        ),
    ),
    (
        "Controls",
        (  # long lines: the rules card is 1,100 px wide, and this section must end above its foot
            "Mouse or finger: drag a tile, or click it and then where it goes: a meld to join it, open felt for a new meld, your rack to take back a tile played",
            "this turn. Keyboard: the arrows move the blue ring over your rack and the table; Space picks up its tile (Shift+Space: with the rest of its",
            "meld), the arrows take it to a meld's gap, the new-meld spot after the last meld, a joker to swap or a rack gap, and Space puts it down.",
            "Enter ends the turn, D draws, Z undo, R reset, C / N sort, H best plays (Practice, Blitz), T unseen tiles, Esc pauses, Space skips a computer's move.",
        ),
    ),
)


def rules_summary() -> str:
    """The same help as paragraphs for the How to play page (blank lines between them)."""
    return "\n\n".join(f"{title}. {' '.join(lines)}" for title, lines in HELP_SECTIONS)
