"""Availability scopes of one Swift source file, from its text.

What the availability check needs to know about a use at a position, beyond the symbol:

- on which Apple platforms the code there is compiled at all (`#if` clauses: a use in
  `#if canImport(Glibc)` or in the `#else` of `#if canImport(Darwin)` never reaches an
  Apple platform), and
- which minimum version per platform the code there may assume: `if #available(...)`,
  `guard #available(...)` (the rest of the enclosing scope), `while #available(...)`,
  the `else` of a lone `#unavailable(...)`, and `@available(...)` on the enclosing
  declarations (function, property, type, extension), short and long form; a declaration
  unavailable on a platform never runs there.

`swiftc -dump-parse` would give the statements, but it drops the contents of every `#if`
clause (Swift 6.3), so this is a small lexer of its own: comments, string literals (raw,
multi-line, interpolations lexed as code), brackets, `#if` directives, attributes.
Offsets are byte offsets into the file (the index store's columns are bytes).
"""

import re

# Display order of the Apple platforms in messages.
APPLE = ("iOS", "macOS", "tvOS", "watchOS", "visionOS")

PLATFORM_NAMES = {
    "macos": "macOS", "osx": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
    "visionos": "visionOS", "xros": "visionOS", "maccatalyst": "macCatalyst",
}

UNAVAILABLE = "unavailable"

MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class",
    "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "required",
    "convenience", "optional", "dynamic", "nonisolated", "indirect", "prefix", "postfix",
    "infix", "consuming", "borrowing", "distributed", "isolated", "async", "__consuming",
}
DECL_KEYWORDS = {
    "func", "init", "deinit", "var", "let", "subscript", "struct", "class", "enum", "actor",
    "protocol", "extension", "typealias", "case", "macro", "associatedtype", "operator",
    "precedencegroup", "import",
}


def platform(name):
    """The canonical platform name (`macOS`), or None for anything else (`swift`,
    `iOSApplicationExtension`, `*`)."""
    return PLATFORM_NAMES.get(name.lower())


def parse_version(text):
    parts = []
    for p in text.split("."):
        if not p.isdigit():
            return None
        parts.append(int(p))
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts) if parts else None


def version_text(v, minor=True):
    """`(15,)` as `15.0` (minor) or `15`."""
    if v is None:
        return "?"
    parts = list(v)
    if minor and len(parts) < 2:
        parts.append(0)
    return ".".join(str(p) for p in parts)


class Token:
    __slots__ = ("kind", "text", "start", "end", "nl")

    def __init__(self, kind, text, start, end, nl):
        self.kind = kind    # id, num, pound, at, str, punct, directive
        self.text = text    # for directive: "if COND", "elseif COND", "else", "endif"
        self.start = start
        self.end = end
        self.nl = nl        # a newline separates it from the previous token

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.start}"


IDENT_START = re.compile(r"[A-Za-z_\x80-\xff]")
IDENT = re.compile(r"[A-Za-z0-9_\x80-\xff]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_.]*")
OPERATOR_CHARS = set("/=-+!*%<>&|^~?.")


