#!/usr/bin/env python3
"""Tests of the availability scopes read from Swift text (swiftscope.py).

    python3 scripts/availability/test_swiftscope.py

Each case marks positions with `/*@NAME*/` comments and states what the code right after
the marker may assume, per platform, and where it is compiled.
"""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from swiftscope import APPLE, UNAVAILABLE, Condition, FileScopes  # noqa: E402

MARK = re.compile(r"/\*@(\w+)\*/")


def scopes(text):
    f = FileScopes(text.encode())
    marks = {m.group(1): m.end() for m in MARK.finditer(f.text)}
    return f, marks


class GuardTests(unittest.TestCase):
    def cov(self, text):
        f, marks = scopes(text)
        return {name: f.coverage(off)[0] for name, off in marks.items()}

    def test_if_available_covers_later_conditions_and_body_not_else(self):
        c = self.cov("""
func f() {
    /*@before*/use()
    if #available(macOS 15, iOS 18.0, *), let x = /*@cond*/make() {
        /*@then*/use()
    } else {
        /*@else*/use()
    }
    /*@after*/use()
}""")
        self.assertEqual(c["then"], {"macOS": (15,), "iOS": (18,)})
        self.assertEqual(c["cond"], {"macOS": (15,), "iOS": (18,)})
        for k in ("before", "else", "after"):
            self.assertEqual(c[k], {}, k)

    def test_guard_available_covers_the_rest_of_the_scope_only(self):
        c = self.cov("""
func f() {
    /*@before*/use()
    guard #available(macOS 15, *) else { /*@else*/return }
    /*@rest*/use()
    do {
        /*@nested*/use()
    }
    /*@end*/use()
}
func g() { /*@other*/use() }""")
        self.assertEqual(c["rest"], {"macOS": (15,)})
        self.assertEqual(c["nested"], {"macOS": (15,)})
        self.assertEqual(c["end"], {"macOS": (15,)})
        for k in ("before", "else", "other"):
            self.assertEqual(c[k], {}, k)

    def test_guard_in_a_closure_covers_the_closure_only(self):
        c = self.cov("""
func f() {
    let c = {
        guard #available(iOS 18, *) else { return }
        /*@inside*/use()
    }
    /*@outside*/use()
}""")
        self.assertEqual(c["inside"], {"iOS": (18,)})
        self.assertEqual(c["outside"], {})

    def test_guard_in_an_if_clause_ends_at_the_endif(self):
        c = self.cov("""
func f() {
    #if os(macOS)
    guard #available(macOS 15, *) else { return }
    /*@clause*/use()
    #endif
    /*@after*/use()
}""")
        self.assertEqual(c["clause"], {"macOS": (15,)})
        self.assertEqual(c["after"], {})

    def test_unavailable_covers_the_else_of_a_lone_condition(self):
        c = self.cov("""
func f() {
    if #unavailable(iOS 18) { /*@then*/use() } else { /*@else*/use() }
    if #unavailable(iOS 18), flag { /*@then2*/use() } else { /*@else2*/use() }
    if #unavailable(iOS 18) { use() } else if x { /*@elseif*/use() } else { /*@last*/use() }
    guard #unavailable(macOS 15) else { /*@guardelse*/use(); return }
    /*@guardrest*/use()
}""")
        self.assertEqual(c["else"], {"iOS": (18,)})
        self.assertEqual(c["elseif"], {"iOS": (18,)})
        self.assertEqual(c["last"], {"iOS": (18,)})
        self.assertEqual(c["guardelse"], {"macOS": (15,)})
        for k in ("then", "then2", "else2", "guardrest"):
            self.assertEqual(c[k], {}, k)

    def test_while_available(self):
        c = self.cov("func f() { while #available(tvOS 18, *) { /*@body*/use() }; /*@after*/use() }")
        self.assertEqual(c["body"], {"tvOS": (18,)})
        self.assertEqual(c["after"], {})

    def test_nested_scopes_take_the_highest_version(self):
        c = self.cov("""
@available(macOS 14, iOS 17, *)
struct S {
    @available(macOS 15, *)
    func f() {
        if #available(iOS 18, macOS 14, *) { /*@in*/use() }
    }
}""")
        self.assertEqual(c["in"], {"macOS": (15,), "iOS": (18,)})


