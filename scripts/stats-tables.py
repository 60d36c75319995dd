#!/usr/bin/env python3
"""Markdown tables from `gamesolver hunt stats --json FILE`: the counts grouped by the first part
of the layer names ("N in hand", "N geese") and side to move, every layer, and the positions by
remoteness; with the rule's part of the file, the layers whose values the rule changes.
Usage: scripts/stats-tables.py STATS.json [grouped|layers|remoteness|rule]..."""
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


def rule(stats):
    """The layers where the rule draws a stored win or loss at counter 0, beside the plain longest win."""
    changes = stats["rule"]
    plain = {}
    for l in stats["layers"]:
        plain[l["layer"]] = max(plain.get(l["layer"], 0), l["longest_win"])
    print(f"| layer | name | wins drawn | losses drawn | longest to progress under the rule | longest win, plain |")
    print("| --- | --- | --- | --- | --- | --- |")
    for l in changes["layers"]:
        if l["wins_drawn"] or l["losses_drawn"]:
            print(f"| {l['layer']} | {l['layer_name']} | {l['wins_drawn']:,} | {l['losses_drawn']:,} | "
                  f"{l['longest_to_progress']} | {plain[l['layer']]} |")
    print(f"| all | | {int(changes['wins_drawn']):,} | {int(changes['losses_drawn']):,} | | |")


if __name__ == "__main__":
    stats = json.load(open(sys.argv[1]))
    for part in sys.argv[2:] or ["grouped", "layers", "remoteness"]:
        {"grouped": grouped, "layers": layers, "remoteness": remoteness, "rule": rule}[part](stats)
        print()
