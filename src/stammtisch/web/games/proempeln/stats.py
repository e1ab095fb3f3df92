"""The Prömpeln statistics page model: per player the landing distribution (with the learned skill
model and its sample count), Kings crowned, best rounds and how each special move went.

Built from ``matches.games.proempeln.skills.SkillSnapshot`` (derived from the stored match logs); the
chart is drawn by the template as inline SVG from the shares computed here.
"""

from __future__ import annotations

from typing import Any

from stammtisch.matches.games.proempeln.record import PlayerFacts
from stammtisch.matches.games.proempeln.skills import SkillSnapshot
from stammtisch.web.games.proempeln.presenter import MOVE_NAMES

#: How many best rounds are listed per player.
BEST_ROUNDS = 3
MOVES = tuple(MOVE_NAMES)


def _special_outcomes(facts: PlayerFacts) -> list[dict[str, Any]]:
    """Per move: how often it was played (botched ones apart, PR-R10), average and best score."""
    rows = []
    for move in MOVES:
        played = [r.points for r in facts.rounds if r.move == move]
        botched = [r.points for r in facts.rounds if r.move == f"{move}?"]
        if not played and not botched:
            continue
        rows.append(
            {
                "move": move,
                "count": len(played),
                "average": round(sum(played) / len(played), 1) if played else None,
                "best": max(played) if played else None,
                "botched": len(botched),
            }
        )
    return rows


def present_player(facts: PlayerFacts, snapshot: SkillSnapshot) -> dict[str, Any]:
    counts = facts.landing_counts
    observed = sum(counts)
    skill = snapshot.skill(facts.name)
    model = skill.distribution()
    best = sorted(facts.rounds, key=lambda r: (-r.points, r.date, r.round))[:BEST_ROUNDS]
    return {
        "name": facts.name,
        "games": facts.games,
        "finished": facts.finished,
        "wins": facts.wins,
        "kings": facts.kings,
        "meier_claims": facts.meier_claims,
        "samples": skill.samples,
        "counts": list(counts),
        "shares": [round(c / observed, 3) if observed else 0.0 for c in counts],
        "model": [round(x, 3) for x in model],
        "expected_cap": round(sum(v * x for v, x in enumerate(model)), 2),
        "best_rounds": [
            {
                "points": r.points,
                "move": r.move,
                "round": r.round,
                "date": r.date,
                "title": r.title,
                "match_id": r.match_id,
            }
            for r in best
        ],
        "specials": _special_outcomes(facts),
    }


def present_statistics(snapshot: SkillSnapshot) -> dict[str, Any]:
    rows = [present_player(facts, snapshot) for facts in snapshot.facts.values()]
    rows.sort(key=lambda row: (-row["wins"], -row["samples"], row["name"].casefold()))
    total = sum(snapshot.prior)
    return {"players": rows, "prior": [round(x / total, 3) for x in snapshot.prior]}