class AttributeTests(unittest.TestCase):
    def cov(self, text):
        f, marks = scopes(text)
        return {name: f.coverage(off)[0] for name, off in marks.items()}

    def test_short_and_long_forms(self):
        c = self.cov("""
@available(macOS 15.0, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func short() { /*@short*/use() }
@available(iOS, introduced: 18)
@available(macOS, introduced: 15.4, deprecated: 26)
public func long() { /*@long*/use() }
@available(iOS, deprecated: 17)
func deprecatedOnly() { /*@deprecated*/use() }
@available(swift 6)
func swiftOnly() { /*@swift*/use() }
/*@outside*/use()""")
        self.assertEqual(c["short"], {"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,), "visionOS": (2,)})
        self.assertEqual(c["long"], {"iOS": (18,), "macOS": (15, 4)})
        self.assertEqual(c["deprecated"], {})
        self.assertEqual(c["swift"], {})
        self.assertEqual(c["outside"], {})

    def test_types_extensions_and_members(self):
        c = self.cov("""
@available(macOS 15, *)
extension String {
    var a: Int { /*@member*/use() }
    func b() {}
}
@MainActor @available(iOS 18, *) final class C: P where T: Q {
    /*@classmember*/let x = use()
}
struct S {
    @available(iOS 18, *)
    var computed: Int { get { /*@getter*/use() } }
    var plain: Int { /*@plain*/use() }
    @available(iOS 18, *) @discardableResult
    func f(x: Int = /*@default*/use(),
           y: () -> Void = { }) -> Int { /*@body*/use() }
    /*@next*/func g() {}
}""")
        self.assertEqual(c["member"], {"macOS": (15,)})
        self.assertEqual(c["classmember"], {"iOS": (18,)})
        self.assertEqual(c["getter"], {"iOS": (18,)})
        self.assertEqual(c["default"], {"iOS": (18,)})
        self.assertEqual(c["body"], {"iOS": (18,)})
        self.assertEqual(c["plain"], {})
        self.assertEqual(c["next"], {})

    def test_bodyless_declarations_end_at_the_line(self):
        c = self.cov("""
protocol P {
    @available(macOS 15, *)
    func f() -> /*@sig*/Mutex<Int>
    /*@next*/func g()
}
enum E {
    @available(iOS 18, *)
    case a(/*@payload*/Mutex<Int>)
    case /*@b*/b
}""")
        self.assertEqual(c["sig"], {"macOS": (15,)})
        self.assertEqual(c["payload"], {"iOS": (18,)})
        self.assertEqual(c["next"], {})
        self.assertEqual(c["b"], {})

    def test_unavailable_declarations(self):
        c = self.cov("""
@available(*, unavailable)
func never() { /*@never*/use() }
@available(watchOS, unavailable)
func notOnWatch() { /*@watch*/use() }
@available(*, deprecated, message: "x")
func old() { /*@old*/use() }""")
        self.assertEqual(c["never"], {p: UNAVAILABLE for p in APPLE})
        self.assertEqual(c["watch"], {"watchOS": UNAVAILABLE})
        self.assertEqual(c["old"], {})


class LexerTests(unittest.TestCase):
    def test_braces_in_strings_and_comments_do_not_count(self):
        f, marks = scopes("""
func f() {
    guard #available(macOS 15, *) else { return }
    let a = "}{ \\(x.map { "}" + $0 }) }"
    let n = "\\(f(a, g(b), "{") + ")") } {"
    let b = #"raw } "\\(notInterpolated)" \\#(interpolated { }) "#
    let c = \"\"\"
        } multi-line "quoted" }
        \"\"\"
    // } in a comment
    /* nested /* } */ } */
    /*@after*/use()
}
/*@outside*/use()""")
        self.assertEqual(f.coverage(marks["after"])[0], {"macOS": (15,)})
        self.assertEqual(f.coverage(marks["outside"])[0], {})
        # The braces of the code: f's body, guard's else, the closures in two interpolations.
        braces = [t.text for t in f.tokens if t.kind == "punct" and t.text in "{}"]
        self.assertEqual(braces, ["{", "{", "}", "{", "}", "{", "}", "}"])
        names = [t.text for t in f.tokens if t.kind == "id"]
        self.assertIn("interpolated", names)
        self.assertNotIn("notInterpolated", names)
        self.assertIn("x", names)

    def test_positions_are_byte_offsets(self):
        f = FileScopes("let é = 1\nlet x = 2\n".encode())
        self.assertEqual(f.offset(2, 5), len("let é = 1\n".encode()) + 4)
        self.assertEqual(f.line_col(f.offset(2, 5)), (2, 5))


class ConditionTests(unittest.TestCase):
    def platforms(self, cond):
        return {p for p in APPLE if Condition(cond).value(p) is not False}

    def test_conditions(self):
        everywhere = set(APPLE)
        self.assertEqual(self.platforms("canImport(Darwin)"), everywhere)
        self.assertEqual(self.platforms("canImport(Glibc)"), set())
        self.assertEqual(self.platforms("canImport(Musl) || os(Linux) || os(Windows)"), set())
        self.assertEqual(self.platforms("os(macOS)"), {"macOS"})
        self.assertEqual(self.platforms("os(iOS) || os(visionOS)"), {"iOS", "visionOS"})
        self.assertEqual(self.platforms("!os(macOS)"), everywhere - {"macOS"})
        self.assertEqual(self.platforms("canImport(UIKit)"), {"iOS", "tvOS", "visionOS"})
        self.assertEqual(self.platforms("targetEnvironment(macCatalyst) || os(macOS)"), {"iOS", "macOS"})
        self.assertEqual(self.platforms("DEBUG"), everywhere)
        self.assertEqual(self.platforms("!DEBUG && canImport(Glibc)"), set())
        self.assertEqual(self.platforms("arch(arm64)"), everywhere)
        self.assertEqual(self.platforms("canImport(FoundationNetworking)"), set())
        self.assertEqual(self.platforms("compiler(>=6.0) && os(tvOS)"), {"tvOS"})
        self.assertEqual(self.platforms("this is not a condition ((("), everywhere)

    def test_clauses(self):
        f, marks = scopes("""
#if canImport(Glibc)
/*@glibc*/import Glibc
#elseif canImport(Darwin)
/*@darwin*/import Darwin
#else
/*@other*/import Other
#endif
#if canImport(Darwin)
  #if os(macOS)
  /*@mac*/let a = 1
  #else
  /*@notmac*/let b = 1
  #endif
#else
/*@linux*/let c = 1
#endif
/*@top*/let d = 1""")
        at = {k: f.platforms_at(v) for k, v in marks.items()}
        self.assertEqual(at["glibc"], set())
        self.assertEqual(at["darwin"], set(APPLE))
        self.assertEqual(at["other"], set())
        self.assertEqual(at["mac"], {"macOS"})
        self.assertEqual(at["notmac"], set(APPLE) - {"macOS"})
        self.assertEqual(at["linux"], set())
        self.assertEqual(at["top"], set(APPLE))


if __name__ == "__main__":
    unittest.main(verbosity=1)
