"""Runs Docs/report.md's SQL in DuckDB over a folder of exports and compares every figure
with `tipc report --format json`'s, as printed (four decimals): every row (holdouts and rows
never shown included, whose rate and bounds are null on both sides) and every lift against a
holdout with its interval.

usage: duckdb_figures.py FOLDER REPORT.json REPORT.md [--expect-variants A,B,...]

--expect-variants: the set of variants the rows must show (besides null), so a fleet that
lost its experiment cannot pass by comparing nothing. TIPS_DUCKDB_PLANT=1 moves the first
lift's upper bound in tipc's figures by 0.0001 before comparing: the planted difference the
check must report (it exits 1)."""
import json, os, re, sys
import duckdb

args = sys.argv[1:]
expect_variants = None
if "--expect-variants" in args:
    i = args.index("--expect-variants")
    expect_variants = set(args[i + 1].split(","))
    del args[i:i + 2]
folder, report_path, doc = args
blocks = [b.replace("events/*.ndjson", folder + "/*.ndjson")
          for b in re.findall(r"```sql\n(.*?)```", open(doc).read(), re.S)]
if len(blocks) < 2:
    sys.exit(f"{doc}: expected two ```sql blocks (the rows, the lifts), found {len(blocks)}")
con = duckdb.connect()


def run(block):
    """Runs a block's statements; returns the last one's rows as dicts. Comment lines go
    first, so a `;` in one does not split a statement."""
    code = "\n".join(line for line in block.split("\n") if not line.lstrip().startswith("--"))
    statements = [s for s in code.split(";") if s.strip()]
    for s in statements[:-1]:
        con.execute(s)
    result = con.execute(statements[-1])
    names = [d[0] for d in result.description]
    return [dict(zip(names, row)) for row in result.fetchall()]


rows, lifts = run(blocks[0]), run(blocks[1])
report = json.load(open(report_path))
if os.environ.get("TIPS_DUCKDB_PLANT") == "1" and report["lifts"]:
    report["lifts"][0]["upper"] = round(report["lifts"][0]["upper"] + 0.0001, 4)
    print("planted: tipc's first lift's upper bound moved by 0.0001")
failures, compared = 0, 0


def text(value, decimal):
    """A figure as both sides print it: a proportion at four decimals, a count as is, null."""
    if value is None:
        return "null"
    return "%.4f" % value if decimal else str(value)


def compare(label, got, mine, keys):
    global failures, compared
    for key, their_key, decimal in keys:
        a, b = text(got[key], decimal), text(mine[their_key], decimal)
        compared += 1
        if a != b:
            print(f"{label} {their_key}: DuckDB {a}, tipc {b}")
            failures += 1


expected = {(r["catalog"], r["tip"], r["variant"]): r for r in report["rows"]}
for got in rows:
    key = (got["catalog"], got["tip"], got["variant"])
    mine = expected.pop(key, None)
    if mine is None:
        print("row only in DuckDB:", got); failures += 1; continue
    compare(f"{got['tip']} [{got['variant']}]", got, mine,
            [(k, k, k.startswith("conversion") and k != "conversions")
             for k in ("eligible", "shown", "conversions", "conversionRate", "conversionLower", "conversionUpper")])
for key in expected:
    print("row only in tipc report:", key); failures += 1

expected_lifts = {(l["catalog"], l["tip"], l["variant"]): l for l in report["lifts"]}
for got in lifts:
    key = (got["catalog"], got["tip"], got["variant"])
    mine = expected_lifts.pop(key, None)
    if mine is None:
        print("lift only in DuckDB:", got); failures += 1; continue
    print(f"  lift of {got['tip']} [{got['variant']}] over holdout: {text(got['lift'], True)} "
          f"(95% CI {text(got['liftLower'], True)} to {text(got['liftUpper'], True)})")
    compare(f"lift of {got['tip']} [{got['variant']}]", got, mine,
            [("lift", "lift", True), ("liftLower", "lower", True), ("liftUpper", "upper", True)])
for key in expected_lifts:
    print("lift only in tipc report:", key); failures += 1

holdouts = sum(1 for r in rows if r["variant"] == "holdout")
unshown = sum(1 for r in rows if r["shown"] == 0)
if expect_variants is not None:
    seen = {r["variant"] for r in rows if r["variant"] is not None}
    if seen != expect_variants:
        print(f"variants seen {sorted(seen)}, expected {sorted(expect_variants)}"); failures += 1
    if not lifts:
        print("no lifts compared"); failures += 1
print(f"duckdb: {len(rows)} rows ({holdouts} holdout, {unshown} never shown), {len(lifts)} lifts, "
      f"{compared} figures compared, {failures} differences")
sys.exit(1 if failures or not rows else 0)
