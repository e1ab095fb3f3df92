"""``/rules/{game}?clause=K-6.5``: the page behind a refusal's small "rule" link.

Shows the clause's reading (package data, ``web.clauses``) and the game's rule text in the reader's
language, the numbered rule the clause restates marked and scrolled to. ``club`` stands for refusals
that belong to no game (matches, tournaments): only the reading is shown.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse

from stammtisch.games import GAMES
from stammtisch.web.clauses import clause_text, is_clause, numbered_paragraph, rule_text
from stammtisch.web.deps import LangDep, RendererDep

router = APIRouter()


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(
    request: Request, game: str, renderer: RendererDep, lang: LangDep, clause: str = ""
) -> HTMLResponse:
    clause = clause if is_clause(clause) else ""
    engine = GAMES.get(game)
    text = rule_text(game, lang) if engine is not None else None
    number = numbered_paragraph(clause) if clause else None
    paragraphs = []
    for index, paragraph in enumerate(text.paragraphs if text else ()):
        head = paragraph.split(".", 1)[0].strip()
        paragraphs.append(
            {"text": paragraph, "hit": number is not None and head.isdigit() and int(head) == number, "id": f"p{index}"}
        )
    status = 200 if (engine is not None or game == "club") else 404
    return renderer.response(
        "rules.html",
        request,
        lang,
        status_code=status,
        game=game,
        title=engine.title.get(lang) if engine is not None else None,
        clause=clause,
        reading=clause_text(clause) if clause else None,
        paragraphs=paragraphs,
        text_lang=text.lang if text else lang,
    )