class Lexer:
    """Tokens of a Swift file; string literal contents are skipped, interpolations are
    lexed as code."""

    def __init__(self, text):
        self.s = text
        self.n = len(text)
        self.tokens = []
        self.nl = True

    def add(self, kind, text, start, end):
        self.tokens.append(Token(kind, text, start, end, self.nl))
        self.nl = False

    def run(self):
        self.code(0, False)
        return self.tokens

    def skip_space(self, i):
        s, n = self.s, self.n
        while i < n:
            c = s[i]
            if c == "\n":
                self.nl = True
                i += 1
            elif c in " \t\r\f\v":
                i += 1
            elif s.startswith("//", i):
                j = s.find("\n", i)
                i = n if j < 0 else j
            elif s.startswith("/*", i):
                depth, i = 1, i + 2
                while i < n and depth:
                    if s.startswith("/*", i):
                        depth, i = depth + 1, i + 2
                    elif s.startswith("*/", i):
                        depth, i = depth - 1, i + 2
                    else:
                        if s[i] == "\n":
                            self.nl = True
                        i += 1
            else:
                break
        return i

    def code(self, i, interpolation):
        """Lexes code from `i`; inside an interpolation, up to and past its `)`."""
        s, n = self.s, self.n
        depth = 0
        while True:
            i = self.skip_space(i)
            if i >= n:
                return i
            c = s[i]
            if c == "#":
                hashes = len(s[i:]) - len(s[i:].lstrip("#"))
                after = i + hashes
                if after < n and s[after] == '"':
                    i = self.string(i, hashes)
                    continue
                if after < n and s[after] == "/" and hashes >= 1:
                    end = s.find("/" + "#" * hashes, after + 1)
                    end = n if end < 0 else end + 1 + hashes
                    self.add("str", "", i, end)
                    i = end
                    continue
                m = IDENT.match(s, i + 1)
                word = m.group(0)
                if word in ("if", "elseif", "else", "endif") and self.nl:
                    # The condition runs to the end of the line (comments excluded).
                    j = s.find("\n", m.end())
                    j = n if j < 0 else j
                    cond = re.sub(r"//.*|/\*.*?\*/", "", s[m.end():j]).strip()
                    self.add("directive", (word + " " + cond).strip(), i, j)
                    i = j
                    continue
                self.add("pound", word, i, m.end())
                i = m.end()
                continue
            if c == '"':
                i = self.string(i, 0)
                continue
            if c == "@":
                m = IDENT.match(s, i + 1)
                self.add("at", m.group(0), i, m.end())
                i = m.end()
                continue
            if c == "`":
                j = s.find("`", i + 1)
                j = n if j < 0 else j + 1
                self.add("id", s[i + 1:j - 1], i, j)
                i = j
                continue
            if IDENT_START.match(c):
                m = IDENT.match(s, i)
                self.add("id", m.group(0), i, m.end())
                i = m.end()
                continue
            if c.isdigit():
                m = NUMBER.match(s, i)
                self.add("num", m.group(0), i, m.end())
                i = m.end()
                continue
            if interpolation:
                if c == "(":
                    depth += 1
                elif c == ")":
                    if depth == 0:
                        return i + 1
                    depth -= 1
            if c in OPERATOR_CHARS:
                j = i
                while j < n and s[j] in OPERATOR_CHARS and not s.startswith("//", j) and not s.startswith("/*", j):
                    j += 1
                j = max(j, i + 1)
                self.add("op", s[i:j], i, j)
                i = j
                continue
            self.add("punct", c, i, i + 1)
            i += 1

    def string(self, i, hashes):
        """A string literal starting at `i` (its `#`s, if raw); returns the offset after it."""
        s, n = self.s, self.n
        start = i
        i += hashes
        multi = s.startswith('"""', i)
        quote = '"""' if multi else '"'
        i += len(quote)
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        self.add("str", "", start, start)  # placeholder: the literal's position
        token = self.tokens[-1]
        while i < n:
            if s.startswith(escape, i):
                j = i + len(escape)
                if j < n and s[j] == "(":
                    i = self.code(j + 1, True)
                    continue
                i = j + 1
                continue
            if s.startswith(close, i):
                i += len(close)
                break
            if s[i] == "\n":
                if not multi:
                    break  # unterminated: the compiler would have said so
                self.nl = True
            i += 1
        token.end = i
        self.nl = False
        return i


# -- #if conditions -----------------------------------------------------------------------

APPLE_MODULES = {
    # Importable on every Apple platform.
    "Darwin", "Foundation", "Dispatch", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI",
    "os", "Observation", "Synchronization", "OSLog", "CoreGraphics", "Security",
}
NOT_APPLE_MODULES = {
    "Glibc", "Musl", "WinSDK", "Bionic", "Android", "WASILibc", "ucrt", "CRT",
    # swift-corelibs-foundation's own modules, not in Apple's SDKs.
    "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
}
# What this toolchain offers on Linux.
LINUX = "Linux"
LINUX_MODULES = {
    "Glibc", "Foundation", "Dispatch", "Observation", "Synchronization", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "XCTest", "Testing",
}
NOT_LINUX_MODULES = {"Musl", "WinSDK", "Android", "Bionic", "WASILibc", "XcodeProjectPlugin"}
PLATFORM_MODULES = {
    "UIKit": {"iOS", "tvOS", "visionOS"},
    "AppKit": {"macOS"},
    "WatchKit": {"watchOS"},
}


