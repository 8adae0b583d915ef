"""The shape of the package, read from its source with `ast` (nothing is imported):

- no import cycle among deckgen's modules, neither among the imports that run when a module
  loads nor counting every import (inside functions, under TYPE_CHECKING);
- the rules engine imports nothing of deckgen outside `engine/` but the card
  notation (`deckgen.cards`) and the exception root (`deckgen.errors`);
- no renderer imports `deckgen.config` (they take the resolved design);
- the public modules say what they export (`__all__`), and every name listed exists.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "deckgen"

#: Modules a program using deckgen as a library reaches for: each has an `__all__`.
PUBLIC = [
    "deckgen.cards",
    "deckgen.units",
    "deckgen.errors",
    "deckgen.config",
    "deckgen.steps",
    "deckgen.render.faces",
    "deckgen.render.backs",
    "deckgen.render.tin",
    "deckgen.render.printfiles",
    "deckgen.booklet.build",
    "deckgen.booklet.check",
]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}

#: Modules of an optional extra, and the packages that extra installs (`pip install 'deckgen[queue]'`).
OPTIONAL = {"deckgen.shop.queue": ("rq", "redis")}


def _loaded(name: str) -> object | None:
    """The module imported, or None when it is one of an optional extra that is not installed here."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in OPTIONAL.get(name, ()):
            return None
        raise


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The deckgen modules an import statement loads (a package's name when it names no module of it)."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        if node.level:  # relative: from the module's own package upwards
            package = module.split(".")
            is_package = MODULES[module].name == "__init__.py"
            base = package[: len(package) - node.level + (1 if is_package else 0)]
            stem = ".".join(base + ([node.module] if node.module else []))
        else:
            stem = node.module or ""
        targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in MODULES else stem for alias in node.names]
    found = set()
    for target in targets:
        while target and target not in MODULES:  # `import deckgen.render.faces.x` -> the module part
            target = target.rpartition(".")[0]
        if target.startswith("deckgen"):
            found.add(target)
    return found


