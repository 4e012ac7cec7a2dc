"""Render the rulebook's Markdown templates in a sandboxed, strict Jinja2 environment.

A designer's mistake in a template must point at the template file and line, like
a content error does: syntax errors become TKG301, unknown names TKG302, both raised
as `ContentError` so `tkg build` exits 1 without a traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path

import jinja2

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.errors import ContentError
from generator.core.model import Location
from generator.core.nearest import nearest_aside
from generator.core.paths import display_path
from generator.core.words import SOURCE_WORDS, Words
from generator.load.layers import Layers
from generator.text.compiled import compiled_templates
from generator.text.completions import UnknownRule, playtest_call
from generator.text.context import FIGURES, Record, Rendered, context_words, rulebook_layers
from generator.text.images import image_problems
from generator.text.sandbox import (
    BOUNDS_HINT,
    BoundedEnvironment,
    InsideLoader,
    TemplateTooBig,
    TemplateTooSlow,
    bounded_render,
)
from generator.text.unknown_names import unknown_fields, unknown_names

SUFFIX = ".md.j2"
AID_TEMPLATE = "aid.md.j2"  # the player aid; every other NN-*.md.j2 is a rulebook section


class UnknownName(jinja2.UndefinedError):
    """A name a template uses that nothing gives: the name, and what it was looked up in
    (jinja2's `missing`: the names the template is rendered with)."""

    def __init__(self, message: str, name: object, owner: object):
        super().__init__(message)
        self.name, self.owner = name, owner


class ContextUndefined(jinja2.StrictUndefined):
    """Strict, and when a record lacks a name, the message names the nearest it has
    ("did you mean ...?") and lists them all; a name the template is rendered without is
    raised as an `UnknownName`, for `render_template` to name the nearest it has."""

    __slots__ = ()

    def __init__(self, hint: str | None = None, obj: object = jinja2.utils.missing,
                 name: str | None = None, exc: type = jinja2.UndefinedError) -> None:
        # jinja2 raises `exc(message)`: made so, the error knows the name and its owner
        # (the sandbox's own error, for an unsafe name, is left as it is).
        if exc is jinja2.UndefinedError:
            exc = functools.partial(UnknownName, name=name, owner=obj)  # type: ignore[assignment]
        super().__init__(hint, obj, name, exc)

    @property
    def _undefined_message(self) -> str:
        owner = self._undefined_obj
        if isinstance(owner, Record) and isinstance(self._undefined_name, str):
            return _no_field(self._undefined_name, owner)
        return super()._undefined_message


def _no_field(name: str, record: Record) -> str:
    """What a template is told of a field `record` lacks."""
    names = record.names()
    return f"no variable {name!r} here{nearest_aside(name, names)}; known: {', '.join(names)}"


class UnknownFigure(jinja2.TemplateRuntimeError):
    """Raised inside a template that asks for a figure nobody draws."""


def _figure_call(known: frozenset[str]):
    def figure(name: str, caption: str = "") -> str:
        """Insert a figure: Markdown image syntax with the `figure:` scheme."""
        if name not in known:
            raise UnknownFigure(f"unknown figure {name!r}; known: {', '.join(sorted(known))}")
        return f"\n\n![{caption}](figure:{name})\n\n"
    return figure


# One environment per folder and language for the process: it keeps each template
# compiled (compiling the aid's took ~25 ms, once per Oink, at every build of `tkg watch`)
# and compiles it again when its file changes (Jinja2 checks the file's modification time
# before each use). Rendering leaves nothing behind in it.
@functools.lru_cache(maxsize=8)
def make_environment(folder: Path | tuple[Path, ...], figures: frozenset[str],
                     words: Words = SOURCE_WORDS) -> jinja2.Environment:
    """A sandboxed Jinja2 environment over `folder` (or folders, the first that has a
    template giving it) where unknown names are errors, speaking the language of
    `words`: `_()`/`ngettext()` (Jinja2's i18n) and `join`/`plural` are its."""
    folders = (folder,) if isinstance(folder, Path) else folder
    loaders = [InsideLoader(str(f)) for f in folders]
    env = BoundedEnvironment(
        loader=loaders[0] if len(loaders) == 1 else jinja2.ChoiceLoader(loaders),
        undefined=ContextUndefined, bytecode_cache=compiled_templates(),
        autoescape=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(words.gettext, words.ngettext,  # type: ignore[attr-defined]
                                  newstyle=True, pgettext=words.pgettext)
    env.globals.update(figure=_figure_call(figures), join=words.join, plural=words.plural,
                       page_break=lambda: "\n\n![](break:page)\n\n",
                       column_break=lambda: "\n\n![](break:column)\n\n")
    return env


def section_names(layers: Layers) -> list[str]:
    """The rulebook's section templates in reading order (NN-name.md.j2), each name once:
    a game's own section of a name takes the place of the shared one."""
    return [name for name in layers.names(".", f"*{SUFFIX}") if name[:1].isdigit()]


def _template_line(exc: BaseException, path: Path) -> int:
    """The template line of a runtime error; Jinja rewrites frames to point there."""
    line, tb, target = 0, exc.__traceback__, str(path.resolve())
    while tb is not None:
        if str(Path(tb.tb_frame.f_code.co_filename).resolve()) == target:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


HINT = "the names a template may use are listed in templates/rulebook/README.md"


def _error(code: str, path: Path, line: int, message: str,
           hint: str | None = None) -> ContentError:
    return ContentError([_told(code, path, line, message, hint)])


def _told(code: str, path: Path, line: int, message: str,
          hint: str | None = None) -> Diagnostic:
    where = Location(display_path(path), max(line, 1), 1)
    return diagnostic(code, where, message, hint or (HINT if code == "TKG302" else None))


def _unknown(exc: jinja2.UndefinedError, env: jinja2.Environment, name: str, path: Path,
             context: Mapping) -> list[Diagnostic]:
    """TKG302 for the unknown name that stopped the render. When it is a name the
    template is rendered without, with the nearest it is rendered with ("did you mean
    'element_names'?"); and, when it is a name or a record's field, so for every other
    such name and field the template uses, each at the line it is first used at
    (`unknown_names`, `unknown_fields`): all of them in one run."""
    line, message = _template_line(exc, path), exc.message or str(exc)
    if not (isinstance(exc, UnknownName) and isinstance(exc.name, str)):
        return [_told("TKG302", path, line, message)]
    known = [*context, *env.globals]
    source = template_source(env, name)
    if exc.owner is jinja2.utils.missing:
        message += nearest_aside(exc.name, known)
    found = [_told("TKG302", path, line, message)]
    for other, at in unknown_names(env, source, [*known, exc.name]):
        found.append(_told("TKG302", path, at,
                           f"{other!r} is undefined{nearest_aside(other, known)}"))
    for field, record, at in unknown_fields(env, source, context):
        if not (field == exc.name and record is exc.owner):  # the one that stopped it
            found.append(_told("TKG302", path, at, _no_field(field, record)))
    return found


def render_template(env: jinja2.Environment, folder: Path, name: str,
                    context: Mapping) -> Rendered:
    """Render one template; a mistake becomes a positioned ContentError."""
    path = folder / name
    context = {**context, "playtest": playtest_call(context, context_words(context))}
    try:
        template = env.get_template(name)
        problems = image_problems(template_source(env, name), path, FIGURES,
                                  frozenset(context["draft"].names()) if "draft" in context
                                  else frozenset())
        if problems:
            raise ContentError(problems)
        text = bounded_render(template, context)
    except ContentError:
        raise
    except (TemplateTooBig, TemplateTooSlow) as exc:
        raise _error("TKG302", path, _template_line(exc, path), str(exc), BOUNDS_HINT) \
            from None
    except jinja2.TemplateSyntaxError as exc:
        where = Path(exc.filename) if exc.filename else path
        raise _error("TKG301", where, exc.lineno, f"template syntax error: {exc.message}") \
            from None
    except jinja2.UndefinedError as exc:
        raise ContentError(_unknown(exc, env, name, path, context)) from None
    except (UnknownFigure, UnknownRule) as exc:
        raise _error("TKG302", path, _template_line(exc, path), str(exc)) from None
    except jinja2.TemplateNotFound as exc:
        raise _error("TKG301", path, _template_line(exc, path),
                     f"template {exc.name} not found") from None
    except jinja2.TemplateError as exc:
        raise _error("TKG301", path, _template_line(exc, path), str(exc)) from None
    except Exception as exc:  # an expression that fails when run, e.g. {{ 1 / 0 }}
        raise _error("TKG302", path, _template_line(exc, path),
                     f"the template fails here: {type(exc).__name__}: {exc}") from None
    return Rendered(name, text)


def template_source(env: jinja2.Environment, name: str) -> str:
    """A template's own text, as the loader reads it."""
    if env.loader is None:  # as jinja2 says when asked for a template
        raise TypeError("no loader for this environment specified")
    source, _, _ = env.loader.get_source(env, name)
    return source


def render_rulebook(templates_dir: Path, context: Mapping) -> list[Rendered]:
    """Every section template of templates/rulebook, rendered in order, in the context's
    language (its folder's templates first, the tool's words its catalogue's).

    Every template is rendered, so one ContentError carries the problems of them all.
    """
    layers = rulebook_layers(templates_dir, context.get("language", ""))
    names = section_names(layers)
    if not names:
        raise _error("TKG301", layers.own, 1, "there are no rulebook templates "
                     f"(*{SUFFIX}) in {display_path(layers.own)}")
    env = make_environment(layers.folders, FIGURES, context_words(context))
    rendered, problems = [], []
    for name in names:
        try:
            rendered.append(render_template(env, layers.find(name).parent, name, context))
        except ContentError as exc:
            problems += exc.diagnostics
    if problems:
        raise ContentError(problems)
    return rendered


def render_aid(templates_dir: Path, context: Mapping) -> Rendered:
    """The player aid template, rendered for one Oink's context."""
    return render_aids(templates_dir, (context,))[0]


def render_aids(templates_dir: Path, contexts: Sequence[Mapping]) -> list[Rendered]:
    """The player aid template rendered for each Oink's context, compiled once (with the
    short forms it imports) for them all."""
    first = contexts[0] if contexts else {}
    layers = rulebook_layers(templates_dir, first.get("language", ""))
    path = layers.find(AID_TEMPLATE)
    if not path.is_file():
        raise _error("TKG301", layers.own, 1, "there is no player aid template "
                     f"{display_path(path)}")
    env = make_environment(layers.folders, frozenset(), context_words(first))
    return [render_template(env, path.parent, AID_TEMPLATE, context) for context in contexts]
