"""The table confirms what people did (issue 12.4, RGO-22).

Incidents that depend on behaviour (who spoke during a vote, who spoke first in the Scoring Round) are
reported by a player and confirmed by the table, when the table was set up for it (``setup
["incident_confirmation"] = "table"``; the digital table does this, the scribe of the boxed game and old
matches enter the report directly, RGO-1):

1. **Proposal.** While nothing is proposed, *any* player may propose the report (``spoke 1 3``,
   ``first 2``, ``spoke none``).
2. **Answers.** Every other player confirms or objects, each on her own phone, in any order.
3. **Applied** when *all* others have confirmed (the table agrees: a penalty is never imposed over a
   player's objection). A silent player counts as confirming when the decision's clock runs out
   (RGO-8: silence is consent).
4. **Withdrawn** by the first objection; the objector proposes next (he says what he thinks happened;
   the others answer again). So a quick proposal, a bot's included, never keeps a person from
   proposing: objecting gives her the next proposal.
5. **After two withdrawn proposals** the player the rule book asks (RGO-1: the active player, or the
   player whose vote started the Scoring Round) enters the report alone, as the referee, and it
   applies at once. This bounds every report to at most three proposals.

Every proposal, confirmation and objection is an action of its seat, so it is an event in the match log
and a replay rebuilds exactly the same state.
"""

from __future__ import annotations

from stammtisch.games.regeln.model import NO_REPORT, Confirm, Object, Report, State, TableReport, replace

#: Proposals withdrawn before the asked player decides alone.
MAX_OBJECTIONS = 2
#: The setup key and value that switch the confirmation on.
SETUP_KEY = "incident_confirmation"
BY_TABLE = "table"
BY_REPORTER = "reporter"
REPORT_PHASES = ("report_speech", "first_speaker")


def reporter(state: State) -> int:
    """The player the rule book asks for the report (RGO-1)."""
    if state.phase == "first_speaker":
        assert state.trigger is not None
        return state.trigger
    return state.active


def by_table(state: State) -> bool:
    """Whether the report now due is proposed and confirmed (else the asked player enters it)."""
    return state.confirm_by_table and state.objections < MAX_OBJECTIONS


def report_seats(state: State) -> tuple[int, ...]:
    """Who may act in a report phase: anyone (nothing proposed yet), the objector (after an
    objection), the players still to answer a proposal, or the asked player alone."""
    if not by_table(state):
        return (reporter(state),)
    if state.proposal is None:
        return tuple(range(state.seats)) if state.proposer is None else (state.proposer,)
    return tuple(s for s in range(state.seats) if s != state.proposer and s not in state.confirmed)


def proposing_seat(state: State) -> int:
    """Whose silence proposes "nobody" when the clock runs out: the objector, else the asked player."""
    if by_table(state) and state.proposal is None and state.proposer is not None:
        return state.proposer
    return reporter(state)


def propose(state: State, seat: int, report: Report) -> State:
    """Step 1: ``seat`` proposes ``report``; nobody has answered yet."""
    return replace(state, report=TableReport(report, seat, (), state.objections))


def answer(state: State, seat: int, given: Confirm | Object) -> tuple[State, Report | None]:
    """Steps 2-4: the state after ``seat``'s answer, and the report if the table has now confirmed it
    (the caller applies it)."""
    if isinstance(given, Object):  # withdrawn; the objector proposes next (``proposer`` without a proposal)
        return replace(state, report=TableReport(None, seat, (), state.objections + 1)), None
    confirmed = (*state.confirmed, seat)
    if len(confirmed) < state.seats - 1:
        return replace(state, report=replace(state.report, confirmed=tuple(sorted(confirmed)))), None
    return settled(state), state.proposal


def settled(state: State) -> State:
    """The report is decided: the next report starts afresh."""
    return replace(state, report=NO_REPORT)
