from django.apps import AppConfig


class FamiliesConfig(AppConfig):
    name = "peabody.families"
    label = "families"
    verbose_name = "Families"

    def ready(self) -> None:
        from peabody.families import kid_mode  # noqa: F401  (connects its signal receiver)
