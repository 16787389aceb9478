#!/usr/bin/env python3
"""Synthesizes a fleet of varied card-feed traces with `scrolltrace synth`, as field recordings
from a tester fleet would look: several devices and refresh rates, two app versions in the header's
metadata, feeds of different lengths and card sizes, flings, slow drags, rotations and long rests —
plus a few files a fleet always has: traces cut short, traces with a damaged chunk, and a file that
is not a trace at all.

Usage: make_fleet.py --scrolltrace BINARY --out DIR [--count N] [--seed S]

Deterministic: the same count and seed give the same files, byte for byte (scrolltrace synth is
deterministic for a script). Prints one line: how many traces of each kind it wrote.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

# Devices a tester fleet carries: name, screen (points), scale, refresh rate (Hz), touch rate (Hz).
DEVICES = [
    ("iPhone SE (3rd generation)", (375, 667), 2, 60, 120),
    ("iPhone 13", (390, 844), 3, 60, 120),
    ("iPhone 15 Pro", (393, 852), 3, 120, 240),
    ("iPhone 15 Pro Max", (430, 932), 3, 120, 240),
    ("iPad Air", (820, 1180), 2, 60, 120),
]
APP_VERSIONS = ["5.1.0", "5.2.0"]
REUSE = ["text", "photo", "longform", "video"]


def script(rng, index):
    """One trace's gesture script: a feed, then a few minutes of use, mostly at rest."""
    name, (width, height), scale, refresh, touch = rng.choice(DEVICES)
    cards = []
    for _ in range(rng.randint(20, 120)):
        cards.append({"length": rng.choice([120, 160, 240, 300, 400, 500, 700, 900, 1200, 1600, 2000]), "reuse": rng.choice(REUSE)})
    steps = [{"wait": round(rng.uniform(0.2, 1.0), 3)}]
    x = width / 2
    # Sessions of a few gestures, with long rests between them: field traces are mostly at rest.
    for gesture in range(rng.randint(12, 40)):
        if gesture % 6 == 5:
            steps.append({"wait": round(rng.uniform(10, 40), 3)})
        kind = rng.random()
        if kind < 0.5:
            direction = -1 if rng.random() < 0.75 else 1
            speed = rng.uniform(800, 4000)
            start_y = height * (0.75 if direction < 0 else 0.3)
            steps.append({"fling": {"from": [round(x, 1), round(start_y, 1)], "velocity": [0, round(direction * speed, 1)], "duration": 0.08}})
        elif kind < 0.85:
            by = rng.uniform(-height * 0.6, height * 0.3)
            steps.append({"drag": {"from": [round(x, 1), round(height * 0.6, 1)], "by": [0, round(by, 1)], "duration": round(rng.uniform(0.3, 1.2), 3)}})
        elif kind < 0.93:
            steps.append({"resizeItem": {"index": rng.randrange(len(cards)), "length": rng.choice([600, 1500, 2400])}})
        else:
            steps.append({"rotate": {"duration": 0.4}})
        steps.append({"wait": round(rng.uniform(0.3, 4.0), 3)})
    return {
        "device": {"name": name, "screen": [width, height], "scale": scale, "refreshRate": refresh, "touchRate": touch},
        "seed": index,
        "jitter": {"position": 0.3, "timing": 0.0005},
        "metadata": {"appVersion": rng.choice(APP_VERSIONS), "tester": f"tester-{rng.randrange(40):02d}"},
        "viewport": {"size": [width, height]},
        "scene": {"list": cards, "axis": "vertical"},
        "steps": steps,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scrolltrace", required=True, help="the scrolltrace binary")
    parser.add_argument("--out", required=True, help="the folder to write the fleet into")
    parser.add_argument("--count", type=int, default=300, help="traces to synthesize (default 300)")
    parser.add_argument("--seed", type=int, default=2026, help="the fleet's seed (default 2026)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    written = 0
    with tempfile.TemporaryDirectory() as scratch:
        for index in range(args.count):
            path = os.path.join(scratch, "script.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(script(rng, index), f)
            out = os.path.join(args.out, f"field-{index:04d}.sctrace")
            subprocess.run([args.scrolltrace, "synth", path, "-o", out], check=True)
            written += 1
    # What a fleet always has besides: traces cut short (an app killed mid-write), traces with a
    # damaged chunk, and a file that is not a trace.
    cut = damaged = 0
    for index in range(0, args.count, 97):
        source = os.path.join(args.out, f"field-{index:04d}.sctrace")
        with open(source, "rb") as f:
            data = f.read()
        with open(os.path.join(args.out, f"cut-{index:04d}.sctrace"), "wb") as f:
            f.write(data[: len(data) // 2])
        cut += 1
        broken = bytearray(data)
        middle = len(broken) // 2
        broken[middle : middle + 32] = bytes(32)
        with open(os.path.join(args.out, f"damaged-{index:04d}.sctrace"), "wb") as f:
            f.write(bytes(broken))
        damaged += 1
    with open(os.path.join(args.out, "notes.sctrace"), "w", encoding="utf-8") as f:
        f.write("tester notes, saved with the wrong extension\n")
    print(f"{args.out}: {written} traces, {cut} cut short, {damaged} damaged, 1 foreign file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
