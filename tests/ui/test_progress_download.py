"""A learner's answers download (``/media/<id>.csv``) is built only when the button is clicked, and not
at all once the learner has signed out (issue 44: the CSV was built on every run of the progress page and
its URL kept serving the file after sign-out). What a leaked URL still exposes is in docs/security.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.errors import StoreError
from trainer.store import Store
from trainer.store.accounts import AccountStore
from trainer.store.classes import ClassStore
from trainer.ui.auth import deferred_download

from .helpers import make_account
from .test_progress_page import progress_app, seed_answers


def test_the_download_is_built_on_the_click_and_never_after_sign_out(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'download.sqlite'}")
    accounts = AccountStore(ClassStore(store))
    learner = make_account(store.url, "Eva")
    other = make_account(store.url, "Finn")
    session = accounts.start_learner_session(learner)
    built: list[int] = []

    def build() -> str:
        built.append(learner)
        return "answers"

    download = deferred_download(accounts, session.token, learner, build)
    assert built == []  # nothing is built until it is clicked
    assert download() == "answers" and built == [learner]
    with pytest.raises(StoreError):  # a session that signs in someone else builds nothing
        deferred_download(accounts, session.token, other, build)()
    accounts.end_session(session.token)  # signed out (in any tab)
    with pytest.raises(StoreError, match="Signed out"):
        download()
    with pytest.raises(StoreError):
        deferred_download(accounts, "", learner, build)()
    assert built == [learner]


def test_the_progress_page_draws_the_button_without_building_the_file(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_answers(Store(db_url), "Eva")
    calls: list[int] = []
    original = Store.attempts_csv

    def counted(self: Store, learner_id: int) -> str:
        calls.append(learner_id)
        return original(self, learner_id)

    monkeypatch.setattr(Store, "attempts_csv", counted)
    at = progress_app(learner="Eva")
    (button,) = [b for b in at.get("download_button") if b.proto.label == "Download all answers (CSV)"]
    assert button.proto.deferred_file_id and not button.proto.url  # no /media file yet
    assert calls == []  # and the page's runs did not build it either
