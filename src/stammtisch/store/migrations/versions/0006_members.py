"""Members, accounts, roles, API tokens, invites and the members behind a match's seats (issue 10).

One club per database (``club_id`` = 1); member names unique by their case-folded key; secrets of
tokens and invites stored as SHA-256 only; ``match_seats`` links a match's seats to members.

Revision ID: 0006_members
Revises: 0005_tournament_changes
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_members"
down_revision = "0005_tournament_changes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club",
        sa.Column("club_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("club_id = 1", name="ck_club_one_club"),
        sa.PrimaryKeyConstraint("club_id", name="pk_club"),
    )
    op.create_table(
        "members",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("short_name", sa.String(12), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('member', 'external')", name="ck_members_kind_known"),
        sa.PrimaryKeyConstraint("member_id", name="pk_members"),
        sa.UniqueConstraint("name_key", name="uq_members_name_key"),
    )
    op.create_table(
        "accounts",
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("role IN ('admin', 'treasurer', 'scribe', 'member')", name="ck_accounts_role_known"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.member_id"], name="fk_accounts_member_id_members", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("member_id", name="pk_accounts"),
    )
    op.create_table(
        "api_tokens",
        sa.Column("token_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.member_id"], name="fk_api_tokens_member_id_members", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_id", name="pk_api_tokens"),
        sa.UniqueConstraint("token_hash", name="uq_api_tokens_token_hash"),
    )
    op.create_index("ix_api_tokens_member_id", "api_tokens", ["member_id"])
    op.create_table(
        "invites",
        sa.Column("invite_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.member_id"], name="fk_invites_member_id_members", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("invite_id", name="pk_invites"),
        sa.UniqueConstraint("token_hash", name="uq_invites_token_hash"),
    )
    op.create_table(
        "match_seats",
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.CheckConstraint("seat >= 0", name="ck_match_seats_seat_not_negative"),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.match_id"], name="fk_match_seats_match_id_matches", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["member_id"], ["members.member_id"], name="fk_match_seats_member_id_members"),
        sa.PrimaryKeyConstraint("match_id", "seat", name="pk_match_seats"),
    )
    op.create_index("ix_match_seats_member_id", "match_seats", ["member_id"])


def downgrade() -> None:
    op.drop_index("ix_match_seats_member_id", table_name="match_seats")
    op.drop_table("match_seats")
    op.drop_table("invites")
    op.drop_index("ix_api_tokens_member_id", table_name="api_tokens")
    op.drop_table("api_tokens")
    op.drop_table("accounts")
    op.drop_table("members")
    op.drop_table("club")
