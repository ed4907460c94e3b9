"""The Play page in AppTest: a whole deal from the deal to the score sheet in each profile and language, an
illegal card refused with the rule, Ramse after a Danish all-pass, the coach's hint is a legal move, the
settlement matches the engine's, and a reload (a new session on the same evening) continues the same deal."""

from __future__ import annotations

import random
import types

import pytest

import trainer.table_session
from tests.play.helpers import last_deal, learner_seat
from tests.ui.helpers import texts
from trainer.profiles import get_profile
from trainer.rules import DealState, Phase, PlayCard
from trainer.rules.settlement import list_settlement
from trainer.scoring import settle
from trainer.store import Store
from trainer.store.play_store import PlayStore

from .driver import button, card_keys, open_play, play_deal, step

pytestmark = pytest.mark.usefixtures("play_db")


def evening_token(at) -> str:  # type: ignore[no-untyped-def]
    value = at.query_params["evening"]
    return value if isinstance(value, str) else value[0]


def _stored(url: str) -> PlayStore:
    return PlayStore(Store(url))


@pytest.mark.parametrize(
    ("lang", "rules"), [("en", "danish"), ("da", "danish"), ("en", "international"), ("da", "international")]
)
def test_a_whole_deal_ends_on_the_score_sheet(lang: str, rules: str, play_db: str) -> None:
    at = open_play(lang, rules)
    play_deal(at, prefer_pass=False)
    assert button(at, "play_deal") is not None  # "Next deal"
    sheet = at.dataframe
    assert len(sheet) == 1
    play = _stored(play_db)
    (evening,) = [play.evening(t) for t in [evening_token(at)]]
    assert evening is not None and evening.profile_name == rules
    (deal,) = play.deals(evening.id)
    assert deal.finished and deal.outcome() == deal.record().replay().outcome()


def test_the_settlement_matches_the_engine(play_db: str) -> None:
    at = open_play("en", "international")
    play_deal(at, prefer_pass=False)
    play = _stored(play_db)
    evening = play.evening(evening_token(at))
    assert evening is not None
    (stored,) = play.deals(evening.id)
    outcome = stored.record().replay().outcome()
    assert outcome is not None and outcome == stored.outcome()
    if outcome.result is not None:
        ours = settle(outcome, "list")
        engine = list_settlement(
            get_profile("international"), outcome.result, kontra=outcome.kontra, re=outcome.re
        )
        assert ours is not None and ours.game is not None and ours.game.declarer == engine.declarer
        assert f"{engine.declarer:+}".replace("-", "−") in texts(at) or str(engine.declarer) in texts(at)


def _to_card_play(at) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        if card_keys(at) and button(at, "play_two") is None:
            return
        step(at, prefer_pass=False)
    raise AssertionError("no card play reached")


def test_an_illegal_card_is_refused_with_the_rule(play_db: str) -> None:
    at = open_play("en", "international")
    for _ in range(30):
        _to_card_play(at)
        play = _stored(play_db)
        stored, state = last_deal(play_db, evening_token(at))
        view = state.view(learner_seat(stored.number))
        legal = {m.card for m in view.legal_moves if isinstance(m, PlayCard)}
        illegal = [c for c in view.hand if c not in legal]
        if illegal:
            button(at, f"play_card-{illegal[0].iss}").click().run()
            assert at.error and "must" in at.error[0].value
            assert play.deal(stored.id).move_count == stored.move_count  # nothing was played
            return
        button(at, f"play_card-{next(iter(legal)).iss}").click().run()
    pytest.skip("no illegal card came up in 30 tries")


def test_a_stale_tab_or_double_click_plays_one_card(play_db: str) -> None:
    """Two sessions drawn from the same state (a second tab, or a second click of an old picture): the
    first click plays, the second changes nothing."""
    at = open_play("en", "international")
    _to_card_play(at)
    token = evening_token(at)
    other = open_play("en", "international", evening=token)
    play = _stored(play_db)
    stored, state = last_deal(play_db, token)
    seat = learner_seat(stored.number)
    legal = [m.card for m in state.view(seat).legal_moves if isinstance(m, PlayCard)]
    button(at, f"play_card-{legal[0].iss}").click().run()
    played = play.deal(stored.id).record().moves[1:]
    assert played[stored.move_count] == PlayCard(seat, legal[0])
    if len(legal) > 1:
        button(other, f"play_card-{legal[1].iss}").click().run()
        now = play.deal(stored.id).record().moves
        assert [m for m in now if isinstance(m, PlayCard)].count(PlayCard(seat, legal[1])) == 0


