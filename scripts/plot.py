#!/usr/bin/env python3
"""Draws the figures of a `tessera run` results folder (issue 16).

    scripts/plot.py RESULTS_DIR [--output DIR]
    scripts/plot.py --records FILE --config EXPERIMENT.yaml --output DIR

Reads RESULTS_DIR/results.jsonl and the experiment's `plot:` block from
RESULTS_DIR/config.resolved.yaml (a mapping, or a list of them: one figure each) and writes
<name>.png and <name>.svg per figure into DIR (default RESULTS_DIR). --records takes the records
from a results.jsonl or results.csv elsewhere (e.g. docs/figures/<paper>/h200-data/<figure>.csv)
and --config the plot block from the experiment's YAML. A figure's keys:

    name: time-vs-k        file stem (default: plot-<index>)
    x: param.k             record field on the x axis (numbers: a numeric axis, else categories)
    y: time_s              record field on the y axis (mean over repetitions, see aggregate), or
                           a list of fields: one series each
    series: param.variant  field, or list of fields, whose values make one line / bar group each
    where: {task: tc}      keep records whose field equals the value (or one of a list of values)
    kind: line             line | bar
    log: [y]               logarithmic axes: x, y or both
    normalise-to: merge    y divided by this series' y at the same x (ratio to a baseline)
    aggregate: mean        mean | min | median over the repeated records of one point
    title, xlabel, ylabel  text (defaults: the fields' labels in LABELS, with their units)
    reference: {label: best known, values: {SERIES: {X: Y}}}   markers of reference values
                           (e.g. the best-known cut) over the bars or points of each series;
                           SERIES is a series' label or its value (2 for k=2)

Axes, series and legends name fields by LABELS below (field -> label, unit, scale), the one table
every figure uses; a field not in it gets a label made from its name. Log-scale bar charts start a
decade below the smallest bar, so no bar vanishes; legends sit beside the axes, never over data.

Records holding "error" (failed grid points) are left out and listed in the caption, which also
names the commit, device and date the records came from. Exit status: 0 when every figure was
written, 1 on bad results or a bad plot block (one line on stderr), 2 on usage errors.
"""
import argparse
import csv
import json
import math
import os
import statistics
import sys
import textwrap

KEYS = {"name", "x", "y", "series", "where", "kind", "log", "normalise-to", "aggregate", "title", "xlabel", "ylabel",
        "reference"}

# field -> (label, unit, scale): axis labels read "label (unit)" and values are multiplied by
# scale; series read "label=value". Every field a configs/papers plot names is here (checked by
# tests/figures/plot_errors.sh).
LABELS = {
    "input": ("input", None, 1),
    "task": ("task", None, 1),
    "time_s": ("time", "s", 1),
    "cut": ("cut nets", None, 1),
    "connectivity": ("connectivity", None, 1),
    "num_parts": ("blocks", None, 1),
    "algorithm": ("partitioner", None, 1),
    "counting_imbalance": ("counting imbalance (max / mean rank)", None, 1),
    "neighbors_s": ("neighbourhoods", "s", 1),
    "proposal_s": ("proposals", "s", 1),
    "matching_s": ("matching", "s", 1),
    "contraction_s": ("contraction", "s", 1),
    "initial_s": ("initial partition", "s", 1),
    "gains_s": ("gains", "s", 1),
    "sequence_s": ("move sequences", "s", 1),
    "validity_s": ("validity", "s", 1),
    "metrics.bytes_sent_raw.avg": ("bytes sent (uncompressed)", "MB", 1e-6),
    "metrics.bytes_sent_wire.avg": ("bytes on the wire (LZ4)", "MB", 1e-6),
    "param.ranks": ("ranks", None, 1),
    "param.schedule": ("schedule", None, 1),
    "param.disable": ("disabled", None, 1),
    "param.k": ("k", None, 1),
    "param.pattern": ("pattern", None, 1),
    "param.support": ("minimum support", None, 1),
    "param.max_edges": ("pattern edges", None, 1),
    "param.candidates": ("candidates per node (Pi)", None, 1),
    "param.repetitions": ("refinement repetitions (Theta)", None, 1),
    "param.algorithm": ("algorithm", None, 1),
    "param.matching": ("matching", None, 1),
    "param.neighbors": ("neighbors", None, 1),
    "param.chaining": ("chaining", None, 1),
    "param.buffer-size": ("buffer size (queries)", None, 1),
    "param.compress": ("compression", None, 1),
    "param.variant": ("variant", None, 1),
}


