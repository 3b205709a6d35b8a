from django.contrib import admin

from peabody.families.models import Child, Consent


@admin.register(Child)
class ChildAdmin(admin.ModelAdmin):
    list_display = ["nickname", "parent", "maths_level", "created"]
    list_select_related = ["parent"]
    raw_id_fields = ["parent"]


@admin.register(Consent)
class ConsentAdmin(admin.ModelAdmin):
    list_display = ["parent", "notice_version", "given"]
    list_select_related = ["parent"]
    raw_id_fields = ["parent"]
