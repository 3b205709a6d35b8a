import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def english_unless_asked() -> None:
    """Each test starts in English. A request to a Spanish page leaves Spanish switched on
    in the thread that served it (LocaleMiddleware switches at the start of each request,
    never back at its end), and words made outside a request would follow it."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
