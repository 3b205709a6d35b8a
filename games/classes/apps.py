from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "games.classes"
    label = "classes"
