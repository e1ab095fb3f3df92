"""The course of the game (RG-1 … RG-6) as pure functions over ``State``.

One phase at a time (``model.Phase``): the set-up draws, the deal, the place cards, the secret
predictions, the starting chips, then Move Rounds (play, secret vote, tie, payments, cover) until a
vote in which every player used one tile, then the Scoring Round and the Prediction Round
(``scoring``), the next rules, and the next round. ``legal_actions`` lists actions in this canonical
order: cards in deck order (each without, then with standing up); votes Ja before Nein, tiles
ascending; adopt before reject; speaker sets by size, then by seats; "nobody" before seats; chips
in colour order (white, purple, yellow, green); slots ascending; rule cards in deck order;
predictions ascending, each with the colours in colour order.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from stammtisch.core.chance import ChanceNode
from stammtisch.core.protocol import Chance, Decision, Finished, Turn
from stammtisch.core.text import Text
from stammtisch.games.regeln import confirmation, effects, scoring, unknown_hands
from stammtisch.games.regeln.chance import UniformDraw
from stammtisch.games.regeln.mats import place, slots, with_slots
from stammtisch.games.regeln.model import (
    CHIPS_THREE_PLAYERS,
    COLOURS,
    HAND_SIZE,
    HAND_TYPES,
    START_CHIPS,
    TILES,
    Action,
    CardOutcome,
    Chips,
    ChooseRule,
    Config,
    Confirm,
    Cover,
    Decide,
    Deck,
    Object,
    Outcome,
    PayChip,
    PlaceOutcome,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    State,
    TakeChip,
    Transfer,
    Vote,
    VoteRecord,
    replace,
)

TAKE: tuple[TakeChip, ...] = tuple(TakeChip(c) for c in COLOURS)
PAY: tuple[PayChip, ...] = tuple(PayChip(c) for c in COLOURS)
#: The chips one may take (pay) by which colours are there: index bit i set when colour i is (canonical
#: colour order; built once, a payment step asks at every chip).
TAKE_BY_MASK: tuple[tuple[TakeChip, ...], ...] = tuple(
    tuple(TAKE[i] for i in range(4) if mask >> i & 1) for mask in range(16)
)
PAY_BY_MASK: tuple[tuple[PayChip, ...], ...] = tuple(
    tuple(PAY[i] for i in range(4) if mask >> i & 1) for mask in range(16)
)
#: RG-R01: the votes of a seat with ``stock`` tiles (Ja 1…stock, then Nein 1…stock), by stock.
VOTES_BY_STOCK: tuple[tuple[Vote, ...], ...] = tuple(
    tuple(Vote(yes, k) for yes in (True, False) for k in range(1, stock + 1)) for stock in range(5)
)


def _mask(counts: tuple[int, int, int, int]) -> int:
    return (counts[0] > 0) | (counts[1] > 0) << 1 | (counts[2] > 0) << 2 | (counts[3] > 0) << 3


# --- set-up (RG-1) ------------------------------------------------------------------------------


def new_game(config: Config, deck: Deck, seats: int) -> State:
    """RG-1: the mats, the pool, 4 tiles each, the start Wertung and Prognose face up (RG-1.5, RG-1.6);
    the face-up cards, the deal and the place cards follow as chance events."""
    per_colour = CHIPS_THREE_PLAYERS if seats == 3 else config.chips_per_colour_full
    wertung = next(card.id for card in deck.cards if card.type == "wertung" and card.start)
    prognose = next(card.id for card in deck.cards if card.type == "prognose" and card.start)
    return State(
        config=config,
        deck=deck,
        seats=seats,
        phase="setup_table",
        round=1,
        hands=((),) * seats,
        korrektur=(None, None),
        abstimm=(None, None),
        ereignis=(None, None),
        wertung=wertung,
        prognose=prognose,
        wertung_unused=tuple(c for c in deck.of_type("wertung") if c != wertung),
        prognose_unused=tuple(c for c in deck.of_type("prognose") if c != prognose),
        votes=(None,) * seats,
        tiles=(TILES,) * seats,
        used_tiles=(0,) * seats,
        chips=((0, 0, 0, 0),) * seats,
        pool=(per_colour,) * 4,
        total_chips=per_colour,
        predictions=(None,) * seats,
        places=(None,) * seats,
        ranking=(None,) * seats,
        scores=(0,) * seats,
    )


_SLOT_ORDER = (("korrektur", 0), ("korrektur", 1), ("abstimm", 0), ("abstimm", 1), ("ereignis", 0), ("ereignis", 1))
_TYPE_NAMES = {
    "korrektur": Text("Korrektur", "Korrektur"),
    "abstimm": Text("Abstimm", "Abstimm"),
    "ereignis": Text("Ereignis", "Ereignis"),
}


def open_slot(state: State) -> tuple[str, int] | None:
    """The next face-up space to fill at set-up (RG-1.7), or ``None``."""
    for card_type, slot in _SLOT_ORDER:
        if slots(state, card_type)[slot] is None:
            return card_type, slot
    return None


def stack(state: State, card_type: str) -> tuple[str, ...]:
    """RG-1.7: the shuffled stack of one type at set-up (cards not face up and not returned: RG-R08)."""
    shown = set(slots(state, card_type)) | set(state.setup_returned)
    return tuple(c for c in state.deck.of_type(card_type) if c not in shown)


def undealt(state: State) -> tuple[str, ...]:
    """RG-1.9: the cards still to deal (every hand-type card not face up and not in a hand)."""
    taken = {c for card_type in HAND_TYPES for c in slots(state, card_type)}
    for hand in state.hands:
        taken.update(hand)
    return tuple(c for card_type in HAND_TYPES for c in state.deck.of_type(card_type) if c not in taken)


def deal_seat(state: State) -> int:
    """The seat the next card goes to: round the table from seat 1."""
    sizes = [len(hand) for hand in state.hands]
    return sizes.index(min(sizes))


#: ``CardOutcome(card)``, one value per card id (outcomes are immutable; built once, not per node).
_OUTCOME = cache(CardOutcome)


def _card_node(choices: tuple[str, ...], label: Text, seat: int | None = None) -> ChanceNode:
    return ChanceNode(UniformDraw(tuple(_OUTCOME(c) for c in choices)), label, seat)


#: The last chance node built, with its state. A chance event is asked for twice (``turn`` to draw it,
#: then ``resolve``'s check of the outcome), and building the node lists the cards still to deal; states
#: are immutable values, so the node of the very same state object is the same node. One entry, held
#: with its state (so the identity cannot be reused); a lost race only builds a node twice.
_last_node: tuple[State | None, ChanceNode | None] = (None, None)


def chance_node(state: State) -> ChanceNode:
    """The chance event the state waits for (set-up draws, the deal, place cards)."""
    global _last_node
    held, node = _last_node
    if held is state and node is not None:
        return node
    node = _chance_node(state)
    _last_node = (state, node)
    return node


def _chance_node(state: State) -> ChanceNode:
    if state.phase == "setup_table":
        opened = open_slot(state)
        assert opened is not None
        card_type, slot = opened
        name = _TYPE_NAMES[card_type]
        return _card_node(
            stack(state, card_type),
            Text(f"{name.de}-Karte für Feld {slot + 1}", f"{name.en} card for space {slot + 1}"),
        )
    if state.phase == "setup_deal":
        seat = deal_seat(state)
        return _card_node(undealt(state), Text(f"Karte für Platz {seat + 1}", f"card dealt to seat {seat + 1}"), seat)
    seat, contested = scoring.next_draw(state)
    outcomes = tuple(PlaceOutcome(p) for p in contested)
    return ChanceNode(
        UniformDraw(outcomes),
        Text(f"die Platzkarte, die Sitzplatz {seat + 1} zieht", f"the place card seat {seat + 1} draws"),
        seat,
    )


def apply_outcome(state: State, outcome: Outcome) -> State:
    """A checked chance outcome."""
    if isinstance(outcome, PlaceOutcome):
        seat, _ = scoring.next_draw(state)
        ranking = list(state.ranking)
        ranking[seat] = outcome.place
        return scoring.settle_ranking(replace(state, ranking=tuple(ranking)))
    if state.phase == "setup_table":
        return _lay_out(state, outcome.card)
    return _deal(state, outcome.card)


def _lay_out(state: State, card: str) -> State:
    """RG-1.7, RG-1.8, RG-R08: a face-up card; a second Korrektur naming the first one's colour is
    replaced, and goes back into the cards that are dealt."""
    opened = open_slot(state)
    assert opened is not None
    card_type, slot = opened
    if card_type == "korrektur" and slot == 1:
        first = state.korrektur[0]
        assert first is not None
        colour = state.deck.card(card).colour
        if colour is not None and colour == state.deck.card(first).colour:
            return replace(state, setup_returned=(*state.setup_returned, card))
    current = list(slots(state, card_type))
    current[slot] = card
    state = with_slots(state, card_type, (current[0], current[1]))
    if open_slot(state) is None:
        state = replace(state, phase="setup_deal", setup_returned=())
        if state.unknown_hands:  # RGO-23: the deal is not entered
            state = unknown_hands.deal_unseen(state)
            return scoring.begin_ranking(state, "setup", (0,) * state.seats)
    return state


def _deal(state: State, card: str) -> State:
    """RG-1.9: one card to the next hand; the cards left over go face down to the Kartenablage."""
    seat = deal_seat(state)
    hands = list(state.hands)
    hands[seat] = state.deck.sort((*hands[seat], card))
    state = replace(state, hands=tuple(hands))
    if min(len(hand) for hand in state.hands) == HAND_SIZE[state.seats]:
        state = replace(state, set_aside=undealt(state))
        return scoring.begin_ranking(state, "setup", (0,) * state.seats)
    return state


# --- whose turn ---------------------------------------------------------------------------------


def punktletzte(state: State) -> int:
    return state.places.index(state.seats)


def next_to_last(state: State) -> int:
    """RG-5.4, RG-R09: the next-to-last player (2nd of 3)."""
    return state.places.index(state.seats - 1)


#: The phases that wait for a chance event (RG-1.7, RG-1.9, RG-1.10, RG-5.2).
CHANCE_PHASES = frozenset(("setup_table", "setup_deal", "ranking"))


def turn(state: State) -> Turn:
    phase = state.phase
    if phase in CHANCE_PHASES:
        return Chance(chance_node(state))
    if phase == "over":
        return Finished(scoring.result(state))
    return Decision(deciding(state))


def deciding(state: State) -> tuple[int, ...]:
    """The seats a decision waits for (empty at a chance event and at the end): ``turn``'s seats
    without building the chance node or the result."""
    phase = state.phase
    if phase == "payment":
        return (state.queue[0].seat,)
    if phase == "vote":
        votes = state.votes
        return tuple(s for s in range(state.seats) if votes[s] is None)
    if phase in CHANCE_PHASES or phase == "over":
        return ()
    if phase == "predict":
        return tuple(s for s in range(state.seats) if state.predictions[s] is None)
    if phase in confirmation.REPORT_PHASES:
        return confirmation.report_seats(state)
    if phase == "choose_wertung":
        return (punktletzte(state),)
    if phase == "choose_prognose":
        return (next_to_last(state),)
    return (state.active,)


# --- legal actions (canonical order: see the module docstring) --------------------------------


def stands_matter(state: State) -> bool:
    """RG-R15: standing up is entered only while an Ereignis card in force reacts to it."""
    return any_incident(state, "stands_before_card_play")


def any_incident(state: State, kind: str) -> bool:
    return any(c is not None and effects.trigger(state.deck.card(c)) == kind for c in state.ereignis)


def cover_slots(state: State) -> tuple[int, ...]:
    """RG-3.8, RG-R07: the slots an adopted card may cover."""
    assert state.under_vote is not None
    card = state.deck.card(state.under_vote)
    if card.colour is not None:
        for slot, old in enumerate(state.korrektur):
            if old is not None and state.deck.card(old).colour == card.colour:
                return (slot,)
    return (0, 1)


def prediction_choices(state: State) -> tuple[Predict, ...]:
    """RG-1.11, RG-5.4: what may be written under the Prognose and Wertung cards in force (the same for
    every seat; kept in the deck's memo per pair of cards and seat count)."""
    assert state.prognose is not None and state.wertung is not None
    key = f"predict:{state.prognose}:{state.wertung}:{state.seats}"
    found: tuple[Predict, ...] | None = state.deck.memo.get(key)
    if found is None:
        domain = effects.prediction_domain(state.deck.card(state.prognose), state.seats)
        if effects.needs_noted_colour(state.deck.card(state.wertung)):
            found = tuple(Predict(v, c) for v in domain for c in COLOURS)
        else:
            found = tuple(Predict(v) for v in domain)
        state.deck.memo[key] = found
    return found


def speaker_sets(seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(group for size in range(seats + 1) for group in combinations(range(seats), size))


def legal_actions(state: State, seat: int) -> tuple[Action, ...]:
    if seat not in deciding(state):
        return ()
    phase = state.phase
    if phase == "play":
        standing = (False, True) if stands_matter(state) else (False,)
        if state.unknown_hands:  # RGO-23: any card not seen anywhere, while the seat holds one
            playable = unknown_hands.unseen_cards(state) if unknown_hands.holds_cards(state, seat) else ()
            return tuple(PlayCard(card, stood) for card in playable for stood in standing)
        return tuple(PlayCard(card, stood) for card in state.hands[seat] for stood in standing)
    if phase == "vote":
        stock = state.tiles[seat]
        if 0 <= stock < len(VOTES_BY_STOCK):
            return VOTES_BY_STOCK[stock]
        return tuple(Vote(yes, k) for yes in (True, False) for k in range(1, stock + 1))
    if phase == "tie":
        return (Decide(True), Decide(False))
    if phase in confirmation.REPORT_PHASES and state.proposal is not None:
        return ANSWERS
    if phase == "report_speech":
        return tuple(ReportSpeech(group) for group in speaker_sets(state.seats))
    if phase == "first_speaker":
        return (ReportFirstSpeaker(None), *(ReportFirstSpeaker(s) for s in range(state.seats)))
    if phase == "payment":
        if state.queue[0].amount > 0:
            return TAKE_BY_MASK[_mask(state.pool)]
        return PAY_BY_MASK[_mask(state.chips[seat])]
    if phase == "cover":
        return tuple(Cover(slot) for slot in cover_slots(state))
    if phase == "choose_wertung":
        return tuple(ChooseRule(c) for c in state.wertung_unused)
    if phase == "choose_prognose":
        return tuple(ChooseRule(c) for c in state.prognose_unused)
    if phase == "predict":
        return prediction_choices(state)
    return ()


# --- applying actions ---------------------------------------------------------------------------
#: The answers to a proposed report (RGO-22), in canonical order.
ANSWERS: tuple[Confirm | Object, ...] = (Confirm(), Object())


def apply_report(state: State, report: ReportSpeech | ReportFirstSpeaker) -> State:
    """RG-R15: a report the table has settled takes effect at once: the speakers' chips move now (then
    the vote's payment), or the first speaker's penalty at the start of the Scoring Round."""
    if isinstance(report, ReportSpeech):
        # RG-R15: the speakers' chips move at once, before (never with) the vote's payment.
        state = replace(state, speakers=report.seats)
        transfers = behaviour_transfers(state)
        return start_queue(state, transfers, "speech") if transfers else build_payments(state)
    return scoring.score_chips(replace(state, first_speaker=report.seat))


def apply_action(state: State, seat: int, action: Action) -> State:
    """A checked action."""
    if isinstance(action, PlayCard):
        return play_card(state, seat, action)
    if isinstance(action, Vote):
        return vote(state, seat, action)
    if isinstance(action, Decide):
        return decided(replace(state, adopted=action.adopt))
    if isinstance(action, ReportSpeech | ReportFirstSpeaker):
        if confirmation.by_table(state):
            return confirmation.propose(state, seat, action)
        return apply_report(confirmation.settled(state), action)
    if isinstance(action, Confirm | Object):
        answered, report = confirmation.answer(state, seat, action)
        return answered if report is None else apply_report(answered, report)
    if isinstance(action, TakeChip):
        return take_chip(state, seat, COLOURS.index(action.colour))
    if isinstance(action, PayChip):
        return pay_chip(state, seat, COLOURS.index(action.colour))
    if isinstance(action, Cover):
        return cover(state, action.slot)
    if isinstance(action, ChooseRule):
        return choose_rule(state, action.card)
    return predict(state, seat, action)


def play_card(state: State, seat: int, action: PlayCard) -> State:
    """RG-3.1: the card goes onto "Regelkarte zur Abstimmung"; the vote opens."""
    hands = list(state.hands)
    if action.card in hands[seat]:
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
    else:  # RGO-23: one of the seat's unseen cards
        state = unknown_hands.play_unseen(state, seat)
    state = replace(
        state,
        hands=tuple(hands),
        under_vote=action.card,
        stood=action.stood,
        votes=(None,) * state.seats,
        speakers=(),
        adopted=None,
        phase="vote",
    )
    if action.stood:  # RG-R15: the chips for standing up move at once, before anyone votes
        return start_queue(state, behaviour_transfers(state), "stood")
    return state


def behaviour_transfers(state: State) -> tuple[Transfer, ...]:
    """RG-R15: the chips that speaking or standing up moves, from the card's player clockwise (RG-R04's
    order), each player's Ereignis cards in space order."""
    transfers: list[Transfer] = []
    for step in range(state.seats):
        seat = (state.active + step) % state.seats
        for card_id in state.ereignis:
            assert card_id is not None
            card = state.deck.card(card_id)
            amount = effects.behaviour_chips(card, seat, state.active, state.stood, state.speakers)
            if amount:
                transfers.append(Transfer(seat, amount))
    return tuple(transfers)


def vote(state: State, seat: int, action: Vote) -> State:
    """RG-3.2: the vote goes into a hidden slot; the last one reveals all at once."""
    votes = list(state.votes)
    votes[seat] = action
    state = replace(state, votes=tuple(votes))
    return reveal(state) if all(v is not None for v in votes) else state


def reveal(state: State) -> State:
    """RG-3.2, RG-3.3, RG-R01, RG-R02: count tiles; one tile back, the rest to the used pile; a tie
    goes to the active player; a vote with one tile from everyone starts the Scoring Round (RG-3.10)."""
    votes = [v for v in state.votes if v is not None]
    yes = sum(v.tiles for v in votes if v.yes)
    no = sum(v.tiles for v in votes if not v.yes)
    tiles = tuple(state.tiles[s] - votes[s].tiles + 1 for s in range(state.seats))
    used = tuple(state.used_tiles[s] + votes[s].tiles - 1 for s in range(state.seats))
    trigger = state.active if all(v.tiles == 1 for v in votes) else None
    assert state.under_vote is not None
    record = VoteRecord(state.under_vote, state.active, tuple(votes), None, yes == no)
    state = replace(state, tiles=tiles, used_tiles=used, trigger=trigger, last_vote=record)
    if yes == no:
        return replace(state, phase="tie")
    return decided(replace(state, adopted=yes > no))


def decided(state: State) -> State:
    """The vote is decided: record it; the table enters who spoke if an Ereignis card asks (RG-R15)."""
    assert state.last_vote is not None and state.adopted is not None
    state = replace(state, last_vote=replace(state.last_vote, adopted=state.adopted))
    if any_incident(state, "speaks_during_vote"):
        return replace(state, phase="report_speech")
    return build_payments(state)


def build_payments(state: State) -> State:
    """RG-3.4, RG-3.5, RG-R04: from the player of the card clockwise, each player settled completely
    (Abstimm space 1, then 2, then the Ereignis cards that react to how the vote went; ours: RGO-4;
    speaking and standing up have moved their chips already, RG-R15); the card under vote never pays
    for itself."""
    record = state.last_vote
    assert record is not None and record.adopted is not None
    adopted = record.adopted
    sides = tuple(v.yes for v in record.votes)
    tiles = tuple(v.tiles for v in record.votes)
    transfers: list[Transfer] = []
    for step in range(state.seats):
        seat = (record.player + step) % state.seats
        for card_id in state.abstimm:
            assert card_id is not None
            amount = effects.voting_chips(state.deck.card(card_id), seat, sides, adopted, record.player)
            if amount:
                transfers.append(Transfer(seat, amount))
        for card_id in state.ereignis:
            assert card_id is not None
            amount = effects.vote_incident_chips(state.deck.card(card_id), seat, record.player, adopted, tiles)
            if amount:
                transfers.append(Transfer(seat, amount))
    return start_queue(state, tuple(transfers), "vote")


def start_queue(state: State, transfers: tuple[Transfer, ...], context: str) -> State:
    return _next_transfer(replace(state, queue=transfers, queue_context=context, phase="payment"))


def _settle_queue(queue: tuple[Transfer, ...], chips: tuple[Chips, ...], pool: Chips) -> tuple[Transfer, ...]:
    """Drops what cannot be paid (RG-R05: no debt; nothing left in the pool)."""
    at = 0
    while at < len(queue):
        head = queue[at]
        if head.amount > 0 and any(pool):
            break
        if head.amount < 0 and any(chips[head.seat]):
            break
        at += 1
    return queue[at:]


def _next_transfer(state: State) -> State:
    """The next chip owed, or (queue empty) the step after the payment."""
    queue = _settle_queue(state.queue, state.chips, state.pool)
    if queue:
        return state if queue == state.queue else replace(state, queue=queue)
    if state.queue_context == "setup":
        return replace(state, queue=(), phase="play", queue_context="")
    if state.queue_context == "stood":  # RG-R15: the chips for standing up have moved; the vote opens
        return replace(state, queue=(), phase="vote", queue_context="")
    if state.queue_context == "speech":  # RG-R15: the speakers have paid; now the vote's payment
        return build_payments(replace(state, queue=(), queue_context=""))
    return move_end(replace(state, queue=(), queue_context=""))


def _move_chip(state: State, seat: int, colour: int, delta: int) -> State:
    """One chip between ``seat`` and the pool (RG-R05), with the pool reset of RG-3.7/RG-R06 after a
    take, and the owed amount brought down by one: all in one new state."""
    chips = list(state.chips)
    mine = list(chips[seat])
    mine[colour] += delta
    chips[seat] = (mine[0], mine[1], mine[2], mine[3])
    pool = list(state.pool)
    pool[colour] -= delta
    if delta > 0 and pool[colour] == 0:
        if state.config.pool_reset_scope == "always" or state.queue_context != "setup":
            chips = [_without(m, colour) for m in chips]
            pool[colour] = state.total_chips
    new_chips = tuple(chips)
    new_pool = (pool[0], pool[1], pool[2], pool[3])
    head = state.queue[0]
    left = head.amount - delta
    queue = state.queue[1:] if left == 0 else (Transfer(head.seat, left), *state.queue[1:])
    queue = _settle_queue(queue, new_chips, new_pool)
    state = replace(state, chips=new_chips, pool=new_pool, queue=queue)
    return state if queue else _next_transfer(state)


def _without(mine: Chips, colour: int) -> Chips:
    return (
        0 if colour == 0 else mine[0],
        0 if colour == 1 else mine[1],
        0 if colour == 2 else mine[2],
        0 if colour == 3 else mine[3],
    )


def take_chip(state: State, seat: int, colour: int) -> State:
    """RG-1.13, RG-R05, RG-3.7/RG-R06: the receiver takes a chip of the colour he picks; when that was
    the pool's last of its colour, everyone returns all chips of that colour (the one just taken too)."""
    return _move_chip(state, seat, colour, +1)


def pay_chip(state: State, seat: int, colour: int) -> State:
    """RG-R05: the payer pays a chip of the colour he picks."""
    return _move_chip(state, seat, colour, -1)


def move_end(state: State) -> State:
    """RG-3.8: a rejected card goes to the bottom of the Kartenablage; an adopted one covers a card."""
    if state.adopted:
        return replace(state, phase="cover")
    assert state.under_vote is not None
    return finish_move(replace(state, discard=(*state.discard, state.under_vote), under_vote=None))


def cover(state: State, slot: int) -> State:
    """RG-3.8, RG-R07: the adopted card lies on the covered one (out of play for good). Under
    ``final_vote_card = place_after_scoring`` the card of the vote that starts scoring waits on the
    "Regelkarte zur Abstimmung" space until the round is over (RG-R03)."""
    assert state.under_vote is not None
    if state.trigger is not None and state.config.final_vote_card == "place_after_scoring":
        return finish_move(replace(state, deferred_slot=slot, deferred_card=state.under_vote, under_vote=None))
    return finish_move(place(state, state.under_vote, slot))


def next_active(state: State, after: int) -> int | None:
    """RG-3.9, RG-R13: the next player clockwise who still holds a card."""
    for step in range(1, state.seats + 1):
        seat = (after + step) % state.seats
        if unknown_hands.holds_cards(state, seat):
            return seat
    return None


def finish_move(state: State) -> State:
    """RG-3.9, RG-3.10, RG-R13: the next player, or the Scoring Round."""
    empty = unknown_hands.all_empty(state)
    if state.trigger is not None or empty:
        trigger = state.active if state.trigger is None else state.trigger
        return scoring.begin_scoring(replace(state, trigger=trigger, last_round=empty))
    following = next_active(state, state.active)
    assert following is not None
    return replace(state, active=following, phase="play")


def choose_rule(state: State, card: str) -> State:
    """RG-5.4: Punktletzte picks the Wertung, then the next-to-last the Prognose; then predictions."""
    if state.phase == "choose_wertung":
        return replace(
            state,
            wertung=card,
            wertung_unused=tuple(c for c in state.wertung_unused if c != card),
            phase="choose_prognose",
        )
    return replace(
        state,
        prognose=card,
        prognose_unused=tuple(c for c in state.prognose_unused if c != card),
        phase="predict",
    )


def predict(state: State, seat: int, action: Predict) -> State:
    """RG-1.11, RG-5.4: a secret prediction; when all are written, the round starts (round 1: the
    starting chips first, RG-1.13; later rounds: the player after the one whose vote started the
    last scoring, RG-R12)."""
    predictions = list(state.predictions)
    predictions[seat] = action
    state = replace(state, predictions=tuple(predictions))
    if any(p is None for p in predictions):
        return state
    if state.round == 1:
        order = tuple(Transfer((state.active + step) % state.seats, START_CHIPS) for step in range(state.seats))
        return start_queue(state, order, "setup")
    assert state.trigger is not None
    following = next_active(state, state.trigger)
    assert following is not None
    return replace(state, active=following, trigger=None, phase="play")
