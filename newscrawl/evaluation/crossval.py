"""Cross-validation grouped by site: does a choice made by looking at data carry over?

A threshold, a weight or a method picked because it scored best on labelled pages is partly
fitted to those pages. Scoring the pick on pages of sites it never saw gives the figure that
carries over to unseen pages. Pages are grouped by site (a site's pages share templates, so a
pick tuned on one of its pages is not tested on another), the sites are dealt into K folds,
and for each fold the best variant on the other K-1 folds is scored on that fold.

The input is a score matrix: for each named variant (a method, a parameter value ...), one score
per page, computed once; selection and scoring then cost nothing, so sweeps stay cheap.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from newscrawl.evaluation.dataset import DatasetError, Page
from newscrawl.extraction.domains import registered_domain

# Host prefixes that name the same site as the bare host.
_SAME_SITE_PREFIXES = ("www.", "m.", "wap.", "mobile.", "news.")
_LINKED_HOST = re.compile(rb"https?://([a-z0-9.-]+\.[a-z]{2,})", re.IGNORECASE)
# Hosts pages link to whatever their site (standards, analytics, search, social buttons,
# script libraries): they say nothing about where a page lives.
COMMON_HOSTS = (
    "w3.org",
    "google",
    "baidu",
    "cnzz",
    "51.la",
    "qq.com",
    "facebook",
    "twitter",
    "schema.org",
    "gstatic",
    "jquery",
)


def site_of(url: str | None, fallback: str, site: str | None = None) -> str:
    """The site a page belongs to: its host without ``www.``/``m.``-style prefixes.

    A page without a URL belongs to the ``site`` its dataset names (saved pages often lost
    their URL but not their portal); without either it is its own site (``fallback``, e.g.
    the page id), which never puts two pages in the same group by accident.
    """
    host = (urlsplit(url).hostname or "") if url else ""
    if not host:
        return f"site:{site}" if site else f"page:{fallback}"
    for prefix in _SAME_SITE_PREFIXES:
        if host.startswith(prefix) and host.count(".") > 1:
            return host[len(prefix) :]
    return host


def linked_host(html: bytes) -> str | None:
    """The host ``html`` links to most (absolute links, common hosts left out), or None."""
    counts = Counter(
        host
        for host in (found.decode("ascii").lower() for found in _LINKED_HOST.findall(html))
        if not any(common in host for common in COMMON_HOSTS)
    )
    return counts.most_common(1)[0][0] if counts else None


def page_site(page: Page) -> str:
    """The site of a labelled page (:func:`site_of`); a page with neither a URL nor a named
    site (cwced_zh's saved pages) belongs to the host its HTML links to most, since a page
    links mostly within its own site: otherwise each such page would be a site of its own
    and one site's pages would sit on both sides of a fold. A linked host is cut to its
    registered domain (a portal's channels link to each other's hosts)."""
    if page.url or page.named_site:
        return site_of(page.url, page.id, page.named_site)
    try:
        host = linked_host(page.read_html())
    except DatasetError:
        host = None
    return f"linked:{registered_domain(host)}" if host else f"page:{page.id}"


def grouped_folds(groups: Sequence[str], k: int) -> list[int]:
    """A fold number (0..k-1) for each item; items of one group always share a fold.

    Groups are dealt largest first, each to the fold with fewest items so far, so folds stay
    balanced when one site has many pages; ties are broken by a hash of the group name, so
    the folds are the same on every run and do not depend on the order of the pages.
    """
    if k < 2:
        raise ValueError(f"cross-validation needs at least 2 folds, got {k}")
    sizes: dict[str, int] = defaultdict(int)
    for group in groups:
        sizes[group] += 1
    if len(sizes) < k:
        raise ValueError(f"{k} folds need at least {k} sites; the pages come from {len(sizes)}")

    def order(group: str) -> tuple[int, str]:
        return (-sizes[group], hashlib.sha256(group.encode()).hexdigest())

    fold_of: dict[str, int] = {}
    load = [0] * k
    for group in sorted(sizes, key=order):
        fold = min(range(k), key=lambda index: (load[index], index))
        fold_of[group] = fold
        load[fold] += sizes[group]
    return [fold_of[group] for group in groups]


@dataclass(frozen=True, slots=True)
class Selection:
    """The outcome of choosing the best variant, in-sample and cross-validated."""

    variants: tuple[str, ...]
    in_sample_choice: str
    in_sample_score: float  # the best variant's mean on all pages: optimistic
    cv_score: float  # each fold scored with the variant chosen without it
    fold_choices: tuple[str, ...]
    fold_scores: tuple[float, ...]
    fold_sizes: tuple[int, ...]

    @property
    def optimism(self) -> float:
        """How much of the in-sample figure was fitted to the pages."""
        return self.in_sample_score - self.cv_score


def _best(scores: Mapping[str, Sequence[float]], indices: Sequence[int]) -> str:
    """The variant with the highest mean over ``indices``; ties go to the earlier variant,
    so list the default first and a change has to win to be chosen."""
    best_name, best_mean = "", float("-inf")
    for name, values in scores.items():
        mean = sum(values[i] for i in indices) / len(indices)
        if mean > best_mean + 1e-12:
            best_name, best_mean = name, mean
    return best_name


# Given the pages a choice is made on, the variants it may choose among.
Eligible = Callable[[Sequence[int]], Collection[str]]


def no_harm(
    scores: Mapping[str, Sequence[float]],
    sets: Sequence[str],
    baseline: str,
    tolerance: float = 0.0,
) -> Eligible:
    """An :data:`Eligible` for :func:`select`: the variants whose mean on the chosen pages
    of every set (``sets[i]`` names page ``i``'s) is at least ``baseline``'s minus
    ``tolerance``, so a gain on one set cannot buy a loss on another."""

    def eligible(indices: Sequence[int]) -> list[str]:
        by_set: dict[str, list[int]] = defaultdict(list)
        for index in indices:
            by_set[sets[index]].append(index)

        def mean(name: str, members: list[int]) -> float:
            return sum(scores[name][i] for i in members) / len(members)

        floors = {name: mean(baseline, members) - tolerance for name, members in by_set.items()}
        return [
            name
            for name in scores
            if name == baseline
            or all(mean(name, members) >= floors[key] - 1e-12 for key, members in by_set.items())
        ]

    return eligible


def select(
    scores: Mapping[str, Sequence[float]],
    groups: Sequence[str],
    k: int,
    eligible: Eligible | None = None,
) -> Selection:
    """Choose among ``scores``' variants by K-fold cross-validation grouped by ``groups``.

    ``scores[variant][i]`` is the score of page ``i`` under that variant (every list as long
    as ``groups``). The cross-validated score is the page-weighted mean over the held-out
    folds, so it is comparable with the in-sample mean. ``eligible``, given the pages a
    choice is made on, narrows the variants it may pick (e.g. :func:`no_harm`); it sees only
    the tuning folds, so the held-out figure stays honest.
    """
    if not scores:
        raise ValueError("no variant to choose from")
    sizes = {len(values) for values in scores.values()}
    if sizes != {len(groups)}:
        raise ValueError(f"every variant needs one score per page ({len(groups)}), got {sizes}")
    folds = grouped_folds(groups, k)
    everything = range(len(groups))

    def best(indices: Sequence[int]) -> str:
        if eligible is None:
            return _best(scores, indices)
        return _best({name: scores[name] for name in eligible(indices)}, indices)

    choice = best(everything)
    in_sample = sum(scores[choice][i] for i in everything) / len(groups)
    fold_choices, fold_scores, fold_sizes = [], [], []
    total = 0.0
    for fold in range(k):
        held_out = [i for i in everything if folds[i] == fold]
        tuning = [i for i in everything if folds[i] != fold]
        picked = best(tuning)
        held_out_sum = sum(scores[picked][i] for i in held_out)
        total += held_out_sum
        fold_choices.append(picked)
        fold_scores.append(held_out_sum / len(held_out))
        fold_sizes.append(len(held_out))
    return Selection(
        variants=tuple(scores),
        in_sample_choice=choice,
        in_sample_score=in_sample,
        cv_score=total / len(groups),
        fold_choices=tuple(fold_choices),
        fold_scores=tuple(fold_scores),
        fold_sizes=tuple(fold_sizes),
    )


def format_selection(selection: Selection, *, label: str = "variant") -> str:
    """Two lines for a terminal: the pick and both figures, then each fold's pick."""
    head = (
        f"best {label} in-sample: {selection.in_sample_choice} "
        f"{selection.in_sample_score:.4f}; cross-validated by site "
        f"({len(selection.fold_scores)} folds): {selection.cv_score:.4f} "
        f"(optimism {selection.optimism:+.4f})"
    )
    folds = ", ".join(
        f"{choice} {score:.3f} (n={size})"
        for choice, score, size in zip(
            selection.fold_choices, selection.fold_scores, selection.fold_sizes, strict=True
        )
    )
    return f"{head}\n  folds: {folds}"
