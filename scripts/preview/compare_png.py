"""Compares a screenshot with its golden, with a tolerance: the images must be the same size,
and at most --max-fraction of their pixels may differ by more than --threshold in any colour
channel (antialiasing and font hinting move a few pixels; a styling change moves many).
On a difference it writes ACTUAL-diff.png (changed pixels in red) and says how to refresh.
Usage: compare_png.py GOLDEN.png ACTUAL.png [--threshold 48] [--max-fraction 0.005]"""
import argparse, sys
from PIL import Image, ImageChops

parser = argparse.ArgumentParser()
parser.add_argument("golden")
parser.add_argument("actual")
parser.add_argument("--threshold", type=int, default=48)
parser.add_argument("--max-fraction", type=float, default=0.005)
args = parser.parse_args()

refresh = "refresh it with: bash scripts/check-preview.sh --update-golden (and review the new image)"
golden = Image.open(args.golden).convert("RGB")
actual = Image.open(args.actual).convert("RGB")
if golden.size != actual.size:
    print(f"compare: {args.actual} is {actual.size[0]}x{actual.size[1]}, the golden {args.golden} "
          f"{golden.size[0]}x{golden.size[1]}; {refresh}")
    sys.exit(1)
diff = ImageChops.difference(golden, actual)
# Per pixel, the largest channel difference.
r, g, b = diff.split()
largest = ImageChops.lighter(ImageChops.lighter(r, g), b)
changed = sum(largest.point(lambda v: 255 if v > args.threshold else 0).histogram()[255:])
total = golden.size[0] * golden.size[1]
fraction = changed / total
print(f"compare: {changed} of {total} pixels differ by more than {args.threshold} ({fraction:.4%}; "
      f"allowed {args.max_fraction:.2%}) against {args.golden}")
if fraction > args.max_fraction:
    mask = largest.point(lambda v: 255 if v > args.threshold else 0)
    marked = actual.copy()
    marked.paste((255, 0, 0), mask=mask)
    out = args.actual[:-4] + "-diff.png"
    marked.save(out)
    print(f"compare: the screenshot changed (changed pixels in red: {out}); {refresh}")
    sys.exit(1)
