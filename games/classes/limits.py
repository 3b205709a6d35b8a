"""How many wrong class codes a device may try: counted in Django's cache (the database's
table, shared by every worker and app server), as the log-in limits are.

A device is its session's token; a script that drops its cookie to be a new device each
time is held by a second, looser count for its internet address, kept as a keyed hash (the
cache holds no address), roomy enough for a school behind one address whose children
mistype. Both counts end with their window, and purge_expired deletes them after it.
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.utils.crypto import salted_hmac

from peabody.requests import Request

DEVICE_TRIES, DEVICE_WINDOW = 10, 10 * 60  # wrong codes, seconds
ADDRESS_TRIES, ADDRESS_WINDOW = 200, 60 * 60


def _keys(request: Request, device: str) -> list[tuple[str, int, int]]:
    address = request.META.get("REMOTE_ADDR", "")
    hashed = salted_hmac("class-code-tries", address, algorithm="sha256").hexdigest()[:32]
    return [
        (f"class-code:device:{device}", DEVICE_TRIES, DEVICE_WINDOW),
        (f"class-code:address:{hashed}", ADDRESS_TRIES, ADDRESS_WINDOW),
    ]


def too_many(request: Request, device: str) -> bool:
    """This device (or its address) has tried too many wrong codes of late."""
    return any(cache.get(key, (0, 0))[0] >= most for key, most, _ in _keys(request, device))


def count_wrong(request: Request, device: str) -> None:
    now = time.time()
    for key, _, window in _keys(request, device):
        # Each count is kept with the end of its window, which starts at its first wrong
        # try (the cache's own incr would restart the entry's time at every try).
        count, ends = cache.get(key, (0, now + window))
        cache.set(key, (count + 1, ends), max(1, round(ends - now)))