def label_entry(name):
    """(label, unit, scale) of a field: LABELS, else from its name (time-like *_s in seconds)."""
    if name in LABELS:
        return LABELS[name]
    last = name.split(".")[-1]
    if last.endswith("_s"):
        return (last[:-2].replace("_", " "), "s", 1)
    return (last.replace("_", " ").replace("-", " "), None, 1)


def axis_label(name):
    label, unit, _ = label_entry(name)
    return f"{label} ({unit})" if unit else label
AGGREGATES = {"mean": statistics.mean, "min": min, "median": statistics.median}


class PlotError(Exception):
    pass


def csv_value(text):
    """A results.csv cell as the JSON record held it: objects and lists parsed, the rest text."""
    if text[:1] in "{[":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text


def load_records(folder, path=None):
    path = path or os.path.join(folder, "results.jsonl")
    if not os.path.isfile(path):
        raise PlotError(f"{path}: no such file (is '{folder}' a tessera run results folder?)")
    if path.endswith(".csv"):
        with open(path, encoding="utf-8", newline="") as f:
            records = [{k: csv_value(v) for k, v in row.items() if v != ""} for row in csv.DictReader(f)]
        if not records:
            raise PlotError(f"{path}: no records")
        return records
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise PlotError(f"{path}:{number}: malformed JSON: {e.msg}")
    if not records:
        raise PlotError(f"{path}: no records")
    return records


def load_plot_specs(folder, path=None):
    import yaml

    path = path or os.path.join(folder, "config.resolved.yaml")
    if not os.path.isfile(path):
        raise PlotError(f"{path}: no such file")
    with open(path, encoding="utf-8") as f:
        config = yaml.safe_load(f)
    plot = config.get("plot") if isinstance(config, dict) else None
    if plot is None:
        raise PlotError(f"{path}: the experiment has no 'plot:' block")
    specs = plot if isinstance(plot, list) else [plot]
    for i, spec in enumerate(specs):
        where = f"{path}: plot {i + 1}"
        unknown = set(spec) - KEYS
        if unknown:
            raise PlotError(f"{where}: unknown key '{sorted(unknown)[0]}' (allowed: {', '.join(sorted(KEYS))})")
        for required in ("x", "y"):
            if required not in spec:
                raise PlotError(f"{where}: missing '{required}'")
        if spec.get("kind", "line") not in ("line", "bar"):
            raise PlotError(f"{where}: kind must be line or bar, got '{spec['kind']}'")
        if not set(as_list(spec.get("log", []))) <= {"x", "y"}:
            raise PlotError(f"{where}: log must list x and/or y")
        if spec.get("aggregate", "mean") not in AGGREGATES:
            raise PlotError(f"{where}: aggregate must be one of {', '.join(AGGREGATES)}")
        spec.setdefault("name", f"plot-{i + 1}")
    return specs


def as_list(value):
    return value if isinstance(value, list) else [value]


def as_text(value):
    """A where: value as the records write it: YAML 1.1 reads an unquoted on/off/yes as a bool
    (and the echoed plot block does not keep the quotes), so a bool matches every spelling."""
    if isinstance(value, bool):
        return ["on", "true", "yes", "1"] if value else ["off", "false", "no", "0"]
    return [str(value)]


def matches(record, where):
    return all(str(field(record, k)).lower() in [t for v in as_list(vs) for t in as_text(v)] for k, vs in (where or {}).items())


def series_label(record, fields):
    return " ".join(f"{label_entry(f)[0]}={field(record, f)}" for f in fields) if fields else ""


MISSING = object()


def field(record, name):
    """record[name], or a path into nested objects: metrics.wait_s.max (record keys such as
    param.k hold dots themselves, so the longest key that exists is taken first)."""
    if name in record:
        return record[name]
    parts = name.split(".")
    for i in range(len(parts) - 1, 0, -1):
        head = ".".join(parts[:i])
        if head in record and isinstance(record[head], dict):
            return field(record[head], ".".join(parts[i:]))
    return MISSING


