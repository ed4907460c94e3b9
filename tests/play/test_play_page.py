"""The Play page in AppTest: a whole deal from the deal to the score sheet in each profile and language, an
illegal card refused with the rule, Ramse after a Danish all-pass, the coach's hint is a legal move, the
settlement matches the engine's, and a reload (a new session on the same evening) continues the same deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import texts
from trainer.coach import DealSummary, settlement_for
from trainer.evening import TableDeal, loads_moves
from trainer.game import PlayCard
from trainer.profiles import get_profile
from trainer.settlement import list_settlement
from trainer.store import Store
from trainer.store.play_store import PlayStore

from .driver import button, card_keys, open_play, play_deal, step


@pytest.fixture(autouse=True)
def _fast_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'play.sqlite'}"
    monkeypatch.setenv("SKAT_TRAINER_DB_URL", url)
    monkeypatch.setenv("SKAT_TRAINER_PLAY_PACE", "0")
    monkeypatch.setenv("SKAT_SOLVER_BACKEND", "python")
    return url


def evening_token(at) -> str:  # type: ignore[no-untyped-def]
    value = at.query_params["evening"]
    return value if isinstance(value, str) else value[0]


def _stored(url: str) -> PlayStore:
    return PlayStore(Store(url))


@pytest.mark.parametrize(
    ("lang", "rules"), [("en", "danish"), ("da", "danish"), ("en", "international"), ("da", "international")]
)
def test_a_whole_deal_ends_on_the_score_sheet(lang: str, rules: str, _fast_table: str) -> None:
    at = open_play(lang, rules)
    play_deal(at, prefer_pass=False)
    assert button(at, "play_deal") is not None  # "Next deal"
    sheet = at.dataframe
    assert len(sheet) == 1
    play = _stored(_fast_table)
    (evening,) = [play.evening(t) for t in [evening_token(at)]]
    assert evening is not None and evening.profile_name == rules
    (deal,) = play.deals(evening.id)
    assert deal.finished and deal.summary_json


def test_the_settlement_matches_the_engine(_fast_table: str) -> None:
    at = open_play("en", "international")
    play_deal(at, prefer_pass=False)
    play = _stored(_fast_table)
    evening = play.evening(evening_token(at))
    assert evening is not None
    (stored,) = play.deals(evening.id)
    deal = TableDeal.rebuild(
        get_profile("international"), stored.seed, stored.seat, loads_moves(stored.moves_json)
    )
    outcome = deal.state.outcome()
    assert outcome is not None
    summary = DealSummary.from_json(stored.summary_json or "")
    if outcome.result is not None:
        ours = settlement_for(summary, "list")
        engine = list_settlement(
            get_profile("international"), outcome.result, kontra=outcome.kontra, re=outcome.re
        )
        assert ours is not None and ours.declarer == engine.declarer
        assert f"{engine.declarer:+}".replace("-", "−") in texts(at) or str(engine.declarer) in texts(at)


def _to_card_play(at) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        if card_keys(at) and button(at, "play_two") is None:
            return
        step(at, prefer_pass=False)
    raise AssertionError("no card play reached")


def test_an_illegal_card_is_refused_with_the_rule(_fast_table: str) -> None:
    at = open_play("en", "international")
    for _ in range(30):
        _to_card_play(at)
        play = _stored(_fast_table)
        evening = play.evening(evening_token(at))
        assert evening is not None
        stored = play.deals(evening.id)[-1]
        deal = TableDeal.rebuild(
            get_profile("international"), stored.seed, stored.seat, loads_moves(stored.moves_json)
        )
        view = deal.view()
        legal = {m.card for m in view.legal_moves if isinstance(m, PlayCard)}
        illegal = [c for c in view.hand if c not in legal]
        if illegal:
            button(at, f"play_card-{illegal[0].iss}").click().run()
            assert at.error and "must" in at.error[0].value
            assert play.deal(stored.id).move_count == stored.move_count  # nothing was played
            return
        button(at, f"play_card-{next(iter(legal)).iss}").click().run()
    pytest.skip("no illegal card came up in 30 tries")


def test_a_stale_tab_or_double_click_plays_one_card(_fast_table: str) -> None:
    """Two sessions drawn from the same state (a second tab, or a second click of an old picture): the
    first click plays, the second changes nothing."""
    at = open_play("en", "international")
    _to_card_play(at)
    token = evening_token(at)
    other = open_play("en", "international", evening=token)
    play = _stored(_fast_table)
    evening = play.evening(token)
    assert evening is not None
    stored = play.deals(evening.id)[-1]
    deal = TableDeal.rebuild(
        get_profile("international"), stored.seed, stored.seat, loads_moves(stored.moves_json)
    )
    legal = [m.card for m in deal.view().legal_moves if isinstance(m, PlayCard)]
    button(at, f"play_card-{legal[0].iss}").click().run()
    played = loads_moves(play.deal(stored.id).moves_json)
    assert played[stored.move_count] == PlayCard(deal.learner, legal[0])
    if len(legal) > 1:
        button(other, f"play_card-{legal[1].iss}").click().run()
        now = loads_moves(play.deal(stored.id).moves_json)
        assert [m for m in now if isinstance(m, PlayCard) and m.seat == stored.seat].count(
            PlayCard(deal.learner, legal[1])
        ) == 0


def test_ramse_after_everyone_passes(_fast_table: str) -> None:
    at = open_play("en", "danish")
    for _ in range(12):
        actions = play_deal(at, prefer_pass=True)
        play = _stored(_fast_table)
        evening = play.evening(evening_token(at))
        assert evening is not None
        last = play.deals(evening.id)[-1]
        summary = DealSummary.from_json(last.summary_json or "")
        if summary.kind == "ramse":
            assert "Ramse" in texts(at)
            assert any(a in ("play_ramse_0", "two") for a in actions)
            # ISS notation cannot hold a Ramse: no record, no download, and the page says why
            assert last.record is None
            assert "ISS notation has no place for a Ramse, so this deal has no .sgf download." in texts(at)
            assert not any(b.proto.label == "Download the deal (.sgf)" for b in at.get("download_button"))
            return
        button(at, "play_deal").click().run()
    pytest.fail("no all-pass in 12 deals")


def test_a_reload_continues_the_same_deal(_fast_table: str) -> None:
    at = open_play("en", "international")
    _to_card_play(at)
    token = evening_token(at)
    hand = card_keys(at)
    fresh = open_play("en", "international", evening=token)  # a reload: a new session with only the URL
    assert evening_token(fresh) == token
    assert sorted(card_keys(fresh)) == sorted(hand)


def test_another_learners_evening_is_not_opened_by_its_url(_fast_table: str) -> None:
    """A signed-in learner's evening (games and score sheet) does not open for anyone else who has its URL;
    an anonymous evening still continues from its URL (a reload)."""
    from tests.ui.helpers import make_account

    nina = make_account(_fast_table, "Nina")
    play = _stored(_fast_table)
    settings = {"profile_name": "danish", "scheme": "danish_money", "level": "club", "coach": "beginner"}
    play.open_evening("ninasevening1", learner_id=nina, **settings)
    play.open_evening("nobodys1", learner_id=None, **settings)
    stranger = open_play("en", "danish", evening="ninasevening1")
    assert evening_token(stranger) != "ninasevening1"
    again = open_play("en", "danish", evening="nobodys1")
    assert evening_token(again) == "nobodys1"


def test_the_coachs_hint_is_a_legal_move(_fast_table: str) -> None:
    from trainer.evening import coach_suggestion
    from trainer.ui.context import context_from_state
    from trainer.ui.pages.play_result import move_text

    at = open_play("en", "international")
    at.segmented_control(key="play_coach").set_value("advanced").run()
    play = _stored(_fast_table)
    checked = 0
    for _ in range(120):
        if button(at, "play_hint") is not None:
            button(at, "play_hint").click().run()
            evening = play.evening(evening_token(at))
            assert evening is not None and evening.coach == "advanced"
            stored = play.deals(evening.id)[-1]
            profile = get_profile("international")
            deal = TableDeal.rebuild(profile, stored.seed, stored.seat, loads_moves(stored.moves_json))
            view = deal.view()
            hint = coach_suggestion(view).move
            assert hint in view.legal_moves
            ctx = context_from_state({"lang": "en", "rules": "international"})
            assert move_text(hint, view, ctx) in texts(at)
            checked += 1
            if checked >= 3:
                return
        step(at, prefer_pass=False)
        if button(at, "play_deal") is not None and checked:
            return
    assert checked, "no decision with a Hint button came up"


def test_the_review_judges_the_learners_cards(_fast_table: str) -> None:
    at = open_play("en", "international")
    for _ in range(8):
        play_deal(at, prefer_pass=False)
        if button(at, "play_verdicts") is not None:
            button(at, "play_verdicts").click().run()
            assert not at.exception, at.exception
            shown = texts(at)
            assert "Trick " in shown and (
                "✓" in shown or "✗" in shown or "already lost" in shown or "no real choice" in shown
            )
            return
        button(at, "play_deal").click().run()
    pytest.skip("no played game in 8 deals")


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_bid_hints_give_the_models_advice_and_chances(lang: str, _fast_table: str) -> None:
    """In the auction the coach's box gives what to do and each playable game with its chance (the chance
    model), in the page's language."""
    at = open_play(lang, "international")
    at.segmented_control(key="play_coach").set_value("beginner").run()
    advice = "The coach's bid:" if lang == "en" else "Trænerens melding:"
    chance = "wins about" if lang == "en" else "vinder ca."
    for _ in range(60):
        shown = texts(at)
        if advice in shown:
            assert not at.exception, at.exception
            assert chance in shown or ("No game of this hand" if lang == "en" else "Intet spil") in shown
            assert "sampled deals" not in shown and "safe bid" not in shown
            return
        if button(at, "play_deal") is not None:
            button(at, "play_deal").click().run()
            continue
        step(at, prefer_pass=True)
    pytest.fail("the learner never had to bid in 60 steps")
