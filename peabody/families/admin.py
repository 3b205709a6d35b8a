"""The staff's admin of families. Deleting a child or a parent here, one or a selection,
goes through peabody.families.deletion, as it does on the parent's pages: the child's games
go with them."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest

from peabody.families.deletion import delete_accounts, delete_children
from peabody.families.models import Child, Consent


@admin.register(Child)
class ChildAdmin(admin.ModelAdmin):
    list_display = ["nickname", "parent", "maths_level", "created"]
    list_select_related = ["parent"]
    raw_id_fields = ["parent"]

    def delete_model(self, request: HttpRequest, obj: Child) -> None:
        delete_children(Child.objects.filter(pk=obj.pk))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Child]) -> None:
        delete_children(queryset)


@admin.register(Consent)
class ConsentAdmin(admin.ModelAdmin):
    list_display = ["parent", "notice_version", "given"]
    list_select_related = ["parent"]
    raw_id_fields = ["parent"]


# Django's own admin of users, but a parent deleted there goes as on the parent's own page.
admin.site.unregister(User)


@admin.register(User)
class ParentAdmin(UserAdmin):
    def delete_model(self, request: HttpRequest, obj: User) -> None:
        delete_accounts(User.objects.filter(pk=obj.pk))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        delete_accounts(queryset)
