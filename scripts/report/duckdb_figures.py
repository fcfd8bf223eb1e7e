"""Runs Docs/report.md's SQL in DuckDB over a folder of exports and compares every figure
with `tipc report --format json`'s, as printed (four decimals)."""
import json, re, sys
import duckdb

folder, report_path, doc = sys.argv[1], sys.argv[2], sys.argv[3]
sql = re.findall(r"```sql\n(.*?)```", open(doc).read(), re.S)[0].replace("events/*.ndjson", folder + "/*.ndjson")
statements = [s for s in sql.split(";") if s.strip()]
con = duckdb.connect()
for s in statements[:-1]:
    con.execute(s)
rows = con.execute(statements[-1]).fetchall()
names = [d[0] for d in con.description]
report = json.load(open(report_path))
expected = {(r["catalog"], r["tip"], r["variant"]): r for r in report["rows"] if r["shown"] > 0}
failures, compared = 0, 0
for row in rows:
    got = dict(zip(names, row))
    mine = expected.pop((got["catalog"], got["tip"], got["variant"]), None)
    if mine is None:
        print("only in DuckDB:", got); failures += 1; continue
    for key in ("eligible", "shown", "conversions", "conversionRate", "conversionLower", "conversionUpper"):
        # The JSON report prints a proportion as a number with at most four decimals (0.25,
        # 0): compare both at four decimals; counts as integers.
        rate = key.startswith("conversion") and key != "conversions"
        a = "%.4f" % got[key] if rate else str(got[key])
        b = "%.4f" % mine[key] if rate else str(mine[key])
        compared += 1
        if a != b:
            print(f"{got['tip']} [{got['variant']}] {key}: DuckDB {a}, tipc {b}"); failures += 1
for key in expected:
    print("only in tipc report:", key); failures += 1
print(f"duckdb: {len(rows)} rows, {compared} figures compared, {failures} differences")
sys.exit(1 if failures or not rows else 0)
