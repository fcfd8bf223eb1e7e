"""Writes a deterministic synthetic fleet's effectiveness events (schema 1, Docs/events.md):
DEVICES devices, one NDJSON file each, with variants, a holdout, conversions, testing events
and a few duplicated lines (as a journal replayed twice would give). Synthetic: these lines
are shaped like the runtime's, not made by it."""
import json, random, sys, os
from datetime import datetime, timezone

out, devices = sys.argv[1], int(sys.argv[2])
rng = random.Random(24)
os.makedirs(out, exist_ok=True)
base = 1767225600000  # 2026-01-01T00:00:00Z

def at(ms):
    d = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    text = d.strftime("%Y-%m-%dT%H:%M:%S")
    return text + (".%03dZ" % (ms % 1000) if ms % 1000 else "Z")

def event(kind, tip, variant, ms, testing=False, **extra):
    e = {"schema": 1, "event": kind, "catalog": "com.example.notes", "catalogVersion": 6, "tip": tip,
         "instance": None, "variant": variant, "at": at(ms), "testing": testing}
    e.update(extra)
    return json.dumps(e, separators=(",", ":"))

for device in range(devices):
    lines = []
    t = base + device * 1000 + rng.randrange(3_600_000)
    for tip, variants, rate in (("SearchTip", ["a", "b", "holdout"], {"a": 0.3, "b": 0.4, "holdout": 0.2}),
                                ("ShortcutTip", [None], {None: 0.25})):
        variant = rng.choice(variants)
        lines.append(event("becameEligible", tip, variant, t))
        if rng.random() < 0.2:
            lines.append(event("suppressed", tip, variant, t, reason=rng.choice(["displayFrequency", "group"])))
        testing = rng.random() < 0.05
        if variant != "holdout":
            for n in range(1, rng.randrange(1, 4)):
                began = t + n * 86_400_000
                pid = f"{tip}#{n}@{began}"
                lines.append(event("shown", tip, variant, began, testing, presentation=pid))
                ending = rng.choice(["closeButton", "dismissed", "action", "retracted"])
                extra = {"action": "learn"} if ending == "action" else {}
                lines.append(event("ended", tip, variant, began + 5000, testing, presentation=pid, ending=ending, **extra))
                if rng.random() < rate[variant]:
                    lines.append(event("converted", tip, variant, began + rng.randrange(60_000, 86_400_000), testing,
                                       presentation=pid))
                    break
        elif rng.random() < rate[variant]:
            lines.append(event("converted", tip, variant, t + rng.randrange(60_000, 86_400_000), presentation=None))
    if rng.random() < 0.1:
        lines += lines[: rng.randrange(1, len(lines) + 1)]  # a replayed journal's events, again
    with open(os.path.join(out, f"device-{device:04d}.ndjson"), "w") as f:
        f.write("\n".join(lines) + "\n")