def test_ramse_after_everyone_passes(play_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The table shuffles with the system's randomness, and with fresh shuffles some runs met no all-pass in 12
    # deals. Here the shuffles come from one fixed stream, so the deals (and the bots' bids, which depend only
    # on the deal) are the same on every run; with the learner passing, this stream's first deal is passed in.
    shuffles = random.Random(0)
    monkeypatch.setattr(
        trainer.table_session,
        "random",
        types.SimpleNamespace(Random=random.Random, SystemRandom=lambda: shuffles),
    )
    at = open_play("en", "danish")
    for _ in range(12):
        actions = play_deal(at, prefer_pass=True)
        play = _stored(play_db)
        evening = play.evening(evening_token(at))
        assert evening is not None
        last = play.deals(evening.id)[-1]
        outcome = last.outcome()
        if outcome is not None and outcome.ramse is not None:
            assert "Ramse" in texts(at)
            assert any(a in ("play_ramse_0", "two") for a in actions)
            # ISS notation cannot hold a Ramse: no record, no download, and the page says why
            assert last.iss is None
            assert "ISS notation has no place for a Ramse, so this deal has no .sgf download." in texts(at)
            assert not any(b.proto.label == "Download the deal (.sgf)" for b in at.get("download_button"))
            return
        button(at, "play_deal").click().run()
    pytest.fail("no all-pass in 12 deals")


def test_a_reload_continues_the_same_deal(play_db: str) -> None:
    at = open_play("en", "international")
    _to_card_play(at)
    token = evening_token(at)
    hand = card_keys(at)
    fresh = open_play("en", "international", evening=token)  # a reload: a new session with only the URL
    assert evening_token(fresh) == token
    assert sorted(card_keys(fresh)) == sorted(hand)


def test_another_learners_evening_is_not_opened_by_its_url(play_db: str) -> None:
    """A signed-in learner's evening (games and score sheet) does not open for anyone else who has its URL;
    an anonymous evening still continues from its URL (a reload)."""
    from tests.ui.helpers import make_account

    nina = make_account(play_db, "Nina")
    play = _stored(play_db)
    settings = {"profile_name": "danish", "scheme": "danish_money", "level": "club", "coach": "beginner"}
    play.open_evening("ninasevening1", learner_id=nina, **settings)
    play.open_evening("nobodys1", learner_id=None, **settings)
    stranger = open_play("en", "danish", evening="ninasevening1")
    assert evening_token(stranger) != "ninasevening1"
    again = open_play("en", "danish", evening="nobodys1")
    assert evening_token(again) == "nobodys1"


def test_the_coachs_hint_is_a_legal_move(play_db: str) -> None:
    from trainer.coach import coach_suggestion
    from trainer.ui.context import context_from_state
    from trainer.ui.pages.play_result import move_text

    at = open_play("en", "international")
    at.segmented_control(key="play_coach_international").set_value("advanced").run()
    play = _stored(play_db)
    checked = 0
    for _ in range(120):
        if button(at, "play_hint") is not None:
            button(at, "play_hint").click().run()
            evening = play.evening(evening_token(at))
            assert evening is not None and evening.coach == "advanced"
            stored, state = last_deal(play_db, evening_token(at))
            view = state.view(learner_seat(stored.number))
            hint = coach_suggestion(view, time_ms=50, nodes=100_000).move
            assert hint in view.legal_moves
            ctx = context_from_state({"lang": "en", "rules": "international"})
            if view.phase in (Phase.AUCTION, Phase.PICKUP):  # the bid hints give the coach's bid
                assert any(m.value.startswith("**The coach's bid:**") for m in at.markdown)
                assert not any(m.value.startswith("**Coach:**") for m in at.markdown)
            else:
                box = [m.value for m in at.markdown if m.value.startswith("**Coach:**")]
                assert box and any(move_text(m, view, ctx) in box[0] for m in view.legal_moves)
            checked += 1
            if checked >= 3:
                return
        step(at, prefer_pass=False)
        if button(at, "play_deal") is not None and checked:
            return
    assert checked, "no decision with a Hint button came up"


def test_the_review_judges_the_learners_cards(play_db: str) -> None:
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


def _table_with_a_deal(url: str) -> tuple[str, int, DealState]:
    """Anna hosts a table, Bo sits at place 1, a computer at place 2; deal 1 is dealt and nobody has moved.
    Returns the table's evening token, the deal's id and the deal's state."""
    from tests.ui.helpers import make_account
    from trainer.store.tables import TablePlay, TableStore

    anna, bo = make_account(url, "Anna"), make_account(url, "Bo")
    store = Store(url)
    tables = TableStore(store)
    table = tables.open_table(
        host_learner_id=anna, host_name="Anna", profile_name="international", scheme="list",
        deals_planned=3, bot_level="beginner", idle_seconds=3600,
    )  # fmt: skip
    tables.join(table.code, learner_id=bo, name="Bo", client="bo")
    tables.fill_with_computer(table.id, 2, by_learner_id=anna)
    now = TablePlay(tables).start_next_deal(table.id, seed=7)
    assert now.stored is not None and now.state is not None
    return f"table{table.code}", now.stored.id, now.state


def _shown_codes(at) -> set[str]:  # type: ignore[no-untyped-def]
    from tests.ui.helpers import html_rows

    return {code for row in html_rows(at) for code in row if code != "back"} | {
        key.rsplit("-", 1)[1] for key in card_keys(at)
    }


@pytest.mark.parametrize("who", [None, "Eve", "Bo", "Anna"])
def test_a_tables_deal_does_not_open_on_the_play_page(who: str | None, play_db: str) -> None:
    """The way it was found: ``/game?evening=table<CODE>`` opened a shared table's deal on the Play page —
    place 0's hand face up, the Play page's computers moving for the seated people, the first visitor made
    the evening's owner. Now a visitor not signed in, an outsider and both seated players get a new
    evening of their own; no card of the table shows and nothing is stored."""
    from tests.ui.helpers import make_account, sign_in_on_account_page
    from trainer.ui.pages.play import EVENING_PARAM

    token, deal_id, state = _table_with_a_deal(play_db)
    if who == "Eve":
        make_account(play_db, "Eve")
    at = open_play("en", "international", evening=token)
    if who is not None:
        sign_in_on_account_page(at, who)
        at.query_params[EVENING_PARAM] = token
        at.switch_page("trainer/ui/pages/play.py").run()
        assert not at.exception, at.exception
    for _ in range(3):  # a few runs: the Play page's computers would move by now
        assert evening_token(at) != token
        assert not _shown_codes(at) & {card.iss for card in state.deal.all_cards}
        at.run()
    play = _stored(play_db)
    assert play.deal(deal_id).move_count == 0 and len(play.deal(deal_id).record().moves) == 1
    table_evening = play.evening(token)
    assert table_evening is not None and table_evening.learner_id is None and table_evening.kind == "table"
    mine = play.evening(evening_token(at))
    assert mine is not None and mine.kind == "play"


def test_a_signed_in_learner_keeps_the_evening_made_in_this_session_only(play_db: str) -> None:
    """Made before signing in, in this browser session: kept (and now the learner's). Someone else's
    ownerless evening opened by its URL after signing in: a new evening, and the other stays ownerless."""
    from tests.ui.helpers import make_account, sign_in_on_account_page
    from trainer.ui.pages.play import EVENING_PARAM

    nina = make_account(play_db, "Nina")
    at = open_play("en", "danish")
    mine = evening_token(at)
    button(at, "play_deal").click().run()
    sign_in_on_account_page(at, "Nina", back_to="trainer/ui/pages/play.py")
    assert evening_token(at) == mine
    play = _stored(play_db)
    assert play.evening(mine).learner_id == nina  # type: ignore[union-attr]

    stranger = open_play("en", "danish")
    theirs = evening_token(stranger)
    at.session_state["play_token_danish"] = None
    at.query_params[EVENING_PARAM] = theirs
    at.switch_page("trainer/ui/pages/play.py").run()
    assert evening_token(at) not in (theirs, mine)
    assert play.evening(theirs).learner_id is None  # type: ignore[union-attr]


def _computers_moment(profile: str, wanted: type, number: int) -> int:
    """A seed whose deal ``number`` at the Play page (opponents at club level, the learner always
    passing, never knocking) brings a computer's ``wanted`` move (a discard, a Ramse pass between the two
    others)."""
    from trainer.rules import Knock40, Pass, Phase
    from trainer.table_session import TableSession, table_game
    from trainer.ui.pages.play import PLACES

    prof = get_profile(profile)
    learner = learner_seat(number)
    for seed in range(400):
        state = table_game(prof).new_deal(seed)
        session = TableSession(table_game(prof), PLACES, level="club", current=state, current_number=number)
        while state.phase is not Phase.FINISHED and state.phase is not Phase.PLAY:
            if state.to_move is learner:
                legal = state.legal_moves()
                quiet = [m for m in legal if isinstance(m, Pass) or (isinstance(m, Knock40) and not m.knock)]
                if not quiet:
                    break  # the learner would have to choose cards: not this seed
                state.apply(quiet[0])
                continue
            move = session.computer_step(time_ms=20).move
            if isinstance(move, wanted) and not set(getattr(move, "cards", ())) & set(
                state.view(learner).hand
            ):
                return seed
    raise AssertionError(f"no {wanted.__name__} by a computer in 400 deals")


@pytest.mark.parametrize(("profile", "kind"), [("international", "Discard"), ("danish", "RamsePass")])
def test_the_computers_reasons_show_no_hidden_card(profile: str, kind: str, play_db: str) -> None:
    """The beginner coach shows each computer's reason. At the moment the issue found — a computer has
    laid away two cards and not yet declared (or passed two cards on in Ramse to the other computer) —
    the page's texts and its session state name no card the learner may not see; the line is there, in
    its public wording."""
    import trainer.rules.game as game
    from tests.tables.test_hidden_cards import _leaks, known
    from trainer.cards import ALL_CARDS
    from trainer.deal import Seat
    from trainer.records.deal_record import DealRecord
    from trainer.table_session import table_game

    wanted = getattr(game, kind)
    # Ramse's passes go forehand → middlehand → rearhand: with the learner in rearhand, the first one is
    # between the two computers
    number = next(n for n in (1, 2, 3) if learner_seat(n) is Seat.REARHAND)
    seed = _computers_moment(profile, wanted, number)
    play = _stored(play_db)
    evening = play.open_evening(
        "reasons1", learner_id=None, profile_name=profile, scheme="list", level="club", coach="beginner"
    )
    stored = play.start_deal(
        evening.id, number, DealRecord.of(table_game(get_profile(profile)).new_deal(seed))
    )
    at = open_play("en", profile, evening="reasons1")
    public = "Lays away two cards." if kind == "Discard" else "Passes on two cards."
    moments = 0
    for _ in range(60):
        state = play.deal(stored.id).record().replay()
        learner = learner_seat(number)
        hidden = set(ALL_CARDS) - known(state, learner)
        assert not _leaks(at, hidden, "en"), _leaks(at, hidden, "en")
        last = state.history[-1] if state.moves_made else None
        if isinstance(last, wanted) and last.seat is not learner and set(last.cards) & hidden:
            moments += 1
            assert public in texts(at)
        if state.phase in (game.Phase.PLAY, game.Phase.FINISHED):
            break
        for key in ("play_pass", "play_knock_0"):
            if button(at, key) is not None:
                button(at, key).click().run()
                break
        else:
            at.run()
        assert not at.exception, at.exception
    assert moments, "the moment was not reached"


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_bid_hints_give_the_models_advice_and_chances(lang: str, play_db: str) -> None:
    """In the auction the coach's box gives what to do and each playable game with its chance (the chance
    model), in the page's language."""
    at = open_play(lang, "international")
    at.segmented_control(key="play_coach_international").set_value("beginner").run()
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
