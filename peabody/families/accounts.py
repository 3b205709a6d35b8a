"""allauth's account adapter, changed only where a family needs it to count failed passwords
differently (``ACCOUNT_ADAPTER`` in settings).

allauth counts failed log-ins per site and address, the site being the request's host when
there is no sites framework: a new port in the Host header each try started a new count, and
two servers under different names counted apart. Here:

- the log-in page counts per address alone, through any host or server;
- the password a grown-up types again while logged in (the kid-mode password page, before
  deleting or downloading) counts per device, so a child guessing there waits on that device
  and never locks the grown-up's log-in on their own phone. Whoever guesses there is already
  logged in on that device; a device that logs out meets the log-in page's count instead.

allauth's per-IP limit stays as it is for both.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest


class FamilyAccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        if request.user.is_authenticated:  # the password again, on a logged-in device
            assert request.session.session_key, "a logged-in device has a session"
            return f"again:{request.session.session_key}"
        login = credentials.get("email", credentials.get("username", ""))
        return f"address:{login.lower()}"
