from allauth.account.decorators import secure_admin_login
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from games import classroom_urls
from games import urls as games
from games.classes import urls as class_devices
from peabody import views
from peabody.families import urls as families

# The admin's log-in goes through allauth's, with its rate limits; staff only. (allauth's
# documented way: the site's own login method is replaced, which mypy will not allow.)
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

# The game at /play/ and its lessons at /rules/ and /teach/ share one namespace, "games":
# they are all the games app's pages, and kid mode opens that namespace to children.
games_pages: list[URLPattern | URLResolver] = [
    path("play/", include(games.urlpatterns)),
    *classroom_urls.urlpatterns,
    *class_devices.urlpatterns,
]

# Every page in every language: English without a prefix, the others under theirs (/es/).
urlpatterns = i18n_patterns(
    path("", views.home, name="home"),
    path("", include((games_pages, "games"))),
    path("accounts/", include("allauth.urls")),
    path("family/", include((families.parent_zone, "families"))),
    path("privacy/", include((families.privacy, "privacy"))),
    path("", include((families.kids, "kids"))),
    prefix_default_language=False,
) + [
    # The admin is for the site's staff, in Django's own words in English.
    path("admin/", admin.site.urls),
]
