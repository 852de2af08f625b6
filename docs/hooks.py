"""Site hooks: the README as the home page, and doctests shown as code.

* :func:`on_page_markdown` (an mkdocs hook) puts the README in place of ``index.md`` and the
  changelog in place of ``changelog.md``.  The README links ``docs/kernel.md`` and shows
  ``docs/images/*.svg`` for readers of the repository; on the site, whose root is ``docs/``,
  the same files are ``kernel.md`` and ``images/*.svg``.
* :class:`DoctestsAsCode` (a griffe extension, named in ``mkdocs.yml``) fences every doctest
  of a docstring as ``pycon`` code, so its brackets are not read as links, and shows a Sphinx
  cross-reference (``:class:`Game```) as code.
"""

import re
from pathlib import Path
from typing import Any

import griffe

SHOWN = {"index.md": "README.md", "changelog.md": "CHANGELOG.md"}
"""Site pages that show a file of the repository's root instead of their own text."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The README in place of ``index.md``, the changelog in place of ``changelog.md``, with
    the README's links to ``docs/`` and ``CHANGELOG.md`` pointing at the site's pages."""
    shown = SHOWN.get(page.file.src_uri)
    if shown is None:
        return markdown
    text = (Path(config["docs_dir"]).parent / shown).read_text("utf-8")
    return re.sub(r"\]\(docs/", "](", text).replace("](CHANGELOG.md)", "](changelog.md)")


ROLE = re.compile(r":(?:attr|class|data|exc|func|meth|mod|obj):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    """``text`` with each doctest (a ``>>>`` line up to the next blank line) fenced."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith(">>>"):
            out.append(lines[i])
            i += 1
            continue
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestsAsCode(griffe.Extension):
    """Fences the doctests of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(r"`\1`", fence_doctests(obj.docstring.value))
