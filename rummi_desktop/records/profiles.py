"""Local player profiles: who plays at this computer, with a name and an avatar (a colour and
initials), and which profile sat at each seat last time, per game. Pure: no pygame, no I/O
(``storage.profiles`` reads and writes the file; ``ui.avatar`` draws the avatar).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace

GUEST = "guest"  # a person who plays without a profile: nothing is credited to anyone
NAME_LIMIT = 12  # letters, as a seat's name
PROFILE_LIMIT = 24  # profiles on one computer (the setup picker cycles through them)
# Avatar colours, chosen to stay readable with white initials on every felt theme.
AVATAR_COLOURS = ("#c0392b", "#d35400", "#b7950b", "#27ae60", "#16a085", "#2471a3", "#7d3c98", "#5d6d7e")
ID_PATTERN = re.compile(r"p-[0-9a-f]{8}")
COLOUR_PATTERN = re.compile(r"#[0-9a-fA-F]{6}")


class ProfileError(ValueError):
    """A profile change that cannot be made; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class Profile:
    id: str
    name: str
    colour: str = AVATAR_COLOURS[0]
    created: str = ""  # ISO date and time, UTC

    @property
    def initials(self) -> str:
        """"Ann Lee" → "AL", "bea" → "BE": one letter per word, or the first two of one word."""
        words = [word for word in re.split(r"[\s\-_.]+", self.name) if word]
        if not words:
            return "?"
        letters = "".join(word[0] for word in words[:2]) if len(words) > 1 else words[0][:2]
        return letters.upper()

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "colour": self.colour, "created": self.created}

    @classmethod
    def from_dict(cls, data: dict) -> "Profile":
        """ProfileError when a field is missing or malformed."""
        profile_id, name, colour = data.get("id"), data.get("name"), data.get("colour", AVATAR_COLOURS[0])
        if not isinstance(profile_id, str) or not ID_PATTERN.fullmatch(profile_id):
            raise ProfileError(f"the profile id {profile_id!r} is not one this game makes")
        if not isinstance(colour, str) or not COLOUR_PATTERN.fullmatch(colour):
            raise ProfileError(f"the avatar colour {colour!r} is not a #rrggbb colour")
        return cls(profile_id, clean_name(name), colour, str(data.get("created", "")))


def clean_name(name: object) -> str:
    """A profile's name with its blanks tidied; ProfileError for an empty or too long one."""
    if not isinstance(name, str) or not " ".join(name.split()):
        raise ProfileError("a profile needs a name")
    tidy = " ".join(name.split())
    if len(tidy) > NAME_LIMIT:
        raise ProfileError(f"a name has at most {NAME_LIMIT} letters")
    if tidy.lower() == GUEST:
        raise ProfileError("Guest is the name for playing without a profile")
    return tidy


def new_profile_id() -> str:
    return f"p-{secrets.token_hex(4)}"


@dataclass
class ProfileBook:
    """Every profile on this computer, and the profile last chosen at each seat of each game
    (``last_used["rummi"] == ["p-…", "guest"]``), and the profile a person last played under
    anywhere (``last_person``: the puzzle trainer starts with it)."""

    profiles: list[Profile] = field(default_factory=list)
    last_used: dict[str, list[str]] = field(default_factory=dict)
    last_person: str = GUEST

    def find(self, profile_id: str) -> Profile | None:
        return next((profile for profile in self.profiles if profile.id == profile_id), None)

    def named(self, name: str) -> Profile | None:
        key = " ".join(name.split()).lower()
        return next((profile for profile in self.profiles if profile.name.lower() == key), None)

    def _check_free(self, name: str, keep: str = "") -> None:
        other = self.named(name)
        if other is not None and other.id != keep:
            raise ProfileError(f"there is already a profile called {other.name}")

    def create(self, name: str, colour: str | None = None, created: str = "") -> Profile:
        tidy = clean_name(name)
        self._check_free(tidy)
        if len(self.profiles) >= PROFILE_LIMIT:
            raise ProfileError(f"there are already {PROFILE_LIMIT} profiles; delete one first")
        colour = colour or AVATAR_COLOURS[len(self.profiles) % len(AVATAR_COLOURS)]
        profile = Profile(new_profile_id(), tidy, colour, created)
        while self.find(profile.id) is not None:  # 1 in 4 billion, but never two alike
            profile = replace(profile, id=new_profile_id())
        self.profiles.append(profile)
        return profile

    def add(self, profile: Profile) -> None:
        """An imported profile, as it is (ProfileError when its id or name is taken)."""
        if self.find(profile.id) is not None:
            raise ProfileError(f"the profile {profile.name} is already here")
        self._check_free(profile.name)
        self.profiles.append(profile)

    def rename(self, profile_id: str, name: str) -> Profile:
        old = self._require(profile_id)
        tidy = clean_name(name)
        self._check_free(tidy, keep=profile_id)
        new = replace(old, name=tidy)
        self.profiles[self.profiles.index(old)] = new
        return new

    def recolour(self, profile_id: str, colour: str) -> Profile:
        old = self._require(profile_id)
        new = replace(old, colour=colour)
        self.profiles[self.profiles.index(old)] = new
        return new

    def delete(self, profile_id: str) -> None:
        self.profiles.remove(self._require(profile_id))
        for game, seats in self.last_used.items():
            self.last_used[game] = [GUEST if chosen == profile_id else chosen for chosen in seats]

    def _require(self, profile_id: str) -> Profile:
        profile = self.find(profile_id)
        if profile is None:
            raise ProfileError("that profile is gone")
        return profile

    def last_for(self, game: str, seat: int) -> str:
        """The profile last chosen at this seat of this game (Guest when none, or deleted)."""
        seats = self.last_used.get(game, [])
        chosen = seats[seat] if seat < len(seats) else GUEST
        return chosen if self.find(chosen) is not None else GUEST

    def remember(self, game: str, chosen: list[str]) -> None:
        self.last_used[game] = list(chosen)
        person = next((profile_id for profile_id in chosen if self.find(profile_id) is not None), None)
        if person is not None:
            self.last_person = person

    def current_person(self) -> str:
        """The profile last played under (Guest when none, or deleted)."""
        return self.last_person if self.find(self.last_person) is not None else GUEST
