#!/usr/bin/env python3
"""Markdown tables from `gamesolver hunt stats --json FILE`: the counts grouped by the first part
of the layer names ("N in hand", "N geese") and side to move, every layer, and the positions by
remoteness. Usage: scripts/stats-tables.py STATS.json [grouped|layers|remoteness]..."""
import json
import sys


def grouped(stats):
    rows = {}
    for layer in stats["layers"]:
        key = layer["layer_name"].split(",")[0]
        r = rows.setdefault(key, {})
        c = r.setdefault(layer["side_to_move"], [0, 0, 0, 0])
        c[0] += layer["won"]
        c[1] += layer["drawn"]
        c[2] += layer["lost"]
        c[3] = max(c[3], layer["longest_win"])
    sides = sorted({s for r in rows.values() for s in r})
    head = "| layers |" + "".join(f" {s} to move: won / drawn / lost (longest win) |" for s in sides)
    print(head)
    print("| --- |" + " --- |" * len(sides))
    for key, r in rows.items():
        cells = []
        for s in sides:
            c = r.get(s)
            cells.append(f"{c[0]:,} / {c[1]:,} / {c[2]:,} ({c[3]})" if c else "")
        print(f"| {key} | " + " | ".join(cells) + " |")


def layers(stats):
    print("| layer | name | to move | won | drawn | lost | longest win |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for l in stats["layers"]:
        print(f"| {l['layer']} | {l['layer_name']} | {l['side_to_move']} | {l['won']:,} | {l['drawn']:,} | "
              f"{l['lost']:,} | {l['longest_win']} |")


def remoteness(stats):
    print("| remoteness | won | lost |")
    print("| --- | --- | --- |")
    for r in stats["remoteness"]:
        print(f"| {r['remoteness']} | {r['won']:,} | {r['lost']:,} |")


if __name__ == "__main__":
    stats = json.load(open(sys.argv[1]))
    for part in sys.argv[2:] or ["grouped", "layers", "remoteness"]:
        {"grouped": grouped, "layers": layers, "remoteness": remoteness}[part](stats)
        print()
