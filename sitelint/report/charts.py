"""The HTML report's charts: matplotlib figures drawn to SVG at report time and inlined in the page.

Only the html format imports this module, so matplotlib's import cost stays out of the other formats. Figures are
made with `matplotlib.figure.Figure` (no pyplot: no global figure registry) under an `rc_context` that writes text as
SVG text (escaped by matplotlib, readable and searchable in the page), turns off mathtext (a page title with `$` in it
stays text) and salts the SVG ids per chart so that several charts can share one page.
"""

from __future__ import annotations

import datetime as dt
import io
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import matplotlib
from markupsafe import Markup
from matplotlib import dates
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

SEVERITY_COLORS = {"error": "#c0392b", "warning": "#e67e22", "info": "#2e86c1"}
STATE_COLORS = {"informative": "#27ae60", "few-pages": "#95a5a6", "not-run": "#7f8c8d", "spent": "#2980b9",
                "saturated": "#c0392b", "fitted": "#8e44ad"}
ACCENT = "#2e86c1"
SECOND = "#e67e22"
LABEL_CHARS = 48
_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.S)
_IDS = re.compile(r'(\bid="|url\(#|xlink:href="#)([^"()]+)')
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.S)


def short(label: str, limit: int = LABEL_CHARS) -> str:
    """A tick label that fits: long paths keep their end, where the page's own name is."""
    return label if len(label) <= limit else "…" + label[-(limit - 1):]


@contextmanager
def _figure(name: str, width: float, height: float) -> Iterator[Figure]:
    style: Any = {"svg.fonttype": "none", "text.parse_math": False, "svg.hashsalt": f"sitelint-{name}",
             "font.size": 9, "axes.titlesize": 10, "axes.spines.top": False, "axes.spines.right": False,
             "axes.edgecolor": "#888888", "xtick.color": "#444444", "ytick.color": "#444444"}
    with matplotlib.rc_context(style):
        yield Figure(figsize=(width, height), layout="constrained")


def _svg(fig: Figure, name: str, label: str) -> Markup:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    svg = _METADATA.sub("", _PROLOG.sub("", buffer.getvalue(), count=1), count=1)
    # matplotlib numbers its ids per figure (figure_1, axes_1): prefixed, several charts can share one page.
    svg = _IDS.sub(lambda m: f'{m.group(1)}{name}-{m.group(2)}', svg)
    opening = Markup('<svg class="chart-svg" role="img" data-chart-svg="{}" aria-label="{}" ').format(name, label)
    return Markup(svg.replace("<svg ", str(opening), 1))


def _legend_above(ax: Any, **kwargs: Any) -> None:
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncol=6, frameon=False, fontsize=8, borderaxespad=0.2,
              **kwargs)


def _height(rows: int, per_row: float = 0.28, least: float = 1.6) -> float:
    return max(least, 0.6 + per_row * rows)


