"""WSGI entry point, e.g. `gunicorn peabody.wsgi`."""

import os

from peabody.bad_requests import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peabody.settings")

application = get_wsgi_application()