def number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def collect(spec, records):
    """{series: {x: y}} of the successful records the figure selects, in first-seen order. With a
    list of y fields, every field is a series of its own (e.g. the time of each step)."""
    fields = as_list(spec["series"]) if "series" in spec else []
    ys = as_list(spec["y"])
    data = {}
    for r in records:
        if "error" in r or not matches(r, spec.get("where")):
            continue
        for name in [spec["x"]] + ys:
            if field(r, name) is MISSING:
                raise PlotError(f"plot '{spec['name']}': a record has no field '{name}'")
        for name in ys:
            y = number(field(r, name))
            if y is None:
                raise PlotError(f"plot '{spec['name']}': field '{name}' is not a number ({field(r, name)!r})")
            y *= label_entry(name)[2]
            label = " ".join(filter(None, [series_label(r, fields), label_entry(name)[0] if len(ys) > 1 else ""]))
            data.setdefault(label, {}).setdefault(str(field(r, spec["x"])), []).append(y)
    if not data:
        raise PlotError(f"plot '{spec['name']}': no successful record matches {spec.get('where') or 'the figure'}")
    combine = AGGREGATES[spec.get("aggregate", "mean")]
    return {s: {x: combine(v) for x, v in points.items()} for s, points in data.items()}


def normalise(spec, data):
    """Every series divided, x by x, by the baseline series (which becomes 1 and is labelled so)."""
    base_name = str(spec["normalise-to"])
    base_label = next((s for s in data if s == base_name or s.split("=")[-1] == base_name), None)
    if base_label is None:
        raise PlotError(f"plot '{spec['name']}': no series '{base_name}' to normalise to (series: {', '.join(data)})")
    base = data[base_label]
    return {(f"{s} (baseline)" if s == base_label else s): {x: y / base[x] for x, y in points.items() if x in base and base[x] != 0}
            for s, points in data.items()}


def caption(records, spec):
    first = records[0]
    failed = [r for r in records if "error" in r and matches(r, spec.get("where"))]
    text = ("QUICK MODE (small generated inputs; a placeholder, not the paper's setting) | "
            if first.get("mode") == "quick" else "")
    commits = list(dict.fromkeys(str(r.get("git_commit", "?")) for r in records))
    text += (f"commit{'s' if len(commits) > 1 else ''} {', '.join(commits)} | "
             f"{first.get('backend', '?')} on {first.get('device', '?')} | "
            f"{first.get('started', '?')} | {len(records) - len(failed)} records")
    if failed:
        text += f" | failed, left out: " + "; ".join(
            f"{r.get('input')} {r.get('task')} {series_label(r, [k for k in r if k.startswith('param.')])}"[:80]
            for r in failed[:3]) + (f" and {len(failed) - 3} more" if len(failed) > 3 else "")
    return text


def start_log_bars_below(ax, data):
    """A log axis starts where its smallest bar would vanish; start a decade below it instead."""
    smallest = min((y for points in data.values() for y in points.values() if y > 0), default=None)
    if smallest is not None:
        ax.set_ylim(bottom=10 ** math.floor(math.log10(smallest) - 0.5))


def draw_reference(ax, spec, positions):
    """The reference: block's values (e.g. best known cuts) as black bars across each series' bar."""
    reference = spec.get("reference")
    if not reference:
        return
    if not isinstance(reference, dict) or not isinstance(reference.get("values"), dict):
        raise PlotError(f"plot '{spec['name']}': reference needs values: {{SERIES: {{X: Y}}}}")
    xs, ys = [], []
    drawn = list(dict.fromkeys(s for s, _ in positions))
    for key, points in reference["values"].items():  # a series' label, or its value ("k=2" or 2)
        series = next((s for s in drawn if s == str(key) or s.split("=")[-1] == str(key)), None)
        for x, y in (points or {}).items():
            if (series, str(x)) in positions:
                xs.append(positions[(series, str(x))])
                ys.append(float(y))
    if xs:
        ax.scatter(xs, ys, marker="_", s=400, linewidths=2.5, color="black", zorder=3,
                   label=reference.get("label", "reference"))


