"""The Python WordPiece tokenizer gives the ids the `tokenizers` package gives, for the packaged model's config."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, SHARED
from sitelint import wordpiece
from sitelint.embed import resolve_model

TRICKY = [
    "", "  \n\t ", "Hello, world!", "don't stop-believing... (really)?!",
    "tab\there\x00nul\x0bvt\x1fus\x7fdel end", "a\x0cb\rc\nd\u200bzero-width\ufffdreplacement",
    "Ünïcode, emoji 🚀 and `inline_code()` survive tokenisation the same way.",
    "naïve café résumé façade coöperate — “quotes” and ‘single’ «guillemets»",
    "中文字符 and 日本語 カタカナ 한국어 𠀀 ideographs", "ΟΔΟΣ Σίσυφος İstanbul ǅ ß ﬁ x\u0301y\u0300",
    "[CLS] literal [MASK] tokens[SEP]x and [UNK][PAD]", "\u3000full\u00a0width\u2028line\u2029para\u202fnarrow",
    "a" * 150, "x" * 100, "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "e.g. 1,000.5 $5 #tag @user ~/path/to-file_name.md?x=1&y=2 `code` {a: [1]} <T>|^ \\ back",
    " ".join(["The bundler resolves every import of the entry file and writes one bundle per platform."] * 30),
]

THEIRS = """
import json, sys
from tokenizers import Tokenizer
tok = Tokenizer.from_file(sys.argv[1])
tok.no_padding()
tok.enable_truncation(max_length=256)
print(json.dumps([e.ids for e in tok.encode_batch(json.loads(sys.stdin.read()))]))
"""


def _texts() -> list[str]:
    texts = list(TRICKY)
    for name in ("react-native-website", "redux", "mkdocs"):
        for path in sorted((SHARED / "corpora" / name).rglob("*.md*"))[:150]:
            text = path.read_text(encoding="utf-8", errors="replace")
            texts += [text[i : i + 1500] for i in range(0, min(len(text), 4500), 1500)]
    return texts


def test_ids_are_those_of_the_tokenizers_package() -> None:
    path = Path(resolve_model("").source) / "tokenizer.json"
    mine = wordpiece.load(path, 256)
    assert mine is not None
    texts = _texts()
    assert len(texts) > 500
    out = subprocess.run([sys.executable, "-c", THEIRS, str(path)], input=json.dumps(texts), cwd=ROOT,
                         capture_output=True, text=True, check=True)
    theirs = json.loads(out.stdout)
    differ = [t[:60] for t, ids in zip(texts, theirs, strict=True) if mine.ids(t) != ids]
    assert differ == []
    assert max(len(ids) for ids in theirs) == 256  # long texts were cut the same way


def test_other_tokenizer_configurations_are_left_to_the_tokenizers_package(tmp_path: Path) -> None:
    spec = json.loads((Path(resolve_model("").source) / "tokenizer.json").read_text(encoding="utf-8"))
    for change in ({"normalizer": {**spec["normalizer"], "lowercase": False}},
                   {"pre_tokenizer": {"type": "Whitespace"}},
                   {"model": {**spec["model"], "type": "BPE"}}):
        path = tmp_path / "tokenizer.json"
        path.write_text(json.dumps({**spec, **change}), encoding="utf-8")
        assert wordpiece.load(path, 256) is None, change
    assert wordpiece.load(tmp_path / "missing.json", 256) is None
