"""Tokenizes .tips files with Editors/tips.tmLanguage.json using textmate-grammar-python
(a TextMate engine on Oniguruma that we did not write) and compares the scopes with golden
files in Editors/tests/golden/. Also requires that no visible character is left without a
scope of its own, and that the words and literal kinds of the language get their scopes.

usage: python3 check_grammar.py REPO [--update]
"""

import json
import logging
import pathlib
import sys

from textmate_grammar.parsers.base import LanguageParser

logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
for handler in logging.getLogger("textmate_grammar").handlers:
    handler.setLevel(logging.ERROR)

# What each kind of token must be scoped as somewhere in the constructs sample.
REQUIRED = {
    "//": "comment.line.double-slash.tips",
    "/*": "comment.block.tips",
    '"': "string.quoted.double.tips",
    "\\(": "meta.interpolation.tips",
    "\\u{1F600}": "constant.character.escape.tips",
    "1h30m": "constant.numeric.duration.tips",
    "500ms": "constant.numeric.duration.tips",
    "1_000": "constant.numeric.integer.tips",
    "1.5e3": "constant.numeric.float.tips",
    "&&": "keyword.operator.logical.tips",
    "||": "keyword.operator.logical.tips",
    "??": "keyword.operator.coalesce.tips",
    ">=": "keyword.operator.comparison.tips",
    "%": "keyword.operator.arithmetic.tips",
    "true": "constant.language.boolean.tips",
    "nil": "constant.language.nil.tips",
    "now": "variable.language.now.tips",
    "transient": "storage.modifier.transient.tips",
    "config": "storage.type.config.tips",
    "testing": "storage.type.testing.tips",
    "enum": "storage.type.enum.tips",
    "param": "storage.type.param.tips",
    "event": "storage.type.event.tips",
    "tip": "storage.type.tip.tips",
    "group": "storage.type.group.tips",
    "count": "support.function.query.tips",
    "largestGroup": "support.function.query.tips",
    "date": "support.function.builtin.tips",
    "localized": "support.function.builtin.tips",
    "rule": "keyword.other.item.tips",
    "maxDisplayDuration": "keyword.other.item.tips",
    "within": "keyword.other.clause.tips",
    "showAll": "keyword.other.item.tips",
    "daily": "constant.language.frequency.tips",
    "ordered": "storage.modifier.priority.tips",
    "pro": "constant.other.enum-case.tips",
    "Set": "support.type.builtin.tips",
}


def tokens(parser, path):
    element = parser.parse_string(path.read_text(encoding="utf-8"))
    out = []
    for (line, column), text, scopes in element.flatten() if element else []:
        if text.strip():
            out.append((line, column, text, [s for s in scopes if s != "source.tips"]))
    return out


def render(toks):
    return "".join(f"{l + 1}:{c + 1}\t{json.dumps(t, ensure_ascii=False)}\t{' '.join(s)}\n" for l, c, t, s in toks)


def check_manifest(repo):
    """The VS Code manifest wires this grammar and language configuration, and they load."""
    import re

    problems = []
    vscode = repo / "Editors" / "vscode"
    manifest = json.loads((vscode / "package.json").read_text(encoding="utf-8"))
    grammar = manifest["contributes"]["grammars"][0]
    grammar_path = (vscode / grammar["path"]).resolve()
    if grammar_path != (repo / "Editors" / "tips.tmLanguage.json").resolve():
        problems.append(f"package.json grammar path leads to {grammar_path}")
    elif json.loads(grammar_path.read_text(encoding="utf-8"))["scopeName"] != grammar["scopeName"]:
        problems.append("package.json scopeName differs from the grammar's")
    language = manifest["contributes"]["languages"][0]
    configuration = json.loads((vscode / language["configuration"]).read_text(encoding="utf-8"))
    if configuration["comments"] != {"lineComment": "//", "blockComment": ["/*", "*/"]}:
        problems.append("language configuration comments are not // and /* */")
    for key in ("increaseIndentPattern", "decreaseIndentPattern"):
        re.compile(configuration["indentationRules"][key])
    word = re.compile(configuration["wordPattern"])
    for sample in ("1h30m", "1_000", "1.5e3", "hasSeenList"):
        if not word.fullmatch(sample):
            problems.append(f"wordPattern does not take {sample!r} as one word")
    if language["extensions"] != [".tips"]:
        problems.append("the language is not bound to .tips files")
    for p in problems:
        print(f"Editors/vscode: {p}")
    return len(problems)


def main():
    repo = pathlib.Path(sys.argv[1]).resolve()
    update = "--update" in sys.argv
    parser = LanguageParser(json.loads((repo / "Editors" / "tips.tmLanguage.json").read_text(encoding="utf-8")))
    files = sorted((repo / "Definitions").rglob("*.tips")) + [repo / "Editors" / "tests" / "constructs.tips"]
    golden_root = repo / "Editors" / "tests" / "golden"
    failures = 0
    seen = {}
    for path in files:
        toks = tokens(parser, path)
        for _, _, text, scopes in toks:
            seen.setdefault(text, set()).update(scopes)
        bare = [t for t in toks if not t[3]]
        for line, column, text, _ in bare:
            print(f"{path.relative_to(repo)}:{line + 1}:{column + 1}: no scope for {text!r}")
            failures += 1
        relative = path.relative_to(repo)
        golden = golden_root / (str(relative).replace("/", "__") + ".scopes")
        text = render(toks)
        if update:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(text, encoding="utf-8")
        elif not golden.exists() or golden.read_text(encoding="utf-8") != text:
            old = golden.read_text(encoding="utf-8").splitlines() if golden.exists() else []
            new = text.splitlines()
            first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            print(f"{relative}: scopes differ from {golden.relative_to(repo)} at token {first + 1}:")
            print(f"  golden: {old[first] if first < len(old) else '(end)'}")
            print(f"  now:    {new[first] if first < len(new) else '(end)'}")
            failures += 1
    for text, scope in REQUIRED.items():
        if not any(scope in s for t, s in seen.items() if t == text or t.startswith(text)):
            print(f"constructs: no token {text!r} scoped {scope}")
            failures += 1
    failures += check_manifest(repo)
    checked = len(files)
    if failures:
        print(f"grammar: {failures} problems in {checked} files")
        return 1
    print(f"grammar: {checked} files tokenized, every visible token scoped, scopes match the golden files"
          + (" (updated)" if update else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