def bars(name: str, panels: Sequence[tuple[str, Mapping[str, int]]], label: str) -> Markup:
    """Horizontal bar charts side by side, one per (title, counts); the largest count on top."""
    rows = max((len(counts) for _, counts in panels), default=1)
    with _figure(name, 3.3 * len(panels), _height(rows)) as fig:
        axes = fig.subplots(1, len(panels), squeeze=False)[0]
        for ax, (title, counts) in zip(axes, panels, strict=True):
            items = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]))
            ax.barh([short(k, 28) for k, _ in items], [v for _, v in items], color=ACCENT)
            for y, (_, v) in enumerate(items):
                ax.annotate(str(v), (v, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
            ax.set_title(title, loc="left")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.margins(x=0.15)
        return _svg(fig, name, label)


def stacked(name: str, rows: Sequence[str], stacks: Mapping[str, Sequence[int]], colors: Mapping[str, str],
            label: str) -> Markup:
    """Horizontal stacked bars: one bar per row, one segment per key of stacks (e.g. severities)."""
    with _figure(name, 6.0, _height(len(rows), 0.36)) as fig:
        ax = fig.subplots()
        left = [0] * len(rows)
        for key, values in stacks.items():
            ax.barh(list(rows), list(values), left=left, color=colors.get(key, ACCENT), label=key)
            left = [a + b for a, b in zip(left, values, strict=True)]
        ax.invert_yaxis()
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        _legend_above(ax)
        return _svg(fig, name, label)


def histograms(name: str, panels: Mapping[str, Sequence[int]], label: str) -> Markup:
    """One histogram of page scores (0 to 100, bins of 10) per panel, quartiles marked."""
    edges = list(range(0, 101, 10))
    with _figure(name, 2.3 * len(panels), 2.2) as fig:
        axes = fig.subplots(1, len(panels), squeeze=False, sharey=True)[0]
        for ax, (title, values) in zip(axes, panels.items(), strict=True):
            ax.hist(list(values), bins=edges, color=ACCENT, edgecolor="white")
            if values:
                ordered = sorted(values)
                median = ordered[len(ordered) // 2]
                ax.axvline(median, color=SECOND, linewidth=1.2)
                title = f"{title} (median {median})"
            ax.set_title(title, loc="left")
            ax.set_xlim(0, 100)
            ax.set_xlabel("score")
        axes[0].set_ylabel("pages")
        axes[0].yaxis.set_major_locator(MaxNLocator(integer=True))
        return _svg(fig, name, label)


def ranked(name: str, rows: Sequence[tuple[str, float, str]], colors: Mapping[str, str], xlabel: str,
           label: str) -> Markup:
    """Horizontal bars of (label, value, category), coloured by category, in the order given (top first)."""
    with _figure(name, 6.4, _height(len(rows))) as fig:
        ax = fig.subplots()
        ax.barh([short(r[0], 40) for r in rows], [r[1] for r in rows], color=[colors.get(r[2], ACCENT) for r in rows])
        ax.invert_yaxis()
        ax.set_xlim(0, max(1.0, max((r[1] for r in rows), default=1.0)))
        ax.set_xlabel(xlabel)
        seen = list(dict.fromkeys(r[2] for r in rows))
        handles = [Patch(color=colors.get(c, ACCENT), label=c) for c in seen]
        _legend_above(ax, handles=handles)
        return _svg(fig, name, label)


def heatmap(name: str, rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float | None]],
            notes: Sequence[Sequence[str]], label: str, colors: Sequence[str] = ("#f4f6f7", "#2e86c1")) -> Markup:
    """A grid of cells coloured by value (None: grey, not measured), each cell annotated with its note."""
    data = [[math.nan if v is None else float(v) for v in row] for row in values]
    finite = [v for row in data for v in row if not math.isnan(v)]
    top = max(finite, default=1.0) or 1.0
    cmap = ListedColormap(list(colors)) if len(colors) > 2 else matplotlib.colormaps["Blues"]
    cmap = cmap.with_extremes(bad="#d5d8dc")
    with _figure(name, max(3.6, 1.2 + 1.05 * len(columns) + 0.06 * max(map(len, rows), default=0)),
                 _height(len(rows), 0.34, 1.8)) as fig:
        ax = fig.subplots()
        ax.pcolormesh(data, cmap=cmap, vmin=0, vmax=top, edgecolors="white", linewidth=1.5)
        ax.set_xticks([i + 0.5 for i in range(len(columns))], list(columns))
        ax.set_yticks([i + 0.5 for i in range(len(rows))], [short(r, 36) for r in rows])
        ax.xaxis.tick_top()
        ax.invert_yaxis()
        ax.tick_params(length=0)
        for side in ("left", "bottom", "top", "right"):
            ax.spines[side].set_visible(False)
        for y, row in enumerate(notes):
            for x, note in enumerate(row):
                value = data[y][x]
                dark = not math.isnan(value) and value > top * 0.55
                ax.text(x + 0.5, y + 0.5, note, ha="center", va="center", fontsize=8,
                        color="white" if dark else "#222222")
        return _svg(fig, name, label)


def timeline(name: str, rows: Sequence[tuple[str, Sequence[tuple[dt.date, str]]]],
             markers: Mapping[str, tuple[str, str]], label: str) -> Markup:
    """Pages on a time axis: each row's dated events as markers (kind -> (marker, colour)), joined by a line."""
    with _figure(name, 7.6, _height(len(rows), 0.3, 2.0)) as fig:
        ax = fig.subplots()
        for y, (_, events) in enumerate(rows):
            days = sorted(day for day, _ in events)
            if len(days) > 1:
                ax.plot(dates.date2num([days[0], days[-1]]), [y, y], color="#bbbbbb", linewidth=1.5, zorder=1)
        for kind, (marker, color) in markers.items():
            points = [(day, y) for y, (_, events) in enumerate(rows) for day, k in events if k == kind]
            if points:
                ax.scatter(dates.date2num([p[0] for p in points]), [p[1] for p in points], marker=marker,
                           color=color, s=30, label=kind, zorder=2)
        ax.xaxis_date()
        ax.set_yticks(list(range(len(rows))), [short(r[0], 44) for r in rows])
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.grid(axis="x", color="#eeeeee")
        _legend_above(ax)
        for tick in ax.get_xticklabels():
            tick.set_rotation(30)
            tick.set_horizontalalignment("right")
        return _svg(fig, name, label)


def grouped(name: str, rows: Sequence[str], series: Mapping[str, Sequence[float | None]], xlabel: str,
            label: str) -> Markup:
    """Horizontal grouped bars (e.g. precision and recall per rule); None is left out and marked n/a."""
    colors = [ACCENT, SECOND, "#27ae60", "#8e44ad"]
    height = 0.8 / max(1, len(series))
    with _figure(name, 6.4, _height(len(rows), 0.22 * max(2, len(series)))) as fig:
        ax = fig.subplots()
        for i, (key, values) in enumerate(series.items()):
            ys = [y + (i - (len(series) - 1) / 2) * height for y in range(len(rows))]
            ax.barh(ys, [0 if v is None else v for v in values], height=height, color=colors[i % 4], label=key)
            for y, v in zip(ys, values, strict=True):
                ax.annotate("n/a" if v is None else f"{v:.0%}", (0 if v is None else v, y), xytext=(3, 0),
                            textcoords="offset points", va="center", fontsize=7)
        ax.set_yticks(list(range(len(rows))), list(rows))
        ax.invert_yaxis()
        ax.set_xlim(0, 1.15)
        ax.set_xlabel(xlabel)
        _legend_above(ax)
        return _svg(fig, name, label)
