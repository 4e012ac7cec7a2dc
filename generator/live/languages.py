"""The preview in one of the game's languages: the manifest's files of that language.

A build in several languages lists every file with its language; another language's
files are the source language's under a folder of its name (`fr/svg/tiles/...`). The
gallery shows one language at a time: its files, with their folder taken off so they
fall into the same groups, and put back for their addresses.
"""

from __future__ import annotations

from dataclasses import replace

from generator.live.pieces import Gallery, Group


def languages_of(manifest: dict) -> tuple[str, ...]:
    """The languages the manifest's files are in, the source language (whose files are
    in no folder of their language's name) first."""
    found: dict[str, bool] = {}
    for entry in _files(manifest):
        language = entry.get("language")
        if isinstance(language, str):
            found[language] = found.get(language, False) or not _in_folder(entry)
    return tuple(sorted(found, key=lambda language: not found[language]))


def folder_of(manifest: dict, language: str) -> str:
    """Where a language's files are ("fr/"), "" for the source language's or one the
    manifest does not list."""
    return f"{language}/" if any(_in_folder(e) and e.get("language") == language
                                 for e in _files(manifest)) else ""


def in_language(manifest: dict, language: str) -> tuple[dict, str]:
    """The manifest of one language's files, their paths taken out of its folder, and
    that folder (the whole manifest and "" for the source language)."""
    folder = folder_of(manifest, language)
    if not folder:
        return {**manifest, "files": [e for e in _files(manifest) if not _in_folder(e)]}, ""
    files = [{**e, "path": e["path"][len(folder):]} for e in _files(manifest)
             if e.get("language") == language and e["path"].startswith(folder)]
    return {**manifest, "files": files}, folder


def placed(shown: Gallery, folder: str) -> Gallery:
    """The gallery with each piece's address in its language's folder."""
    if not folder:
        return shown
    return replace(shown, groups=tuple(
        Group(g.key, g.title, g.css, tuple(replace(p, path=folder + p.path) for p in g.items))
        for g in shown.groups))


def _files(manifest: dict) -> list[dict]:
    files = manifest.get("files", [])
    return [f for f in files if isinstance(f, dict) and isinstance(f.get("path"), str)] \
        if isinstance(files, list) else []


def _in_folder(entry: dict) -> bool:
    language = entry.get("language")
    return isinstance(language, str) and entry["path"].startswith(f"{language}/")
