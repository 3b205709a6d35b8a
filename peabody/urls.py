from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from peabody import views
from peabody.families import urls as families

# The admin's log-in goes through allauth's, with its rate limits; staff only.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path("", views.home, name="home"),
    path("play/", include("games.urls")),
    path("accounts/", include("allauth.urls")),
    path("family/", include((families.parent_zone, "families"))),
    path("privacy/", include((families.privacy, "privacy"))),
    path("", include((families.kids, "kids"))),
    path("admin/", admin.site.urls),
]
