"""Citations of the project's own docs are true: every ``docs/metrics.md §N`` / ``docs/meta.md §N``
names a section that exists, and nothing cites the specification files a clone does not contain.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.datapaths import ROOT

DOCS = {"metrics.md": ROOT / "docs" / "metrics.md", "meta.md": ROOT / "docs" / "meta.md"}
CITATION = re.compile(r"docs/(metrics|meta)\.md §(\d+(?:\.\d+)?)(?:[-–](\d+(?:\.\d+)?))?")
#: citations of ../shared/spec, which a clone of the project does not have
STALE = re.compile(r"\b(?:METRICS|META)\.md\b")


def _sources() -> list[Path]:
    """Code, tests, benchmarks and docs (not the run records in docs/results, nor the changelog's history)."""
    files = [p for d in ("mtmetrics", "plugins", "tests", "bench") for p in (ROOT / d).rglob("*.py")]
    files += [p for p in (ROOT / "docs").rglob("*.md") if "results" not in p.parts and "build" not in p.parts]
    return sorted(p for p in files if ".venv" not in p.parts)


def _sections(path: Path) -> set[str]:
    """Section numbers of a doc: ``## 4. …`` gives ``4``, ``### 4.1 …`` gives ``4.1``."""
    found = re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", path.read_text(encoding="utf-8"), re.M)
    return set(found)


def test_the_docs_exist_and_have_sections() -> None:
    for path in DOCS.values():
        assert len(_sections(path)) >= 6, path


def test_every_cited_section_exists() -> None:
    sections = {name: _sections(path) for name, path in DOCS.items()}
    cited = 0
    for path in _sources() + sorted((ROOT / "docs" / "results").glob("*.md")):
        for doc, first, last in CITATION.findall(path.read_text(encoding="utf-8")):
            for number in filter(None, (first, last)):
                # "§1.1-1.3": both ends of a range are sections
                assert number in sections[f"{doc}.md"], f"{path.relative_to(ROOT)} cites docs/{doc}.md §{number}"
                cited += 1
    assert cited > 20


@pytest.mark.parametrize(
    "path", [p for p in _sources() if p != Path(__file__).resolve()], ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_citation_of_the_spec_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not STALE.search(text), (
        f"{path.relative_to(ROOT)} cites METRICS.md/META.md: cite docs/metrics.md or docs/meta.md"
    )
