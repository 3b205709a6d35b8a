import ast
from pathlib import Path

import lessons

PACKAGE = Path(lessons.__file__).parent
# The only modules that are Django's business; the rest is plain Python, which speaks
# through Django's translations and nothing else of Django.
DJANGO_MODULES = {"apps.py", "models.py"}
WORDS = "django.utils.translation"


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module)
    return names


def test_only_the_skill_records_use_django_beyond_its_translations():
    for path in PACKAGE.glob("*.py"):
        if path.name not in DJANGO_MODULES:
            django = {n for n in imports_of(path) if n.split(".")[0] == "django"}
            assert django <= {WORDS}, path.name
