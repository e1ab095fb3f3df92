"""Prömpeln on the statistics pages (issue 13.5): games, crowned king, the King move, points and the
special moves per season; on the member page the learned skill model in plain words (how her
stoppers usually land, from ``/proempeln/stats``'s skill book, over every stored game), linked to
the Prömpeln statistics page rather than copied."""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from fastapi import Request

from stammtisch.web.games.proempeln.presenter import landing_shares
from stammtisch.web.games.proempeln.routes import skill_book
from stammtisch.web.kit import N_, Column, Member, StatsTable

CROWNED = Column(N_("Crowned king"), lambda line: line.figures.wins, hint=N_("Games won."))


def skill_in_words(request: Request, member: Member, lang: str) -> dict[str, Any] | None:
    """How her stoppers usually land (the learned model), with how many stoppers it rests on."""
    snapshot = skill_book(request.app.state.service).load()
    skill = snapshot.skill(member.name)
    if not skill.samples:
        return None
    model = skill.distribution()
    return {
        "landings": landing_shares(model, lang),
        "samples": skill.samples,
        "expected": format_decimal(sum(value * share for value, share in enumerate(model)), "0.0", locale=lang),
    }


STATS_TABLE = StatsTable(
    columns=(
        Column(N_("Games"), lambda line: line.figures.games),
        CROWNED,
        Column(N_("By the King move"), lambda line: line.figures.kings, hint=N_("Won with seven 3s.")),
        Column(N_("Points per game"), lambda line: line.figures.points_per_game, "decimal"),
        Column(N_("Best total"), lambda line: line.figures.best_total),
        Column(N_("Special moves played"), lambda line: line.figures.specials),
        Column(N_("Special moves botched"), lambda line: line.figures.botched),
    ),
    chart=CROWNED,
    links=(("/proempeln/stats", N_("Prömpeln statistics")),),
    member_template="proempeln/stats_member.html",
    member_values=skill_in_words,
)
