"""TEMPORARY stand-in for the Rust line readers (_bitmove.uci_parse_info, ...) until branch
engine-rs lands; deleted then. Not product code."""

from __future__ import annotations

import re
import shlex

_INTS = {"depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "cpuload"}
_INTS |= {"currmovenumber"}
_MOVE = re.compile(r"^([a-h][1-8][a-h][1-8][pnbrqk]?|[PNBRQK]@[a-h][1-8]|0000)$")


def _moves(tokens, i):
    out = []
    while i < len(tokens) and _MOVE.match(tokens[i]):
        out.append(tokens[i])
        i += 1
    return out, i


def uci_parse_info(line):
    rest = line.split(None, 1)
    if not rest or rest[0] != "info":
        raise ValueError("not an info line")
    text = rest[1] if len(rest) > 1 else ""
    out = {}
    if " string " in f" {text} ":
        idx = f" {text} ".index(" string ")
        s = text[idx + 7 :] if idx > 0 else text[7:]
        out["string"] = s
        text = text[: max(idx - 1, 0)] if idx > 0 else ""
    t = text.split()
    i = 0
    while i < len(t):
        k = t[i]
        i += 1
        try:
            if k in _INTS:
                out[k] = int(t[i])
                i += 1
            elif k == "time":
                out["time"] = int(t[i]) / 1000
                i += 1
            elif k == "ebf":
                out["ebf"] = float(t[i])
                i += 1
            elif k == "score":
                kind, value = t[i], int(t[i + 1])
                i += 2
                bound = None
                if i < len(t) and t[i] in ("lowerbound", "upperbound"):
                    bound = t[i]
                    i += 1
                out["score"] = (kind, value, bound)
            elif k == "wdl":
                out["wdl"] = (int(t[i]), int(t[i + 1]), int(t[i + 2]))
                i += 3
            elif k == "pv":
                out["pv"], i = _moves(t, i)
            elif k == "currmove":
                out["currmove"] = t[i]
                i += 1
            elif k == "refutation":
                out["refutation"], i = _moves(t, i)
            elif k == "currline":
                n = int(t[i])
                mv, i = _moves(t, i + 1)
                out["currline"] = (n, mv)
        except (IndexError, ValueError):
            pass
    return out


def uci_parse_option(line):
    words = line.split()[1:]
    keys = {"name", "type", "default", "min", "max", "var"}
    parts = {}
    var = []
    cur = None
    buf = []

    def flush():
        if cur == "var":
            var.append(" ".join(buf))
        elif cur:
            parts[cur] = " ".join(buf)

    for w in words:
        if w in keys and (w == "var" or w not in parts):
            flush()
            cur, buf = w, []
        else:
            buf.append(w)
    flush()
    mn = int(parts["min"]) if parts.get("min") else None
    mx = int(parts["max"]) if parts.get("max") else None
    return (parts.get("name", ""), parts.get("type", ""), parts.get("default"), mn, mx, var)


def uci_parse_bestmove(line):
    t = line.split()
    best = t[1] if len(t) > 1 and t[1] not in ("(none)", "NULL") else None
    ponder = None
    if best and len(t) > 3 and t[2] == "ponder" and t[3] not in ("(none)", "NULL"):
        ponder = t[3]
    return best, ponder


def uci_parse_id(line):
    t = line.split(None, 2)
    return t[1], (t[2].strip() if len(t) > 2 else "")


def xboard_parse_features(line):
    out = []
    for item in shlex.split(line.split(None, 1)[1] if " " in line else ""):
        k, v = item.split("=", 1)
        try:
            out.append((k, int(v)))
        except ValueError:
            out.append((k, v))
    return out


def xboard_parse_post(line):
    t = line.split()
    ints = []
    while t:
        try:
            ints.append(int(t[0]))
            t.pop(0)
        except ValueError:
            break
    if len(ints) < 4:
        return None
    cp = ints[1]
    if cp <= -100000:
        score = ("mate", cp + 100000, None)
    elif cp >= 100000:
        score = ("mate", cp - 100000, None)
    else:
        score = ("cp", cp, None)
    out = {"depth": ints[0], "score": score, "time": ints[2] / 100, "nodes": ints[3]}
    if len(ints) > 4:
        out["seldepth"] = ints[4]
    if len(ints) > 5:
        out["nps"] = ints[5]
    if len(ints) > 6:
        out["tbhits"] = ints[-1]
    out["pv"] = [w for w in t if not w.rstrip(".").isdigit()]
    return out


def xboard_parse_option(spec):
    w = spec.split()
    name, kind, rest = w[0], w[1][1:], w[2:]
    if kind == "combo":
        d = [x[1:] for x in rest if x.startswith("*")]
        return (
            name,
            kind,
            d[0] if d else None,
            None,
            None,
            [x.lstrip("*") for x in rest if x != "///"],
        )
    if kind == "check":
        return (name, kind, int(rest[0]), None, None, [])
    if kind == "spin":
        return (name, kind, int(rest[0]), int(rest[1]), int(rest[2]), [])
    if kind in ("string", "file", "path"):
        return (name, kind, rest[0] if rest else "", None, None, [])
    return (name, kind, None, None, None, [])


_uci_parse_option_raw = uci_parse_option


def uci_parse_option(line):
    name, kind, default, mn, mx, var = _uci_parse_option_raw(line)
    if default is None and kind == "string":
        default = ""
    if kind == "check" and default is not None:
        default = default != "false"
    if kind == "spin" and default is not None:
        default = int(default)
    return name, kind, default, mn, mx, var