def _not(a):
    return None if a is None else not a


def _and(a, b):
    if a is False or b is False:
        return False
    if a is None or b is None:
        return None
    return True


def _or(a, b):
    if a is True or b is True:
        return True
    if a is None or b is None:
        return None
    return False


class Condition:
    """A `#if` condition, evaluated for one Apple platform: True, False, or None when it
    depends on something not known here (custom flags, arch, compiler version)."""

    TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|,|>=|<|[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9.]*|\S)")

    def __init__(self, text):
        self.toks = [m.group(1) for m in self.TOKEN.finditer(text)]

    def value(self, platform_name):
        self.p = platform_name
        self.i = 0
        try:
            v = self.disjunction()
            if self.i != len(self.toks):
                return None
            return v
        except (IndexError, ValueError):
            return None

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def disjunction(self):
        v = self.conjunction()
        while self.peek() == "||":
            self.take()
            v = _or(v, self.conjunction())
        return v

    def conjunction(self):
        v = self.unary()
        while self.peek() == "&&":
            self.take()
            v = _and(v, self.unary())
        return v

    def unary(self):
        t = self.take()
        if t == "!":
            return _not(self.unary())
        if t == "(":
            v = self.disjunction()
            if self.take() != ")":
                raise ValueError
            return v
        if t == "true":
            return True
        if t == "false":
            return False
        if self.peek() == "(":
            self.take()
            args = []
            depth = 0
            while True:
                a = self.take()
                if a == "(":
                    depth += 1
                elif a == ")":
                    if depth == 0:
                        break
                    depth -= 1
                args.append(a)
            return self.call(t, args)
        return None  # a -D flag: not known here

    def call(self, name, args):
        arg = args[0] if args else ""
        if self.p == LINUX:
            return self.linux(name, arg)
        if name == "os":
            p = platform(arg)
            return p == self.p
        if name == "canImport":
            if arg in APPLE_MODULES:
                return True
            if arg in NOT_APPLE_MODULES:
                return False
            if arg in PLATFORM_MODULES:
                return self.p in PLATFORM_MODULES[arg]
            return None
        if name == "targetEnvironment" and arg == "macCatalyst":
            return None if self.p == "iOS" else False
        if name == "_runtime":
            return arg == "_ObjC"
        return None  # arch, swift, compiler, hasFeature, targetEnvironment(simulator), ...

    @staticmethod
    def linux(name, arg):
        if name == "os":
            return arg == "Linux"
        if name == "canImport":
            if arg in LINUX_MODULES:
                return True
            if arg in APPLE_MODULES - LINUX_MODULES or arg in PLATFORM_MODULES or arg in NOT_LINUX_MODULES:
                return False
            return None
        if name in ("targetEnvironment", "_runtime"):
            return False if arg in ("macCatalyst", "simulator", "_ObjC") else None
        return None


# -- the scopes -----------------------------------------------------------------------------

class Region:
    """A byte range [start, end) and what code in it may assume, per platform: a version
    tuple, or UNAVAILABLE (code there never runs on that platform)."""
    __slots__ = ("start", "end", "floors", "why")

    def __init__(self, start, end, floors, why):
        self.start, self.end, self.floors, self.why = start, end, floors, why


class Clause:
    """One clause of a `#if`: its byte range, the Apple platforms it may be compiled for,
    and whether it may be compiled on Linux (False, True or None: unknown)."""
    __slots__ = ("start", "end", "platforms", "condition", "linux", "directive")

    def __init__(self, start, end, platforms, condition, linux, directive):
        self.start, self.end, self.platforms, self.condition = start, end, platforms, condition
        self.linux, self.directive = linux, directive


