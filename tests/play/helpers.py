"""Reading the Play page's deals back from the store in tests: the last deal's row and its replayed state,
the learner's seat in it, and whole deals played with the coach."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from trainer.bots import choose
from trainer.coach import coach_suggestion
from trainer.deal import Seat
from trainer.profiles import RuleProfile
from trainer.records.deal_record import DealRecord
from trainer.records.iss import iss_line
from trainer.rules import DealState, Phase
from trainer.store import Store
from trainer.store.play_store import PlayStore, StoredDeal
from trainer.table_session import seat_of_place, table_game


def last_deal(url: str, token: str) -> tuple[StoredDeal, DealState]:
    """The evening's last deal row and the deal replayed from its record."""
    play = PlayStore(Store(url))
    evening = play.evening(token)
    assert evening is not None
    stored = play.deals(evening.id)[-1]
    return stored, stored.record().replay()


def learner_seat(number: int) -> Seat:
    """The Play page's learner sits at place 0: the seat it plays in deal ``number``."""
    return seat_of_place(0, number)


def coached_deal(profile: RuleProfile, seed: int, learner: Seat, level: str = "beginner") -> DealState:
    """One whole deal: ``learner``'s moves are the coach's suggestions, the others play at ``level``."""
    state = table_game(profile).new_deal(seed)
    rng = random.Random(seed)
    while state.phase is not Phase.FINISHED:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat is learner:
            state.apply(coach_suggestion(view, time_ms=50, nodes=100_000).move)
        else:
            state.apply(choose(view, level, rng=rng, time_ms=20).move)
    return state


REVIEW_DEALS = Path(__file__).with_name("data") / "review_deals.json"
"""Four finished international deals (learner as rearhand: a won clubs, a defence, a costly and a hopeless
clubs), recorded once as deal records so the review tests do not depend on how the bots play today."""


@dataclass(frozen=True)
class Finished:
    """A finished deal and the seat the learner played."""

    state: DealState
    learner: Seat


def review_deal(name: str) -> Finished:
    data = json.loads(REVIEW_DEALS.read_text(encoding="utf-8"))[name]
    return Finished(DealRecord.from_data(data["record"]).replay(), Seat(data["learner_seat"]))


def store_finished(url: str, token: str, deal: Finished, *, coach: str = "advanced") -> StoredDeal:
    """An evening whose deal (numbered so that the Play page's learner, at place 0, played ``deal.learner``)
    is the finished ``deal``."""
    play = PlayStore(Store(url))
    settings = {
        "profile_name": deal.state.profile.name,
        "scheme": "list",
        "level": "beginner",
        "coach": coach,
    }
    evening = play.open_evening(token, learner_id=None, **settings)
    number = next(n for n in range(1, 4) if seat_of_place(0, n) is deal.learner)
    stored = play.start_deal(evening.id, number, DealRecord(deal.state.skat_game, deal.state.history[:1]))
    assert play.save_deal(stored.id, deal.state, seen=0, iss=iss_line(deal.state))
    return play.deal(stored.id)


def store_state(
    url: str,
    token: str,
    state: DealState,
    learner: Seat,
    *,
    coach: str = "beginner",
    scheme: str = "list",
    learner_id: int | None = None,
) -> StoredDeal:
    """An evening whose current deal is ``state`` (in progress or over), numbered so that the Play page's
    learner, at place 0, plays ``learner``."""
    play = PlayStore(Store(url))
    evening = play.open_evening(
        token,
        learner_id=learner_id,
        profile_name=state.profile.name,
        scheme=scheme,
        level="beginner",
        coach=coach,
    )
    number = next(n for n in range(1, 4) if seat_of_place(0, n) is learner)
    stored = play.start_deal(evening.id, number, DealRecord(state.skat_game, state.history[:1]))
    if state.moves_made:
        iss = iss_line(state) if state.outcome() is not None else None
        assert play.save_deal(stored.id, state, seen=0, iss=iss)
    return play.deal(stored.id)
