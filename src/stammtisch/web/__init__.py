"""The web adapter: FastAPI + Jinja2 + HTMX pages with live updates."""