def draw(spec, records, output):
    import matplotlib.pyplot as plt

    fig = figure(spec, records)
    written = []
    for ext in ("png", "svg"):
        path = os.path.join(output, f"{spec['name']}.{ext}")
        tmp = path + ".tmp." + ext  # complete or absent: written beside, then renamed
        fig.savefig(tmp, dpi=150)
        os.replace(tmp, path)
        written.append(path)
    plt.close(fig)
    return written


def figure(spec, records):
    """The matplotlib figure of one plot spec (its axes: figure(...).axes[0])."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = collect(spec, records)
    if "normalise-to" in spec:
        data = normalise(spec, data)
    xs = list(dict.fromkeys(x for points in data.values() for x in points))
    numeric = all(number(x) is not None for x in xs) and spec.get("kind", "line") == "line"
    if numeric:
        xs.sort(key=float)
    fig, ax = plt.subplots(figsize=(8.5, 4.5))
    positions = {}  # (series, x) -> where its bar or point is drawn, for the reference markers
    if spec.get("kind", "line") == "bar":
        width = 0.8 / len(data)
        for i, (label, points) in enumerate(data.items()):
            ax.bar([j + i * width for j in range(len(xs))], [points.get(x, 0) for x in xs], width, label=label or None)
            positions.update({(label, x): j + i * width for j, x in enumerate(xs)})
        ax.set_xticks([j + width * (len(data) - 1) / 2 for j in range(len(xs))], xs, rotation=20, ha="right")
    else:
        for label, points in data.items():
            px = [x for x in xs if x in points]
            where = [float(x) for x in px] if numeric else [xs.index(x) for x in px]
            ax.plot(where, [points[x] for x in px], marker="o", label=label or None)
            positions.update(zip(((label, x) for x in px), where))
        if not numeric:
            ax.set_xticks(range(len(xs)), xs, rotation=20, ha="right")
    draw_reference(ax, spec, positions)
    if "x" in as_list(spec.get("log", [])) and numeric:
        ax.set_xscale("log", base=2)
    if "y" in as_list(spec.get("log", [])):
        ax.set_yscale("log")
        if spec.get("kind", "line") == "bar":
            start_log_bars_below(ax, data)
    if "normalise-to" in spec:  # a ratio: no unit
        ylabel = spec.get("ylabel", ", ".join(label_entry(y)[0] for y in as_list(spec["y"]))) + " relative to the baseline"
    else:
        ylabel = spec.get("ylabel", ", ".join(axis_label(y) for y in as_list(spec["y"])))
    ax.set_xlabel(spec.get("xlabel", axis_label(spec["x"])))
    ax.set_ylabel(ylabel)
    ax.set_title(spec.get("title", f"{ylabel} by {axis_label(spec['x'])}"), fontsize="medium")
    if any(data) or "reference" in spec:  # beside the axes: a legend inside can cover a bar
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    ax.grid(True, which="major", alpha=0.3)
    fig.text(0.01, 0.01, textwrap.fill(caption(records, spec), 150), fontsize=6, color="0.35", va="bottom")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    return fig


def main():
    parser = argparse.ArgumentParser(description="Draw the plot: block of a tessera run results folder.")
    parser.add_argument("results", nargs="?", help="results folder written by tessera run")
    parser.add_argument("--records", help="results.jsonl or results.csv to draw (default: RESULTS/results.jsonl)")
    parser.add_argument("--config", help="YAML with the plot: block (default: RESULTS/config.resolved.yaml)")
    parser.add_argument("--output", help="folder for the PNG and SVG files (default: the results folder)")
    args = parser.parse_args()
    if not args.results and not (args.records and args.config and args.output):
        parser.error("give a results folder, or --records, --config and --output")
    output = args.output or args.results
    try:
        records = load_records(args.results or ".", args.records)
        specs = load_plot_specs(args.results or ".", args.config)
        os.makedirs(output, exist_ok=True)
        for spec in specs:
            for path in draw(spec, records, output):
                print(path)
    except ImportError as e:
        print(f"plot.py: {e.name} is missing (install python3-matplotlib and python3-yaml)", file=sys.stderr)
        return 1
    except (PlotError, OSError) as e:
        print(f"plot.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
