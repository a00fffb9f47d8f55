"""No circle among the project's imports: each module sits on the layers below it.

A circle of imports is one idea split in the wrong place; the shared piece belongs
one layer down (the house style). This reads every module of the project's
packages with `ast`, collects each import of a project module wherever it is
written (top of the file, inside a function, under `if TYPE_CHECKING:`), and
fails naming the modules of every circle it finds.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("dsl", "interpreter", "codegen", "pirdsl")


def project_modules() -> dict[str, Path]:
    """Each project module's dotted name and its file."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def lazy_homes(path: Path) -> dict[str, str]:
    """The names a package hands out when first used (its `_HOMES`, a literal), each with its module."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "_HOMES" for target in node.targets):
            # a dictionary of texts, perhaps with a comprehension: nothing in it runs but building it
            return dict(eval(compile(ast.Expression(node.value), str(path), "eval"), {}))
    return {}


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module `name` imports, anywhere in its text.

    Importing `a.b.c` runs `a` and `a.b` first, so those count too. `from X import Y`
    imports the submodule `X.Y` when there is one, or the module a lazy package
    hands `Y` out from.
    """
    is_package = path.name == "__init__.py"
    package_parts = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()

    def add(target: str) -> None:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):
            candidate = ".".join(parts[:end])
            # a module runs its own package first, which is not importing itself
            if candidate in modules and (candidate != name or candidate == target):
                found.add(candidate)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[:len(package_parts) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            add(source)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    add(submodule)
                elif source in modules and alias.name in lazy_homes_of(source, modules):
                    add(lazy_homes_of(source, modules)[alias.name])
    return found


_LAZY_HOMES: dict[str, dict[str, str]] = {}


def lazy_homes_of(source: str, modules: dict[str, Path]) -> dict[str, str]:
    """`lazy_homes`, read once per package (only packages: a module's names stay its own)."""
    if source not in _LAZY_HOMES:
        is_package = modules[source].name == "__init__.py"
        _LAZY_HOMES[source] = lazy_homes(modules[source]) if is_package else {}
    return _LAZY_HOMES[source]


def import_graph() -> dict[str, set[str]]:
    """Each project module and the project modules it imports."""
    modules = project_modules()
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, and modules importing themselves.

    Tarjan's algorithm.
    """
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                lowest[module] = min(lowest[module], lowest[target])
            elif target in on_stack:
                lowest[module] = min(lowest[module], index[target])
        if lowest[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1 or module in graph[module]:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_the_graph_sees_the_project():
    graph = import_graph()
    assert "interpreter.state" in graph and "pirdsl.adapters.openspiel" in graph
    assert "interpreter.game" in graph["pirdsl.cluster"]  # imported inside a function
    assert "interpreter.game" in graph["pirdsl.adapters"]  # `load_game`, handed out by the lazy package


def test_imports_are_read_in_every_form(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    files = {"__init__.py": "", "c.py": "x = 1\n",
             "a.py": "def later():\n    from . import b\n",
             "b.py": "from .c import x\nimport pkg.a\n",
             "d.py": "from pkg import d\n"}
    for name, text in files.items():
        (package / name).write_text(text)
    modules = {"pkg": package / "__init__.py", **{f"pkg.{name[0]}": package / name for name in files if name[0] != "_"}}
    graph = {name: imported_modules(name, path, modules) for name, path in modules.items()}
    assert graph == {"pkg": set(), "pkg.a": {"pkg", "pkg.b"}, "pkg.b": {"pkg", "pkg.a", "pkg.c"},
                     "pkg.c": set(), "pkg.d": {"pkg", "pkg.d"}}
    assert circles(graph) == [["pkg.a", "pkg.b"], ["pkg.d"]]


def test_circles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set(), "f": {"f"}}
    assert circles(graph) == [["a", "b", "c"], ["f"]]


def test_no_import_circle():
    graph = import_graph()
    found = circles(graph)
    described = []
    for component in found:
        members = set(component)
        edges = ", ".join(f"{module} -> {target}" for module in component
                          for target in sorted(graph[module] & members))
        described.append(f"{' / '.join(component)} ({edges})")
    assert not found, "import circles (move the shared piece down a layer):\n" + "\n".join(described)


if __name__ == "__main__":
    for component in circles(import_graph()):
        print(" / ".join(component))
