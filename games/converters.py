"""The URL converter for a game's public id: only what ``models.new_public_id`` makes can
reach a view, so a malformed id (a NUL byte, say, which PostgreSQL refuses outright) is a
plain 404 before any query, on every database."""

from django.urls import register_converter


class PublicIdConverter:
    # secrets.token_urlsafe's alphabet, up to the column's 32 characters.
    regex = "[A-Za-z0-9_-]{1,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PublicIdConverter, "public_id")
