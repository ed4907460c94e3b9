"""The learner's place, kept behind a small interface (here on a plain dict, as the session would hold it)."""

from __future__ import annotations

from trainer.ui.progress_state import done_chapters, is_done, last_chapter, mark_done, set_last


def test_mark_done_and_undo() -> None:
    state: dict = {}
    assert not is_done("03-card-order", state)
    mark_done("03-card-order", state=state)
    mark_done("04-dealing", state=state)
    assert is_done("03-card-order", state)
    assert done_chapters(state) == {"03-card-order", "04-dealing"}
    mark_done("03-card-order", False, state=state)
    assert not is_done("03-card-order", state)
    assert done_chapters(state) == {"04-dealing"}


def test_last_chapter_is_remembered() -> None:
    state: dict = {}
    assert last_chapter(state) is None
    set_last("05-rules", state)
    set_last("06-game-types", state)
    assert last_chapter(state) == "06-game-types"
