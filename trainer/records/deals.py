"""Example deals (``exercises/deals/*.yaml``): read one file into typed values and check it with the engine.

An example deal is a whole game as a teacher would lay it out: the rule profile, the four packets of the
deal, the auction (with an optional plan per player saying what game they bid on), the declaration with the
discards, the tricks in order with notes per trick and per card in English and Danish, and the result the
author expects. Loading replays all of it through the engine: the 32 cards are distinct, every bid is legal,
the declaration is allowed and can reach the bid, every card follows the rules (all of it moves of one
:class:`~trainer.rules.game.DealState`) and the recorded result equals the engine's.
Anything wrong is a :class:`~trainer.errors.RecordError` naming the file and the place. A deal also states
its :class:`Claim`, what perfect play with open cards brings; loading checks its form and the tests solve it
with the open-hand solver. The format is described in ``exercises/deals/README.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from trainer.cards import PLAYING_SEATS, TOTAL_CARD_POINTS, Card, parse_card, parse_cards
from trainer.deal import Deal, Seat
from trainer.errors import N_, IllegalCardError, RecordError, SkatError
from trainer.games import Declaration, GameType
from trainer.moves import Bid, Hold, Pass
from trainer.profiles import RuleProfile, get_profile
from trainer.rules import DealState, Phase, SkatGame, game
from trainer.rules.bidding import Action, AuctionEvent, hand_value, next_bid
from trainer.rules.value import GameResult

DEALS_DIR = Path(__file__).resolve().parents[2] / "exercises" / "deals"
"""Where the example deals live (one YAML file per deal)."""

LANGS = ("en", "da")
"""Every note is written in these languages."""

_SEAT_WORDS: dict[str, Seat] = {
    "forehand": Seat.FOREHAND,
    "middlehand": Seat.MIDDLEHAND,
    "rearhand": Seat.REARHAND,
    "dealer": Seat.REARHAND,
    "forhånd": Seat.FOREHAND,
    "mellemhånd": Seat.MIDDLEHAND,
    "baghånd": Seat.REARHAND,
    "0": Seat.FOREHAND,
    "1": Seat.MIDDLEHAND,
    "2": Seat.REARHAND,
}
_ACTION_WORDS: dict[str, Action] = {
    "pass": "pass",
    "p": "pass",
    "pas": "pass",
    "hold": "hold",
    "yes": "hold",
    "y": "hold",
    "ja": "hold",
}
_GAME_WORDS: dict[str, GameType] = {
    **{game.value: game for game in GameType},
    "klør": GameType.CLUBS,
    "spar": GameType.SPADES,
    "hjerter": GameType.HEARTS,
    "ruder": GameType.DIAMONDS,
    "nul": GameType.NULL,
}
_RESULT_FIELDS = (
    "won",
    "value",
    "list_score",
    "declarer_points",
    "declarer_tricks",
    "schneider",
    "schwarz",
    "overbid",
)


# --- value types ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Note:
    """A teaching note in every language of :data:`LANGS`."""

    en: str
    da: str

    def text(self, lang: str) -> str:
        """The note in ``lang`` (English for an unknown language)."""
        return self.da if lang == "da" else self.en


@dataclass(frozen=True)
class BidStep:
    """One thing said in the auction (as the auction keeps it: the engine's move and the value said or
    held), with an optional note on why."""

    event: AuctionEvent
    note: Note | None = None

    @property
    def seat(self) -> Seat:
        return self.event.seat

    @property
    def action(self) -> Action:
        return self.event.action

    @property
    def value(self) -> int | None:
        return self.event.value

    @property
    def move(self) -> Bid | Hold | Pass:
        return self.event.move()


@dataclass(frozen=True)
class Plan:
    """What a player bids on: the game they have in mind and what it is worth with their ten cards
    (the skat unseen). Their bids and holds stay within ``value``; they pass when the next bid is above it."""

    seat: Seat
    declaration: Declaration
    value: int
    note: Note | None = None


@dataclass(frozen=True)
class TrickRecord:
    """One recorded trick: the three cards in play order (the leader first), a note on the trick and
    notes on single cards."""

    cards: tuple[Card, ...]
    note: Note | None = None
    card_notes: Mapping[Card, Note] = field(default_factory=dict)


@dataclass(frozen=True)
class Claim:
    """What a deal's notes say perfect play brings, written so the open-hand solver can confirm it
    (``tests/deals`` does; loading only checks the form, since solving takes time).

    Every value assumes all cards open and perfect play by all three from the first lead on, after the
    recorded discard and declaration. For a suit game or grand a value is the declarer's card points, skat
    included; for a null game it is True when the declarer avoids every trick.
    """

    best: int | bool | None = None
    """The position's value: what the declarer gets when everybody plays perfectly."""
    first_leads: Mapping[Card, int | bool] = field(default_factory=dict)
    """The value after each of these first cards (forehand's)."""
    other_leads: int | bool | None = None
    """The value after every other legal first card (``others:`` under ``first_leads``)."""
    discards: Mapping[tuple[Card, Card], int | bool] = field(default_factory=dict)
    """The value of the same game after another discard."""
    no_way_out: bool = False
    """A thrown deal: whichever two cards are laid away, no suit game or grand reaches 61 and no null game
    avoids every trick, so no game can reach the bid and throwing before the first lead is best."""


