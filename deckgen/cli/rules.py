"""`deckgen check`, `score`, `booklet` and `games`: the rules engine and the booklet from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from deckgen.cli import common as ui
from deckgen.cli.common import (
    AllowOption,
    ConfigOption,
    OutOption,
    load_deck,
    load_house_rules,
    output_folder,
    progress_bar,
    report_warnings,
    report_written,
    shown,
    staged,
)
from deckgen.errors import (
    UserError,
    UserErrorLines,
    collected_warnings,
    printable,
    unknown_choice,
)
from deckgen.resolve import resolve_design


@ui.app.command(
    epilog="Examples:\n\n  deckgen check rules/ docs/ README.md\n\n  deckgen check house-rules.md --json",
)
def check(
    paths: Annotated[list[Path], typer.Argument(help="Markdown files or folders (searched recursively).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as a JSON list.")] = False,
    lint_words: Annotated[bool, typer.Option(
        "--lint", help="Also list hand categories a sentence introducing an example names outside a claim "
        "that the example's results do not hold (they do not fail the check).")] = False,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """Recompute every ```deckgen worked example in Markdown files and report claims that are wrong."""
    import json

    from deckgen.booklet.check import check_paths, lint

    house_rules, _ = load_house_rules(config, allow_path)
    results = check_paths(paths, house_rules)
    failed = [r for r in results if not r.ok]
    notes = [n for r in results for n in lint(r)] if lint_words else []
    if json_output:
        print(json.dumps([r.as_dict() for r in results], ensure_ascii=False, indent=2))
    else:
        for result in failed:
            for failure in result.failures:
                print(printable(str(failure)))
        for note in notes:
            print(printable(str(note)))
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed" + (f", {len(notes)} to look at" if lint_words else ""))
    raise typer.Exit(1 if failed else 0)


def _parse_score_args(spec: Any, words: list[str]) -> dict[str, Any]:
    """`A♠ K♠ --board "Q♠ J♠ 10♠" --wild [2]` -> inputs; values are read as YAML (lists, numbers)."""
    import yaml

    from deckgen.engine.base import ExampleError
    from deckgen.limits import safe_yaml

    fields = list(spec.inputs)
    inputs: dict[str, Any] = {}
    loose: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("--") and len(word) > 2:
            name, _, value = word[2:].partition("=")
            key = name.replace("-", "_")
            if key not in spec.inputs:
                key = name
            if key not in spec.inputs:
                raise ExampleError(f"unknown option '--{name}' for {spec.name} (expected: --{', --'.join(fields)})", name)
            if not value:
                if i + 1 >= len(words):
                    raise ExampleError(f"option '--{name}' needs a value", name)
                value = words[i + 1]
                i += 1
            try:
                inputs[key] = safe_yaml(value)
            except yaml.YAMLError:
                inputs[key] = value
            if inputs[key] is None:
                inputs[key] = value
        else:
            loose.append(word)
        i += 1
    if loose:
        if not fields or fields[0] in inputs:
            raise ExampleError(f"unexpected argument '{loose[0]}' for {spec.name}")
        inputs[fields[0]] = " ".join(loose)
    return inputs


@ui.app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    epilog="Examples:\n\n"
    "  deckgen score poker 'A♠ K♠ Q♠ J♠ 10♠'\n\n"
    "  deckgen score poker 'A♥ K♣ 7♦ 2♠' --board 'Q♥ 9♥ 5♥ 3♥ T♣' --variant omaha\n\n"
    "  deckgen score gin-rummy --knocker '...' --defender '...' --rule undercut_bonus=20\n\n"
    "  deckgen score bridge 4H --vulnerable false --tricks 10 --json\n\n"
    "  deckgen score gin-rummy   (no inputs: lists the game's fields and house rules)",
)
def score(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game name, as in `deckgen games` (poker, gin-rummy, bridge ...).")],
    rule: Annotated[
        list[str] | None, typer.Option("--rule", help="House rule for this call: NAME=VALUE (repeatable).")
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """Score one hand or deal with the rules engine: give the game's inputs as --field VALUE.

    House rules come from --config, else ./deck.toml ([house_rules.<game>]); --rule changes one for this call."""
    import json

    import yaml
    from rich.table import Table

    from deckgen.booklet.check import show, to_plain
    from deckgen.booklet.sources import find_game, game_rules
    from deckgen.houserules import rules_sources
    from deckgen.engine.base import ExampleError
    from deckgen.engine.registry import all_games
    from deckgen.limits import safe_yaml

    spec = find_game(game)
    if spec is None:
        raise UserError(unknown_choice("game", game, sorted(set(all_games()) | set(rules_sources()))))
    words = list(ctx.args)
    if not words:
        table = Table(title=f"deckgen score {spec.name}: {spec.title}")
        table.add_column("input")
        table.add_column("what it is")
        for name, about in spec.inputs.items():
            table.add_row(f"--{name}" + (" (required)" if name in spec.required else ""), about)
        for p in spec.parameters:
            table.add_row(shown(f"--rule {p.name}={p.default}"), shown(f"{p.label}: {p.description}"))
        ui.console.print(table)
        return
    overrides: dict[str, Any] = {}
    for item in rule or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise UserError(f"--rule '{item}': expected NAME=VALUE, e.g. --rule undercut_bonus=20")
        try:
            overrides[name.strip()] = safe_yaml(value)
        except yaml.YAMLError as exc:
            problem = str(getattr(exc, "problem", "") or "")
            if problem.startswith(("expected a finite number", "aliases", "nested more")):
                raise UserError(f"--rule '{item}': {problem}") from None
            raise UserError(f"--rule '{item}': the value is not readable; quote text, e.g. --rule 'name=text'") from None
    house_rules, _ = load_house_rules(config, allow_path)
    try:
        inputs = _parse_score_args(spec, words)
        file_name = game if game in rules_sources() else None
        rules = spec.resolve_rules(game_rules(spec, house_rules, file_name), overrides)
        result = spec.run(inputs, rules)
        explain = list(spec.explain(inputs, rules)) if spec.explain else []
    except ExampleError as exc:
        raise UserError(f"{spec.name}: {exc}") from None
    if json_output:
        out = {"game": spec.name, "inputs": to_plain(inputs), "rules": rules, "result": to_plain(result), "explain": explain}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return

    table = Table(title=spec.title, show_header=False)
    for q in spec.quantities:
        if q.name in result:
            table.add_row(q.name, shown(show(result[q.name], q.kind)))
    ui.console.print(table)
    for line in explain:
        ui.console.print(shown(line), highlight=False)


@ui.app.command()
def booklet(config: ConfigOption = None, out: OutOption = None, allow_path: AllowOption = None) -> None:
    """Build the rules booklet: output/booklet/rules-pocket.pdf (fits the tin) and A4/Letter imposed versions.

    Every worked example is recomputed with your house rules first; a wrong one stops
    the build with its file:line. Games, title, dedication: [booklet] in deck.toml.

    Example: deckgen booklet --config mydeck/deck.toml
    """
    from deckgen.booklet.build import POCKET_NAME, booklet_steps, build_booklet
    from deckgen.steps import house_rule_blame

    _, deck = load_house_rules(config, allow_path)
    deck = deck or load_deck(None)
    out = output_folder(out, deck, allow_path)
    design = resolve_design(deck)
    earlier = Path(out) / "booklet" / POCKET_NAME
    try:
        with collected_warnings() as said:
            with staged(out) as stage, house_rule_blame(design), progress_bar("booklet", booklet_steps(design)) as advance:
                paths = stage.real_all(build_booklet(design, stage.stage, advance))
    except UserError as exc:
        if earlier.is_file():
            raise UserErrorLines([*exc.lines(), f"the booklet in {earlier.parent}/ is from an earlier build, not this one"]) from None
        raise
    report_warnings(said)
    report_written("rules booklet", paths)


@ui.app.command()
def games(
    game: Annotated[str | None, typer.Argument(help="One game: show each of its house rules in full.")] = None,
    config: ConfigOption = None,
    allow_path: AllowOption = None,
) -> None:
    """List the games the booklet can print: players, the deck each needs, ratings and house rules.

    Values shown are your deck's ([house_rules.<game>] in deck.toml); changed ones are marked.

    Example: deckgen games            (every game)

    Example: deckgen games gin-rummy  (one game's house rules, what each changes)
    """
    from rich.table import Table

    from deckgen.booklet.deckfit import deck_needed
    from deckgen.booklet.sources import active_rules, load_source
    from deckgen.houserules import rules_sources
    from deckgen.engine.base import Parameter, show_value

    def declared(source: Any) -> dict[str, Parameter]:
        """The house-rule parameters of a rules file's engine games, each once, as the engine declares them."""
        found: dict[str, Parameter] = {}
        for spec in source.engine_games:
            for param in spec.parameters:
                found.setdefault(param.name, param)
        return found

    deck = load_deck(config, allow=allow_path)
    sources = rules_sources()
    if game is not None:
        if game not in sources:
            raise UserError(unknown_choice("game", game, sources))
        source = load_source(sources[game])
        params = declared(source)
        table = Table(title=f"{source.title}: house rules (\\[house_rules.{game}] in deck.toml)", show_lines=True)
        for column in ("parameter", "your value", "usual", "what it changes"):
            table.add_column(column, style="bold" if column == "parameter" else None)
        for key, value in active_rules(source, deck.house_rules).items():
            param = params[key]
            value_text = shown(show_value(value)) + (" [yellow](changed)[/yellow]" if value != param.default else "")
            about = f"[bold]{shown(param.label)}[/bold]: {shown(param.description)}"
            table.add_row(key, value_text, shown(show_value(param.default)), about)
        ui.console.print(table)
        if not table.rows:
            ui.console.print(f"{source.title} has no house-rule parameters.")
        computed = [t for spec in source.engine_games for t in spec.tables]
        if computed:
            tables = Table(title=f"{source.title}: tables the engine computes (a ```deckgen-table block names one)")
            for column in ("table", "other keys", "what it prints"):
                tables.add_column(column, style="bold" if column == "table" else None)
            for t in computed:
                tables.add_row(t.name, shown(", ".join(f"{k}: {v}" for k, v in t.options.items())), shown(t.description))
            ui.console.print(tables)
        return
    table = Table(title="Games (\\[booklet] games = \\[...] picks them; `deckgen games GAME` shows one in full)")
    # the game's name is what a person types: it never wraps; the ratings share one narrow column
    table.add_column("game", no_wrap=True)
    table.add_column("players")
    table.add_column("deck")
    table.add_column("luck brains fun", no_wrap=True, justify="center")
    table.add_column("booklet", justify="center")
    table.add_column("house rules")
    for name, path in sources.items():
        source = load_source(path)
        ratings = source.meta.get("ratings") or {}
        params = declared(source)
        active = active_rules(source, deck.house_rules)
        changed = []
        for key, value in active.items():
            default = params[key].default
            if value != default:
                changed.append(f"{key} = {shown(show_value(value))} [yellow](usually {shown(show_value(default))})[/yellow]")
        summary = "\n".join(changed) if changed else (f"{len(active)}, all usual" if active else "(none)")
        table.add_row(
            f"[bold]{shown(name)}[/bold]\n{shown(source.title)}",
            str(source.meta.get("players", "")),
            shown(deck_needed(source)),
            "  ".join(str(ratings.get(k, "–")) for k in ("luck", "brains", "fun")),
            "✓" if name in deck.booklet.games else "",
            summary,
        )
    ui.console.print(table)