def _imports(module: str, *, load_time_only: bool) -> set[str]:
    """Every deckgen module `module` imports; with load_time_only, only the imports that run when it loads
    (its top level, not inside functions or `if TYPE_CHECKING:`)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_imported(module, node))
            elif isinstance(node, ast.If):
                if not (load_time_only and _is_type_checking(node.test)):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif not load_time_only:
                for child in ast.walk(node):
                    if isinstance(child, (ast.Import, ast.ImportFrom)):
                        found.update(_imported(module, child))

    visit(tree.body)
    found.discard(module)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as [a, b, ..., a], or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = walk(start)
            if found:
                return found
    return None


def test_the_checker_reads_imports_as_python_does() -> None:
    assert "deckgen.cards" in MODULES and "deckgen.engine" in MODULES
    assert _imports("deckgen.cards", load_time_only=True) == {"deckgen.errors"}
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle() -> None:
    graph = {module: _imports(module, load_time_only=True) for module in MODULES}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_counting_every_import() -> None:
    """Inside functions and under TYPE_CHECKING too: a late import that dodges a cycle at load time
    is still a cycle of ideas (two modules that each need the other)."""
    graph = {module: _imports(module, load_time_only=False) for module in MODULES}
    assert sum(len(targets) for targets in graph.values()) > 500  # every import is read, not just the top ones
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_engine_imports_only_itself_the_cards_and_the_errors() -> None:
    allowed = {"deckgen", "deckgen.cards", "deckgen.errors"}
    outside = {
        module: sorted(other for other in _imports(module, load_time_only=False)
                       if other not in allowed and not other.startswith("deckgen.engine"))
        for module in MODULES
        if module.startswith("deckgen.engine")
    }
    assert {module: found for module, found in outside.items() if found} == {}


def test_no_renderer_imports_config() -> None:
    importers = sorted(
        module
        for module in MODULES
        if module.startswith("deckgen.render")
        and {"deckgen.config", "deckgen.configtables"} & set(_imports(module, load_time_only=False))
    )
    assert importers == []


@pytest.mark.parametrize("name", PUBLIC)
def test_public_modules_list_their_exports(name: str) -> None:
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    assert exported, f"{name} has no __all__"
    assert len(set(exported)) == len(exported), f"{name}: a name is listed twice in __all__"
    assert [n for n in exported if not hasattr(module, n)] == []


def test_every_all_names_what_its_module_has() -> None:
    for name in MODULES:
        tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in n.targets) for n in tree.body):
            module = _loaded(name)
            assert module is None or [n for n in module.__all__ if not hasattr(module, n)] == [], name


def test_the_package_says_it_is_typed() -> None:
    assert (PACKAGE / "py.typed").is_file()


def test_every_error_deckgen_raises_on_purpose_is_a_deckgen_error() -> None:
    from deckgen.errors import DeckgenError

    strays = []
    for name in MODULES:
        module = _loaded(name)
        for value in vars(module).values() if module is not None else ():
            if (
                isinstance(value, type)
                and issubclass(value, Exception)
                and value.__module__ == name
                and not value.__name__.startswith("_")
                and not issubclass(value, (DeckgenError, Warning))
            ):
                strays.append(f"{name}.{value.__name__}")
    assert strays == []


#: The front ends (docs/architecture.md): nothing below them may import them.
FRONT_ENDS = ("deckgen.pipeline", "deckgen.shop", "deckgen.serve", "deckgen.cli")


def test_nothing_below_the_front_ends_imports_them() -> None:
    """render/, booklet/, engine/ and the build's own modules never reach up to the pipeline, the shop,
    the server or the command line, even inside a function (docs/architecture.md)."""
    below = [m for m in MODULES if m != "deckgen" and not m.startswith(FRONT_ENDS)]
    upward = sorted(f"{m} -> {target}" for m in below for target in _imports(m, load_time_only=False)
                    if target.startswith(FRONT_ENDS))
    assert upward == []


def test_the_front_ends_build_through_the_pipeline() -> None:
    """The command line's build, the page's build and the batch call deckgen.build; only the pipeline
    runs the list of steps (deckgen.steps.STEPS)."""
    for front in ("deckgen.cli.deck", "deckgen.serve.buildjob", "deckgen.shop.order"):
        assert "deckgen.pipeline" in _imports(front, load_time_only=False), front
    runners = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "deckgen.steps" and any(
                    alias.name == "STEPS" for alias in node.names):
                runners.append(module)
    assert sorted(set(runners)) == ["deckgen.pipeline.run"]


def test_the_architecture_page_names_every_package() -> None:
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = sorted({m.split(".")[1] for m in MODULES if m.count(".") >= 2 and MODULES[m].name == "__init__.py"
                       or (m.count(".") == 2 and (PACKAGE / m.split(".")[1]).is_dir())})
    assert [p for p in packages if f"`{p}/`" not in page] == []


def test_every_warning_deckgen_says_is_a_deckgen_warning() -> None:
    from deckgen.errors import DeckgenWarning

    modules = [(name, _loaded(name)) for name in MODULES]
    strays = [
        f"{name}.{value.__name__}"
        for name, module in modules if module is not None
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Warning) and value.__module__ == name
        and not issubclass(value, DeckgenWarning)
    ]
    assert strays == []


#: Where the process-wide `warnings` machinery may be used: `errors.warn` itself (a warning nobody
#: listens for), and the photo opener, which turns Pillow's decompression-bomb warning into an error.
WARNINGS_MODULE_USERS = {"deckgen.errors", "deckgen.render.photos"}


def test_warnings_are_said_with_errors_warn_and_heard_through_its_listener() -> None:
    """`warnings.warn` and `catch_warnings` are process-global: a warning said on one of `deckgen serve`'s
    threads would be heard by another. deckgen says them with `errors.warn` (docs/architecture.md)."""
    users = set()
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import) and any(alias.name == "warnings" for alias in node.names):
                users.add(name)
            if isinstance(node, ast.ImportFrom) and node.module == "warnings":
                users.add(name)
    assert users == WARNINGS_MODULE_USERS
