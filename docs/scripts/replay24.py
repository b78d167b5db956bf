#!/usr/bin/env python3
"""Replay the paths of `query -shape 5x5 -goal first -json` output.

Each record's path is applied to its board move by move (a move names the
way the blank goes), independently of the Go code, and the result must be
the goal (blank top-left, tile t on cell t). Boards found in Korf's 50
instances (data/reference/korf50-24.tsv) are printed beside the published
optimal length, Korf & Felner's generated-node count and Döbbelin et al.'s
expanded-node count with 6-6-6-6.

    python3 docs/scripts/replay24.py ten.json
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "..", "..", "data", "reference", "korf50-24.tsv")
STEP = {"Up": -5, "Down": 5, "Left": -1, "Right": 1}


def reference():
    out = {}
    with open(REFERENCE) as f:
        for line in f:
            if line.startswith("#") or line.startswith("id\t"):
                continue
            f = line.rstrip("\n").split("\t")
            ident, board, optimal, generated = f[:4]
            expanded = int(f[4]) if len(f) > 4 else 0  # Döbbelin et al.'s, 6-6-6-6
            small = int(f[6]) if len(f) > 6 else 0  # Clausecker & Reinefeld's catalogue "small"
            out[board] = (int(ident), int(optimal), int(generated), expanded, small)
    return out


def replay(board, path):
    tiles = [int(x) for x in board.split(",")]
    blank = tiles.index(0)
    for i, move in enumerate(path):
        to = blank + STEP[move]
        if not 0 <= to < 25 or (move in ("Left", "Right") and to // 5 != blank // 5):
            raise ValueError(f"move {i + 1} ({move}) leaves the board")
        tiles[blank], tiles[to] = tiles[to], 0
        blank = to
    return tiles == list(range(25))


def main(paths):
    ref = reference()
    bad = 0
    for name in paths:
        with open(name) as f:
            for n, line in enumerate(f, 1):
                r = json.loads(line)
                if "error" in r:
                    print(f"{name}:{n}: error record: {r['error']}")
                    bad += 1
                    continue
                ok = replay(r["board"], r["path"])
                ident, optimal, generated, dsr, small = ref.get(r["board"], (0, -1, 0, 0, 0))
                label = f"#{ident}" if ident else r["board"]
                print(f"{label}\tlength {len(r['path'])} (published {optimal})\treplays {ok}\t"
                      f"generated {r['generated']:,} (Korf & Felner {generated:,})\t"
                      f"expanded {r['nodes']:,} (Döbbelin et al. {dsr:,}; Clausecker & Reinefeld {small:,})\t{r['seconds']:.1f} s")
                if not ok or (optimal >= 0 and optimal != len(r["path"])):
                    bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