def parse_specs(tokens):
    """`macOS 15, iOS 18.0, *` (tokens between the parentheses) → {platform: version}."""
    result = {}
    for item in split_commas(tokens):
        if len(item) >= 2 and item[0].kind == "id" and item[1].kind == "num":
            p = platform(item[0].text)
            v = parse_version(item[1].text)
            if p and v:
                result[p] = v
    return result


def parse_available_attr(tokens):
    """The arguments of `@available(...)` → {platform: version or UNAVAILABLE}."""
    items = split_commas(tokens)
    if not items or not items[0]:
        return {}
    first = items[0]
    if first[0].text == "*":
        if any(len(it) == 1 and it[0].text == "unavailable" for it in items[1:]):
            return {p: UNAVAILABLE for p in APPLE}
        return {}
    if len(first) == 1 and first[0].kind == "id":
        # Long form: @available(iOS, introduced: 18, deprecated: ..., unavailable, ...)
        p = platform(first[0].text)
        if not p:
            return {}
        for it in items[1:]:
            if len(it) == 1 and it[0].text == "unavailable":
                return {p: UNAVAILABLE}
            if len(it) >= 3 and it[0].text == "introduced" and it[1].text == ":":
                v = parse_version(it[2].text)
                if v:
                    return {p: v}
        return {}
    return parse_specs(tokens)


def split_commas(tokens):
    items, cur, depth = [], [], 0
    for t in tokens:
        if t.text in ("(", "[", "{"):
            depth += 1
        elif t.text in (")", "]", "}"):
            depth -= 1
        if t.text == "," and depth == 0 and t.kind == "punct":
            items.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        items.append(cur)
    return items


