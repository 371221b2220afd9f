"""How to play Tumblewords, in our own words: the pause overlay's Rules and the How to play page."""

from __future__ import annotations

HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The aim", (
        "Score the most points by dropping letters into the columns of an upright board. Everyone",
        "holds 7 letters from a bag of 100 (two of them blanks) and draws one after each drop.",
    )),
    ("A drop", (
        "Pick a letter and a column with room: the letter tumbles to the lowest empty square of that",
        "column. A blank becomes the letter you choose as you drop it, and stays that letter.",
    )),
    ("Scoring", (
        "Every word of the word list that runs through the new letter scores a point per letter. Words",
        "read left to right, right to left, downwards and upwards, so a palindrome counts twice and",
        "STOP also gives POTS. The shortest word is 2 letters (or 3, if the setup says so).",
    )),
    ("Claim mode", (
        "The game does not find your words for you: drag across each word you see, then press Done.",
        "Only right claims score; the words you missed are shown, for nobody.",
    )),
    ("Variants", (
        "Zapper!: a full bottom row is cleared after the turn and every column drops one row. Ticker:",
        "30 seconds a turn. Pressure Cooker: Claim mode and Ticker, and the next player gets 15",
        "seconds to steal the words you missed.",
    )),
    ("The end", (
        "The game ends when the board is full, when the bag and every hand are empty, or when",
        "everyone passes in a row. Highest score wins; a tie shares the win. Resign (Pause, then",
        "Resign, on your turn) ends the game at once: you lose, and the highest score among the others wins.",
    )),
    ("Solo score attack", (
        "Leave every seat but the first empty and play alone against your best score. It ends the",
        "same way: the board full, or the last letter played once the bag is empty; a pass ends it",
        "at once. Each mix of board and options keeps its own best, and the card says when you beat it.",
    )),
    ("Controls", (
        "Drag a letter onto a column, or click it and then the column: the board shows where it",
        "will land and the panel what it scores. Keys: Left/Right move the blue ring over the columns,",
        "1–7 pick a letter, Enter (or Space) drops it, P passes (it asks first), H shows the best drops",
        "(click one to see it), T shows or hides the unseen letters, Esc pauses. Claiming: the arrows",
        "move the ring over the squares, Space on a word's first letter and Space on its last claims",
        "the word, Enter says Done.",
    )),
)


def rules_summary() -> str:
    return "\n\n".join(f"{title}. {' '.join(lines)}" for title, lines in HELP_SECTIONS)