@dataclass(frozen=True)
class ExampleDeal:
    """A validated example deal. ``result`` is the engine's scoring of the recorded play (it equals the
    result written in the file, or loading would have failed)."""

    id: str
    source: str
    profile: RuleProfile
    chapters: tuple[str, ...]
    title: Note
    summary: Note | None
    deal: Deal
    bidding: tuple[BidStep, ...]
    plans: tuple[Plan, ...]
    declarer: Seat
    bid: int
    declaration: Declaration
    discards: tuple[Card, ...]
    matadors: int
    tricks: tuple[TrickRecord, ...]
    thrown: bool
    result: GameResult
    declaration_note: Note | None = None
    claim: Claim | None = None

    @property
    def moves(self) -> tuple[Card, ...]:
        """Every recorded card in play order."""
        return tuple(card for trick in self.tricks for card in trick.cards)

    def deal_state(self) -> DealState:
        """The whole-deal state right after the declaration (the contract: declarer, bid, discards)."""
        return SkatGame(self.profile).with_contract(
            self.deal, self.declarer, self.declaration, bid=self.bid, discards=self.discards
        )

    def auction(self, upto: int | None = None) -> DealState:
        """The auction after the first ``upto`` steps (all of them when None), as an auction-only deal
        (:meth:`~trainer.rules.game.SkatGame.auction`): who is to speak and what they may say."""
        steps = self.bidding if upto is None else self.bidding[:upto]
        return SkatGame(self.profile).auction(step.move for step in steps)

    def plan_of(self, seat: Seat) -> Plan | None:
        for plan in self.plans:
            if plan.seat is seat:
                return plan
        return None

    def card_note(self, index: int) -> Note | None:
        """The note on the ``index``-th card played (0-based), if any."""
        trick = self.tricks[index // PLAYING_SEATS] if index // PLAYING_SEATS < len(self.tricks) else None
        if trick is None or index % PLAYING_SEATS >= len(trick.cards):
            return None
        return trick.card_notes.get(trick.cards[index % PLAYING_SEATS])


# --- reading ----------------------------------------------------------------------------------------------


def load_deal(path: str | Path) -> ExampleDeal:
    """Read and validate one example-deal file."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise RecordError(f"{path.name}: the file cannot be read as YAML ({error}).") from error
    return parse_deal(data, source=path.name, default_id=path.stem)


def deal_files(directory: str | Path = DEALS_DIR) -> list[Path]:
    """The example-deal files of a folder, sorted by name."""
    return sorted(Path(directory).glob("*.yaml"))


def load_all(directory: str | Path = DEALS_DIR) -> list[ExampleDeal]:
    """Every example deal in a folder (sorted by file name); the first broken file raises."""
    return [load_deal(path) for path in deal_files(directory)]


def parse_deal(data: Any, *, source: str = "<deal>", default_id: str = "") -> ExampleDeal:
    """Validate the parsed YAML of one deal; raises :class:`RecordError` naming ``source`` and the place."""
    try:
        return _Reader(source).read(data, default_id)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
    except SkatError as error:
        raise RecordError(f"{source}: {error}") from error


def parse_declaration_words(text: str) -> Declaration:
    """A declaration written in words: ``clubs``, ``spades hand``, ``grand ouvert hand``, ``null ouvert``,
    ``null ouvert hand``, ``hearts musik 1``, ``grand hand schneider``; Danish ``nul-ouvert``/``dækker``."""
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    if words and words[0] in ("nul-ouvert", "dækker"):
        return Declaration(GameType.NULL, ouvert=True, hand=words[0] == "dækker")
    if not words or words[0] not in _GAME_WORDS:
        raise RecordError(
            f"'{text}' does not start with a game (clubs, spades, hearts, diamonds, grand, null)."
        )
    flags = {"hand": False, "ouvert": False, "schneider": False, "schwarz": False}
    musik = 0
    rest = words[1:]
    i = 0
    while i < len(rest):
        word = rest[i]
        if word == "musik" and i + 1 < len(rest) and rest[i + 1].isdigit():
            musik = int(rest[i + 1])
            i += 2
            continue
        if word in ("announced",):
            i += 1
            continue
        key = {"open": "ouvert", "på": "ouvert", "bordet": "ouvert"}.get(word, word)
        if key not in flags:
            raise RecordError(
                f"'{word}' in '{text}' is not a level (hand, ouvert, schneider, schwarz, musik N)."
            )
        flags[key] = True
        i += 1
    return Declaration(
        _GAME_WORDS[words[0]],
        hand=flags["hand"],
        ouvert=flags["ouvert"],
        schneider_announced=flags["schneider"],
        schwarz_announced=flags["schwarz"],
        musik=musik,
    )


@contextmanager
def _reading(where: str) -> Iterator[None]:
    """A rule's refusal while reading ``where`` becomes a :class:`RecordError` that names the place."""
    try:
        yield
    except SkatError as error:
        raise RecordError(f"{where}: {error}") from None


class _Reader:
    """Reads one deal, keeping the place for error messages."""

    def __init__(self, source: str) -> None:
        self.source = source

    # -- small field readers --------------------------------------------------------------------------------
    @staticmethod
    def mapping(value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise RecordError(f"{where} must be a mapping (key: value lines).")
        return value

    def note(self, value: Any, where: str) -> Note | None:
        if value is None:
            return None
        data = self.mapping(value, where)
        missing = [lang for lang in LANGS if not isinstance(data.get(lang), str) or not data[lang].strip()]
        if missing:
            raise RecordError(f"{where} needs a text in every language; missing: {', '.join(missing)}.")
        unknown = set(data) - set(LANGS)
        if unknown:
            raise RecordError(f"{where} has unknown languages: {', '.join(sorted(unknown))}.")
        return Note(en=" ".join(data["en"].split()), da=" ".join(data["da"].split()))

    @staticmethod
    def seat(value: Any, where: str) -> Seat:
        seat = _SEAT_WORDS.get(str(value).strip().lower())
        if seat is None:
            raise RecordError(f"{where}: '{value}' is not a seat (forehand, middlehand, rearhand).")
        return seat

    @staticmethod
    def cards(value: Any, where: str, count: int | None = None) -> tuple[Card, ...]:
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        if not isinstance(value, str):
            raise RecordError(f"{where} must be a list of cards.")
        with _reading(where):
            return parse_cards(value, count=count)

    # -- the whole deal --------------------------------------------------------------------------------------
    def read(self, data: Any, default_id: str) -> ExampleDeal:
        top = self.mapping(data, "The file")
        known = {
            "id",
            "profile",
            "chapters",
            "title",
            "summary",
            "deal",
            "bidding",
            "plans",
            "declaration",
            "play",
            "thrown",
            "result",
            "claim",
        }
        unknown = set(top) - known
        if unknown:
            raise RecordError(f"unknown fields: {', '.join(sorted(unknown))}.")
        deal_id = str(top.get("id") or default_id)
        with _reading("profile"):
            profile = get_profile(str(top.get("profile", "")))
        chapters = top.get("chapters") or []
        if not isinstance(chapters, list) or not all(isinstance(c, str) for c in chapters):
            raise RecordError("chapters must be a list of chapter slugs such as 07-bidding.")
        title = self.note(top.get("title"), "title")
        if title is None:
            raise RecordError("title is missing (en and da).")
        summary = self.note(top.get("summary"), "summary")
        deal = self.read_deal(top.get("deal"))
        state = SkatGame(profile).new_deal(deal=deal)
        bidding = self.read_bidding(state, top.get("bidding"))
        plans = self.read_plans(profile, deal, top.get("plans"), bidding)
        declarer = state.declarer
        if declarer is None:
            raise RecordError("bidding: everyone passed; an example deal needs a declarer.")
        bid = state.bid
        assert bid is not None
        declaration, discards, declaration_note = self.read_declaration(
            profile, declarer, top.get("declaration")
        )
        self.declare(state, declarer, declaration, discards)
        declaration = state.declaration or declaration
        count = state.matadors
        assert count is not None
        thrown = bool(top.get("thrown", False))
        tricks = self.read_play(state, top.get("play"), thrown)
        result = state.score(thrown=thrown)
        self.check_result(top.get("result"), result)
        claim = self.read_claim(top.get("claim"), deal, declarer, declaration, thrown)
        return ExampleDeal(
            id=deal_id,
            source=self.source,
            profile=profile,
            chapters=tuple(chapters),
            title=title,
            summary=summary,
            deal=deal,
            bidding=bidding,
            plans=plans,
            declarer=declarer,
            bid=bid,
            declaration=declaration,
            discards=discards,
            matadors=count,
            tricks=tricks,
            thrown=thrown,
            result=result,
            declaration_note=declaration_note,
            claim=claim,
        )

    def read_deal(self, value: Any) -> Deal:
        data = self.mapping(value, "deal")
        hands = tuple(self.cards(data.get(seat.english), f"deal.{seat.english}", 10) for seat in Seat)
        skat = self.cards(data.get("skat"), "deal.skat", 2)
        with _reading("deal"):
            return Deal(hands=(hands[0], hands[1], hands[2]), skat=(skat[0], skat[1]))

    def read_bidding(self, state: DealState, value: Any) -> tuple[BidStep, ...]:
        if not isinstance(value, list) or not value:
            raise RecordError("bidding must be a list such as ['middlehand 18', 'forehand yes', ...].")
        steps: list[BidStep] = []
        for number, entry in enumerate(value, start=1):
            where = f"bidding step {number}"
            note = None
            if isinstance(entry, Mapping):
                note = self.note(entry.get("note"), f"{where} note")
                entry = entry.get("say")
            words = str(entry).split()
            if len(words) != 2:
                raise RecordError(
                    f"{where}: write '<seat> <bid>', '<seat> yes' or '<seat> pass', not '{entry}'."
                )
            seat = self.seat(words[0], where)
            move: Bid | Hold | Pass
            if words[1].isascii() and words[1].isdigit():
                move = Bid(seat, int(words[1]))
            elif words[1].lower() in _ACTION_WORDS:
                move = Hold(seat) if _ACTION_WORDS[words[1].lower()] == "hold" else Pass(seat)
            else:
                raise RecordError(f"{where}: '{words[1]}' is not a bid, 'yes' or 'pass'.")
            said = len(state.view(seat).auction)
            with _reading(f"{where} ('{entry}')"):
                state.apply(move)
            steps.append(BidStep(state.view(seat).auction[said], note))
        if state.phase is Phase.AUCTION:
            raise RecordError("bidding: the auction is not finished; someone still has to bid, hold or pass.")
        return tuple(steps)

    def read_plans(
        self, profile: RuleProfile, deal: Deal, value: Any, bidding: Sequence[BidStep]
    ) -> tuple[Plan, ...]:
        if value is None:
            return ()
        data = self.mapping(value, "plans")
        plans: list[Plan] = []
        for key, entry in data.items():
            where = f"plans.{key}"
            seat = self.seat(key, where)
            item = self.mapping(entry, where) if isinstance(entry, Mapping) else {"game": entry}
            with _reading(where):
                declaration = profile.check_declaration(parse_declaration_words(str(item.get("game", ""))))
            worth = hand_value(profile, deal.hand(seat), declaration).value
            plans.append(Plan(seat, declaration, worth, self.note(item.get("note"), f"{where}.note")))
            self.check_plan(profile, seat, worth, bidding, where)
        return tuple(sorted(plans, key=lambda p: int(p.seat)))

    @staticmethod
    def check_plan(
        profile: RuleProfile, seat: Seat, worth: int, bidding: Sequence[BidStep], where: str
    ) -> None:
        """A player bids and holds only up to the plan's value, and passes only when the next bid is
        above it."""
        current: int | None = None
        for step in bidding:
            if (
                step.seat is seat
                and step.action in ("bid", "hold")
                and step.value is not None
                and step.value > worth
            ):
                raise RecordError(f"{where}: {seat.english} says {step.value}, more than the plan's {worth}.")
            if step.seat is seat and step.action == "pass" and current is not None:
                facing = current
                if facing <= worth and next_bid(profile, facing) <= worth:
                    raise RecordError(
                        f"{where}: {seat.english} passes at {facing} although the plan is worth {worth}."
                    )
            if step.action == "bid":
                current = step.value

    def read_declaration(
        self, profile: RuleProfile, declarer: Seat, value: Any
    ) -> tuple[Declaration, tuple[Card, ...], Note | None]:
        data = self.mapping(value, "declaration")
        if "declarer" in data and self.seat(data["declarer"], "declaration.declarer") is not declarer:
            raise RecordError(
                f"declaration.declarer: the auction was won by {declarer.english}, not {data['declarer']}."
            )
        with _reading("declaration.game"):
            declaration = profile.check_declaration(parse_declaration_words(str(data.get("game", ""))))
        discards: tuple[Card, ...] = ()
        if declaration.hand:
            if data.get("discard"):
                raise RecordError(
                    "declaration.discard: a hand game keeps the skat face down; nothing is discarded."
                )
        else:
            discards = self.cards(data.get("discard"), "declaration.discard", 2)
        return declaration, discards, self.note(data.get("note"), "declaration.note")

    @staticmethod
    def declare(
        state: DealState, declarer: Seat, declaration: Declaration, discards: tuple[Card, ...]
    ) -> None:
        """Pick up, discard and declare in the deal state (checked there: the discards, the profile, the
        bid — a hand game on its ten cards)."""
        with _reading("declaration.discard"):
            if not declaration.hand:
                state.apply(game.PickUp(declarer))
                state.apply(game.Discard(declarer, discards))
        with _reading("declaration"):
            state.apply(game.Declare(declarer, declaration))

    def read_play(self, state: DealState, value: Any, thrown: bool) -> tuple[TrickRecord, ...]:
        if value is None:
            value = []
        if not isinstance(value, list):
            raise RecordError("play must be a list of tricks.")
        tricks: list[TrickRecord] = []
        for number, entry in enumerate(value, start=1):
            where = f"play, trick {number}"
            if state.phase is Phase.FINISHED:
                raise RecordError(f"{where}: the game is already over.")
            item = self.mapping(entry, where) if isinstance(entry, Mapping) else {"cards": entry}
            cards = self.cards(item.get("cards"), f"{where} cards")
            if len(cards) != 3 and number != len(value):
                raise RecordError(f"{where}: a trick has three cards.")
            for position, card in enumerate(cards, start=1):
                seat = state.to_move
                try:
                    if seat is None:
                        raise IllegalCardError.of(N_("The game is over; no more cards are played."))
                    state.apply(game.PlayCard(seat, card))
                except SkatError as error:
                    who = seat.english if seat is not None else "nobody"
                    raise RecordError(f"{where}, card {position} ({card.symbol} by {who}): {error}") from None
            card_notes: dict[Card, Note] = {}
            raw_notes = item.get("card_notes") or {}
            for key, text in self.mapping(raw_notes, f"{where} card_notes").items():
                with _reading(f"{where} card_notes"):
                    card = parse_card(str(key))
                if card not in cards:
                    raise RecordError(f"{where} card_notes: {card.symbol} is not played in this trick.")
                note = self.note(text, f"{where} card_notes {card.symbol}")
                assert note is not None
                card_notes[card] = note
            tricks.append(TrickRecord(cards, self.note(item.get("note"), f"{where} note"), card_notes))
        if state.phase is not Phase.FINISHED and not thrown:
            played = len(state.cards_played)
            raise RecordError(
                f"play: the game stops after {played} cards; play it to the end or mark it 'thrown'."
            )
        return tuple(tricks)

    def read_claim(
        self, value: Any, deal: Deal, declarer: Seat, declaration: Declaration, thrown: bool
    ) -> Claim | None:
        """The ``claim:`` mapping: its form only (values of the right kind, cards that can be played or laid
        away); whether the solver agrees is for the tests."""
        if value is None:
            return None
        data = self.mapping(value, "claim")
        unknown = set(data) - {"best", "first_leads", "discards", "no_way_out"}
        if unknown:
            raise RecordError(f"claim has unknown fields: {', '.join(sorted(unknown))}.")
        null = declaration.game.is_null

        def outcome(raw: Any, where: str) -> int | bool:
            if null:
                if raw not in ("won", "lost"):
                    raise RecordError(f"{where}: a null game's value is 'won' or 'lost', not {raw!r}.")
                return bool(raw == "won")
            if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= TOTAL_CARD_POINTS:
                raise RecordError(
                    f"{where}: the declarer's card points (0 to {TOTAL_CARD_POINTS}), not {raw!r}."
                )
            return raw

        best = outcome(data["best"], "claim.best") if "best" in data else None
        leads: dict[Card, int | bool] = {}
        others: int | bool | None = None
        first = deal.hand(Seat.FOREHAND)
        for key, raw in self.mapping(data.get("first_leads") or {}, "claim.first_leads").items():
            where = f"claim.first_leads {key}"
            if str(key) == "others":
                others = outcome(raw, where)
                continue
            with _reading(where):
                card = parse_card(str(key))
            if card not in first:
                raise RecordError(f"{where}: forehand leads the first trick and does not hold {card.symbol}.")
            leads[card] = outcome(raw, where)
        discards: dict[tuple[Card, Card], int | bool] = {}
        twelve = (*deal.hand(declarer), *deal.skat)
        for key, raw in self.mapping(data.get("discards") or {}, "claim.discards").items():
            where = f"claim.discards {key}"
            if declaration.hand:
                raise RecordError(f"{where}: a hand game lays nothing away.")
            pair = self.cards(str(key), where, 2)
            if any(card not in twelve for card in pair) or pair[0] == pair[1]:
                raise RecordError(f"{where}: two different cards of the declarer's hand and the skat.")
            discards[(pair[0], pair[1])] = outcome(raw, where)
        no_way_out = data.get("no_way_out", False)
        if not isinstance(no_way_out, bool):
            raise RecordError("claim.no_way_out is true or false.")
        if no_way_out and not thrown:
            raise RecordError("claim.no_way_out belongs to a deal whose cards are thrown ('thrown: true').")
        return Claim(best, leads, others, discards, no_way_out)

    def check_result(self, value: Any, result: GameResult) -> None:
        data = self.mapping(value, "result")
        for name in ("won", "value"):
            if name not in data:
                raise RecordError(f"result.{name} is missing.")
        unknown = set(data) - set(_RESULT_FIELDS)
        if unknown:
            raise RecordError(f"result has unknown fields: {', '.join(sorted(unknown))}.")
        for name in _RESULT_FIELDS:
            if name in data and data[name] != getattr(result, name):
                raise RecordError(
                    f"result.{name} is {data[name]!r} in the file, "
                    f"but the engine finds {getattr(result, name)!r}."
                )