class FileScopes:
    """The `#if` clauses and availability regions of one file."""

    def __init__(self, data):
        # Bytes as latin-1: one character per byte, so offsets are byte offsets.
        self.text = data.decode("latin-1") if isinstance(data, bytes) else data
        self.tokens = Lexer(self.text).run()
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        self.clauses = []
        self.regions = []
        self.notes = []
        self._brackets()
        self._ifconfig()
        self._availability()

    # Positions.
    def offset(self, line, col):
        if line - 1 >= len(self.line_starts):
            return len(self.text)
        return self.line_starts[line - 1] + col - 1

    def line_col(self, offset):
        import bisect
        i = bisect.bisect_right(self.line_starts, offset) - 1
        return i + 1, offset - self.line_starts[i] + 1

    # Structure.
    def _brackets(self):
        """match[i]: index of the bracket closing/opening token i; depth[i]: nesting of i."""
        toks = self.tokens
        self.match = [-1] * len(toks)
        self.depth = [0] * len(toks)
        stack = []
        pairs = {")": "(", "]": "[", "}": "{"}
        for i, t in enumerate(toks):
            self.depth[i] = len(stack)
            if t.kind != "punct":
                continue
            if t.text in "([{":
                stack.append(i)
            elif t.text in pairs:
                # Unbalanced text (it happens only with odd #if use): close what matches.
                while stack and toks[stack[-1]].text != pairs[t.text]:
                    stack.pop()
                if stack:
                    j = stack.pop()
                    self.match[i], self.match[j] = j, i
                    self.depth[i] = len(stack)

    def _ifconfig(self):
        """Clauses of every #if, with the platforms each may be compiled for (outer clauses
        included)."""
        stack = []  # per open #if: earlier conditions, current clause, outer platforms
        for t in self.tokens:
            if t.kind != "directive":
                continue
            word, _, cond = t.text.partition(" ")
            if word == "if":
                outer = self._clause_platforms(stack[-1]) if stack else set(APPLE) | {LINUX}
                stack.append({"prior": [], "start": t.end, "cond": cond, "outer": outer, "directive": t.start})
            elif word in ("elseif", "else") and stack:
                top = stack[-1]
                self._close_clause(top, t.start)
                top["prior"].append(top["cond"])
                top["start"] = t.end
                top["directive"] = t.start
                top["cond"] = cond if word == "elseif" else "true"
            elif word == "endif" and stack:
                top = stack.pop()
                self._close_clause(top, t.start)
        for top in stack:  # unterminated #if
            self._close_clause(top, len(self.text))

    def _clause_platforms(self, top):
        result = set()
        for p in top["outer"]:
            active = Condition(top["cond"]).value(p)
            for prior in top["prior"]:
                active = _and(active, _not(Condition(prior).value(p)))
            if active is not False:
                result.add(p)
        return result

    def _close_clause(self, top, end):
        platforms = self._clause_platforms(top)
        self.clauses.append(Clause(top["start"], end, platforms - {LINUX}, top["cond"], LINUX in platforms,
                                   top["directive"]))

    def innermost_clause(self, offset):
        best = None
        for c in self.clauses:
            if c.start <= offset < c.end and (best is None or c.start > best.start):
                best = c
        return best

    def platforms_at(self, offset):
        """The Apple platforms the code at `offset` may be compiled for."""
        c = self.innermost_clause(offset)
        return set(APPLE) if c is None else c.platforms

    # Availability.
    def _availability(self):
        toks = self.tokens
        for i, t in enumerate(toks):
            if t.kind == "pound" and t.text in ("available", "unavailable"):
                self._condition(i)
            elif t.kind == "at" and t.text == "available":
                self._attribute(i)

    def _next_at_depth(self, i, texts, stop_texts=("}",)):
        """The index of the next token after i at i's depth whose text is in texts."""
        d = self.depth[i]
        j = i + 1
        while j < len(self.tokens):
            tj = self.tokens[j]
            if self.depth[j] < d:
                return -1
            if self.depth[j] == d:
                if tj.text in texts and tj.kind in ("punct", "id"):
                    return j
                if tj.text in stop_texts and tj.kind == "punct":
                    return -1
            j += 1
        return -1

    def _condition(self, i):
        toks = self.tokens
        if i + 1 >= len(toks) or toks[i + 1].text != "(" or self.match[i + 1] < 0:
            return
        close = self.match[i + 1]
        specs = parse_specs(toks[i + 2:close])
        negated = toks[i].text == "unavailable"
        # The statement: the nearest if/guard/while before it at the same depth.
        d = self.depth[i]
        k = i - 1
        while k >= 0 and self.depth[k] >= d:
            if self.depth[k] == d:
                if toks[k].kind == "id" and toks[k].text in ("if", "guard", "while"):
                    break
                if toks[k].text in ("{", "}", ";") and toks[k].kind == "punct":
                    return
            k -= 1
        else:
            return
        if k < 0 or self.depth[k] != d:
            return
        keyword = toks[k].text
        why = f"#{toks[i].text}({self.text[toks[i + 1].end:toks[close].start].strip()}) at line {self.line_col(toks[i].start)[0]}"
        if keyword in ("if", "while"):
            body = self._next_at_depth(close, ("{",))
            if body < 0 or self.match[body] < 0:
                return
            alone = (k + 1 == i) and (close + 1 == body)
            end = self.match[body]
            if not negated:
                # Later conditions of the list and the body.
                self.regions.append(Region(toks[close].end, toks[end].end, specs, why))
            elif keyword == "if" and alone:
                e = end + 1
                if e < len(toks) and toks[e].text == "else":
                    last = self._else_end(e)
                    if last >= 0:
                        self.regions.append(Region(toks[e].start, toks[last].end, specs, why))
        else:  # guard
            els = self._next_at_depth(close, ("else",))
            if els < 0 or els + 1 >= len(toks) or toks[els + 1].text != "{" or self.match[els + 1] < 0:
                return
            body_end = self.match[els + 1]
            alone = (k + 1 == i) and (close + 1 == els)
            if negated:
                if alone:
                    self.regions.append(Region(toks[els + 1].start, toks[body_end].end, specs, why))
                return
            # The conditions after it, then the rest of the enclosing scope (not the else).
            self.regions.append(Region(toks[close].end, toks[els].start, specs, why))
            scope_end = self._scope_end(k)
            clause = self.innermost_clause(toks[k].start)
            scope_start = self._scope_start(k)
            if clause is not None and clause.start > scope_start:
                # In a #if clause of this scope: what follows the #endif is compiled
                # without the guard on platforms where the clause is inactive.
                scope_end = min(scope_end, clause.end)
            self.regions.append(Region(toks[body_end].end, scope_end, specs, why))

    def _else_end(self, e):
        """Index of the last token of the else branch starting at token e (`else`)."""
        toks = self.tokens
        j = e + 1
        if j < len(toks) and toks[j].text == "{":
            return self.match[j]
        if j < len(toks) and toks[j].text == "if":
            body = self._next_at_depth(j, ("{",))
            if body < 0 or self.match[body] < 0:
                return -1
            end = self.match[body]
            if end + 1 < len(toks) and toks[end + 1].text == "else":
                return self._else_end(end + 1)
            return end
        return -1

    def _scope_start(self, k):
        j = k - 1
        while j >= 0:
            if self.tokens[j].text == "{" and self.tokens[j].kind == "punct" and self.match[j] > k:
                return self.tokens[j].start
            j -= 1
        return 0

    def _scope_end(self, k):
        j = k - 1
        while j >= 0:
            if self.tokens[j].text == "{" and self.tokens[j].kind == "punct" and self.match[j] > k:
                return self.tokens[self.match[j]].start
            j -= 1
        return len(self.text)

    def _attribute(self, i):
        toks = self.tokens
        if i + 1 >= len(toks) or toks[i + 1].text != "(" or self.match[i + 1] < 0:
            return
        close = self.match[i + 1]
        floors = parse_available_attr(toks[i + 2:close])
        if not floors:
            return
        start = self._attributes_start(i)
        end = self._declaration_end(close + 1)
        why = f"@available({self.text[toks[i + 1].end:toks[close].start].strip()}) at line {self.line_col(toks[i].start)[0]}"
        self.regions.append(Region(start, end, floors, why))

    def _attributes_start(self, i):
        """The start of the attribute list and modifiers the attribute at i is part of."""
        toks = self.tokens
        j = i
        while j > 0:
            p = toks[j - 1]
            if p.text == ")" and p.kind == "punct" and self.match[j - 1] >= 1 and toks[self.match[j - 1] - 1].kind == "at":
                j = self.match[j - 1] - 1
            elif p.kind == "at" or (p.kind == "id" and p.text in MODIFIERS):
                j -= 1
            else:
                break
        return toks[j].start

    def _declaration_end(self, j):
        """The end offset of the declaration whose attributes/modifiers start at token j."""
        toks = self.tokens
        n = len(toks)
        # Attributes (with arguments) and modifiers (`private(set)`).
        while j < n:
            t = toks[j]
            if t.kind == "at" or (t.kind == "id" and t.text in MODIFIERS):
                j += 1
                if j < n and toks[j].text == "(" and toks[j].start == toks[j - 1].end and self.match[j] > 0:
                    j = self.match[j] + 1
                continue
            break
        if j >= n:
            return len(self.text)
        j += 1  # the declaration keyword (or whatever stands there)
        last = j - 1
        while j < n:
            t = toks[j]
            if t.kind == "punct" and t.text in "([" and self.match[j] > 0:
                last = self.match[j]
                j = last + 1
                continue
            if t.kind == "punct" and t.text == "{" and self.match[j] > 0:
                return toks[self.match[j]].end
            if t.kind == "punct" and t.text in ("}", ";", ")", "]"):
                break
            if t.nl and (t.kind in ("at", "directive") or (t.kind == "id" and (t.text in DECL_KEYWORDS or t.text in MODIFIERS))):
                break
            last = j
            j += 1
        return toks[last].end

    def coverage(self, offset):
        """Per platform, what the code at offset may assume: the highest version of the
        regions around it, or UNAVAILABLE; with the regions that said so."""
        result, why = {}, {}
        for r in self.regions:
            if r.start <= offset < r.end:
                for p, v in r.floors.items():
                    old = result.get(p)
                    if old == UNAVAILABLE:
                        continue
                    if v == UNAVAILABLE or old is None or v > old:
                        result[p] = v
                        why[p] = r.why
        return result, why
