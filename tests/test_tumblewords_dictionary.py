"""The Tumblewords dictionary: the shipped ENABLE list, custom lists and their errors, the
prefix search, and finding a list by name."""

import pytest

from rummi_desktop.games.tumblewords.rules import dictionary as dictionary_module
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary, WordListError, WordListUnavailable, word_list
from rummi_desktop.games.tumblewords.storage import word_lists


def test_the_shipped_list_is_enable_built_once():
    enable = word_lists.shipped_dictionary()
    assert len(enable) == 172_823 and enable.name == "enable"
    assert "tumble" in enable and "razzmatazz" in enable and "qx" not in enable
    assert word_lists.shipped_dictionary() is enable and word_list("enable") is enable


def test_is_word_and_prefixes():
    words = Dictionary.from_text("cat\ncats\nat\n")
    assert words.is_word("CAT") and not words.is_word("at", min_length=3) and words.is_word("at")
    assert words.has_prefix("ca") and words.has_prefix("cats") and not words.has_prefix("cb")
    assert not words.has_prefix("catsx")


def test_a_custom_list_forgives_case_blank_lines_line_ends_and_one_letter_words():
    words = Dictionary.from_text("\ufeffCat\r\n\r\n  Dog  \r\na\nI\n")
    assert words.words == frozenset({"cat", "dog"})


@pytest.mark.parametrize("text, message", [
    ("cat\ndon't\ndog\n", "line 2: \"don't\" holds \"'\", which is not a letter a–z"),
    ("cat\ntwo words\n", "line 2: 'two words' holds more than one word"),
    ("cat\n" + "a" * 31 + "\n", "line 2: aaaaaaaaaaaa… is longer than 30 letters"),
    ("zürich\n", "line 1: 'zürich' holds 'ü'"),
    ("", "holds no word"),
    ("\n\na\n", "holds no word"),
])
def test_bad_custom_lists_are_refused_naming_the_line(text, message):
    with pytest.raises(WordListError) as refused:
        Dictionary.from_text(text)
    assert message in str(refused.value)


def test_many_bad_lines_are_counted_not_all_listed():
    with pytest.raises(WordListError, match="and 2 more bad lines"):
        Dictionary.from_text("1\n2\n3\n4\n5\n")


def test_a_custom_file_is_read_and_checked(tmp_path):
    good = tmp_path / "mine.txt"
    good.write_text("cat\ncats\n", encoding="utf-8")
    mine = word_lists.custom_dictionary(good)
    assert mine.words == {"cat", "cats"} and mine.name == str(good)
    assert word_list(str(good), mine.digest) is mine
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"cat\n\xff\xfe\n")
    with pytest.raises(WordListError, match="bad.txt is not a text file"):
        word_lists.custom_dictionary(bad)
    with pytest.raises(WordListError, match="cannot read the word list"):
        word_lists.custom_dictionary(tmp_path / "missing.txt")
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("cat\n42\n", encoding="utf-8")
    with pytest.raises(WordListError, match="numbers.txt: .*line 2"):
        word_lists.custom_dictionary(numbers)


def test_a_word_list_that_is_a_pipe_or_a_link_to_a_device_is_refused_without_reading_it(tmp_path):
    """A FIFO once hung the game in open() at every launch, and a link to /dev/zero ran it out
    of memory; both are refused in words, before anything is read."""
    import os

    pipe = tmp_path / "words.fifo"
    os.mkfifo(pipe)
    with pytest.raises(WordListError, match="cannot read the word list .*a named pipe"):
        word_lists.custom_dictionary(pipe)
    zero = tmp_path / "zero.txt"
    zero.symlink_to("/dev/zero")
    with pytest.raises(WordListError, match="cannot read the word list .*a device"):
        word_lists.custom_dictionary(zero)


def test_a_changed_list_is_noticed_by_its_digest(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("cat\n", encoding="utf-8")
    digest = word_lists.custom_dictionary(path).digest
    path.write_text("cat\ndog\n", encoding="utf-8")
    word_lists.custom_dictionary(path)
    with pytest.raises(WordListUnavailable, match="has changed"):
        word_list(str(path), digest)


def test_the_digest_depends_on_the_words_only():
    assert Dictionary.from_text("b\nab\nba\n").digest == Dictionary.from_text("BA\nab\n\n").digest
    assert Dictionary.from_text("ab\n").digest != Dictionary.from_text("ba\n").digest


def test_without_an_installed_source_a_list_by_name_is_unavailable(monkeypatch):
    monkeypatch.setattr(dictionary_module, "_source", [])
    with pytest.raises(WordListUnavailable, match="word_lists.install"):
        word_list("enable")


@pytest.mark.parametrize("damage", ["bad lines", "a folder", "gone", "changed"])
def test_a_damaged_custom_list_is_reported_and_leaves_the_intact_autosave_alone(tmp_path, monkeypatch, damage):
    from rummi_desktop.games.tumblewords.table import load_saved_session
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, TumblewordsSetup, quick_setup
    from rummi_desktop.storage.saves import autosave_path, write_autosave

    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    mine = tmp_path / "mine.txt"
    mine.write_text("\n".join(word_lists.shipped_dictionary().words), encoding="utf-8")
    setup = TumblewordsSetup(quick_setup("human,medium", 7).seats, words=str(mine), seed=7)
    write_autosave("tumblewords", *TumblewordsSession.new(setup).to_save())
    saved = autosave_path("tumblewords").read_bytes()
    assert load_saved_session([]) is not None
    monkeypatch.delitem(word_lists._cache, str(mine.resolve()) if str(mine.resolve()) in word_lists._cache else str(mine))
    mine.unlink()  # then the game starts again: the list is read afresh
    if damage == "bad lines":
        mine.write_text("cat\nd0g\n", encoding="utf-8")
    elif damage == "a folder":
        mine.mkdir()
    elif damage == "changed":
        mine.write_text("cat\ndog\n", encoding="utf-8")
    notices: list[str] = []
    assert load_saved_session(notices) is None
    assert len(notices) == 1 and "word list" in notices[0], notices
    assert autosave_path("tumblewords").read_bytes() == saved  # the save is intact: kept as it was
    assert sorted(path.name for path in autosave_path("tumblewords").parent.iterdir()) == ["tumblewords_autosave.toml"]
