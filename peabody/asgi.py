"""ASGI entry point, e.g. `gunicorn peabody.asgi:application --worker-class asgi` (make serve)."""

import os

from peabody.bad_requests import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peabody.settings")

application = get_asgi_application()
