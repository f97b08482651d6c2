"""Information Set Monte Carlo Tree Search (single observer).

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012 (SO-ISMCTS): every iteration samples a
*determinization* (a full state consistent with what the searching player
knows), descends one shared tree whose edges are actions, restricted to the
actions legal in that determinization, and chooses among them with UCB1 in
which ``ln(parent visits)`` is replaced by the child's *availability* count
(how often it was legal when its parent was visited).

The search is generic: a game plugs in through a few callables, all
optional except the state contract.

* ``determinize(state, rng) -> state``: a fresh sample of the searcher's
  information set (default ``state.determinize(player, rng)``).
* ``actions(state) -> list``: the candidate actions at a decision, possibly
  pruned (default ``state.legal_actions()``). A decision with a single
  candidate is *played through*: applied without a tree node, so chains of
  forced or delegated sub-decisions cost no iterations. That is how a game
  keeps the tree over the decisions that matter (e.g. turn-level choices)
  and lets a policy answer the fine-grained ones.
* ``rollout(state, rng) -> action``: the default policy below the tree
  (default: uniformly random).
* ``cutoff(state) -> bool``: stop simulating here and evaluate (default:
  never, i.e. play to the end).
* ``evaluate(state) -> list[float]``: a value in [0, 1] per seat for a state
  that is not over (default: ``returns()``, which is only right at the end).
* ``root_actions``: restrict the root to these candidates (e.g. a policy's
  best few), to spend a small budget where it matters.
* ``paired_root``: *every* root candidate is simulated on each
  determinization (common random numbers), and the answer is the best mean.
  Comparing candidates on the same deals removes most of the luck of the
  draw from the comparison, which matters when the budget is small and
  the luck large. Below the root the tree is ISMCTS as usual. An iteration
  is still one simulation (one candidate on the current determinization),
  so a budget of ``k`` determinizations is ``k * len(root_actions)``
  iterations.
* ``confidence`` (with ``paired_root``): keep the *first* root candidate
  (the policy's favourite) unless another one beats it by more than
  ``confidence`` standard errors of their paired differences. A small
  budget's sampling noise then cannot talk the search out of a good
  default on a coin flip; only a difference the samples show clearly does.
* ``prune`` (with ``confidence``): once every candidate has ``prune_after``
  paired samples, a candidate that trails the first one by more than
  ``prune`` standard errors is no longer simulated, so the rest of the
  budget goes to the candidates that may still beat it; when none is left
  the search is :attr:`~ISMCTS.settled` and stops early.
* ``race`` (with ``prune``): candidates are also pruned when they trail the
  *current answer* (:meth:`~ISMCTS.best_action`, which may be a challenger
  that beats the first one) by more than ``prune`` standard errors, the
  first candidate included; a search whose answer clearly beats every
  other candidate is then settled too. With a conservative ``prune`` and a
  larger iteration budget, clear decisions stop early and close ones get
  more determinizations (racing).

The search runs in slices so that a browser page can interleave it with its
event loop::

    tree = ISMCTS(state, player, ...)
    while not done:
        tree.step(50)           # 50 more iterations
    action = tree.best_action()

:func:`search` is the one-call convenience with an iteration and/or time
budget.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any
from collections.abc import Callable, Hashable, Sequence

__all__ = ["ISMCTS", "Node", "search"]


class Node:
    """One edge of the tree: the action that led here and who took it."""

    __slots__ = ("action", "player", "children", "visits", "total", "avail")

    def __init__(self, action: Hashable = None, player: int = -1) -> None:
        self.action = action
        self.player = player          # the seat that chose ``action``
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0              # sum of ``player``'s values over visits
        self.avail = 0                # how often this action was available

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"<Node {self.action!s} by {self.player}: {self.visits} visits, mean {self.mean:.3f}>"


def _random_rollout(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


class ISMCTS:
    """Single-observer ISMCTS from ``player``'s point of view.

    ``state`` is what the searcher may know: pass a determinized copy (or the
    real state only if nothing is hidden); it is never modified. ``rng`` (a
    :class:`random.Random`) drives every random choice, so a search with a
    fixed seed and iteration budget is deterministic.
    """

    def __init__(self, state: Any, player: int, *,
                 determinize: Callable[[Any, random.Random], Any] | None = None,
                 actions: Callable[[Any], Sequence[Any]] | None = None,
                 rollout: Callable[[Any, random.Random], Any] | None = None,
                 cutoff: Callable[[Any], bool] | None = None,
                 evaluate: Callable[[Any], Sequence[float]] | None = None,
                 exploration: float = 0.7,
                 expand_in_order: bool = False,
                 root_actions: Sequence[Any] | None = None,
                 paired_root: bool = False,
                 confidence: float | None = None,
                 prune: float | None = None,
                 prune_after: int = 10,
                 race: bool = False,
                 rng: random.Random | None = None) -> None:
        self.state = state
        self.player = player
        self.rng = rng if rng is not None else random.Random()
        self._determinize = determinize or (lambda s, r: s.determinize(player, r))
        self._actions = actions or (lambda s: s.legal_actions())
        self._rollout = rollout or _random_rollout
        self._cutoff = cutoff or (lambda s: False)
        self._evaluate = evaluate or (lambda s: s.returns())
        self.exploration = exploration
        self.expand_in_order = expand_in_order
        self.paired_root = paired_root
        self.confidence = confidence
        self.prune = prune
        self.prune_after = prune_after
        self.race = race
        self.pruned: set[Any] = set()     # paired root: candidates no longer simulated
        self.root = Node()
        self.samples: dict[Any, dict[int, float]] = {}   # paired root: action -> {determinization: value}
        self.iterations = 0               # simulations run
        self.determinizations = 0         # determinizations sampled
        self._pending: list[Any] = []     # paired root: candidates left on ...
        self._pending_state: Any = None   # ... this determinization
        self.simulated_steps = 0
        if root_actions is not None:
            self.root_actions = list(root_actions)
        else:
            self.root_actions = list(self._actions(state)) if not state.is_over else []
        self._root_set = frozenset(self.root_actions) if root_actions is not None else None

    # ------------------------------------------------------------ iterations

    @property
    def settled(self) -> bool:
        """Nothing is left to compare: one root candidate, or (``prune``)
        every other candidate was pruned."""
        return len(self.root_actions) <= 1 or (
            not self._pending and len(self.pruned) >= len(self.root_actions) - 1)

    def step(self, iterations: int = 1) -> int:
        """Run up to ``iterations`` more iterations; returns how many ran
        (fewer once the search is :attr:`settled`)."""
        done = 0
        while done < iterations and not self.settled:
            self._iterate()
            done += 1
        return done

    def run(self, iterations: int | None = None, seconds: float | None = None,
            slice_size: int = 16, clock: Callable[[], float] = time.perf_counter) -> int:
        """Iterate until ``iterations`` are done or ``seconds`` have passed
        (whichever comes first; at least one of them must be given). ``seconds``
        are measured by ``clock`` (wall time; ``time.process_time``: the
        process's CPU time, which a busy machine does not eat into)."""
        if iterations is None and seconds is None:
            raise ValueError("give an iteration budget, a time budget or both")
        if len(self.root_actions) <= 1:
            return 0
        done = 0
        deadline = clock() + seconds if seconds is not None else None
        while iterations is None or done < iterations:
            n = slice_size if iterations is None else min(slice_size, iterations - done)
            if deadline is not None:
                n = 1 if self.paired_root else min(n, 4)
            ran = self.step(n)
            done += ran
            if ran < n:
                break
            if deadline is not None and clock() >= deadline:
                break
        return done

    def _iterate(self) -> None:
        if not self.paired_root:
            self._descend(self._determinize(self.state, self.rng), self.root, [])
            self.determinizations += 1
        else:
            # Every root candidate is tried on the same determinization
            # (common random numbers): the root's comparisons are paired.
            # One iteration simulates one candidate, so slices stay short.
            if not self._pending:
                d = self._determinize(self.state, self.rng)
                acts = self._actions(d)
                if self._root_set is not None:
                    acts = [a for a in acts if a in self._root_set] or acts
                if self.pruned:
                    acts = [a for a in acts if a not in self.pruned] or acts
                self._pending_state = d
                self._pending = list(reversed(acts))
                self.determinizations += 1
            a = self._pending.pop()
            d = self._pending_state
            branch = d.clone() if self._pending else d
            child = self.root.children.get(a)
            if child is None:
                child = self.root.children[a] = Node(a, d.current_player)
            child.avail += 1
            branch.apply(a)
            self.simulated_steps += 1
            value = self._descend(branch, child, [child])
            self.samples.setdefault(a, {})[self.determinizations] = value[self.player]
            if not self._pending and self.prune is not None:
                self._prune()
        self.iterations += 1

    def _descend(self, d: Any, node: Node, path: list[Node]) -> Sequence[float]:
        """Selection and expansion from ``node``, then simulation, evaluation
        and backpropagation along ``path``; returns the values."""
        rng = self.rng
        cutoff, actions_of = self._cutoff, self._actions
        c = self.exploration
        steps = 0
        root_filter = self._root_set if node is self.root else None
        # Selection and expansion.
        while not d.is_over and not cutoff(d):
            acts = actions_of(d)
            if root_filter is not None:
                acts = [a for a in acts if a in root_filter] or acts
                root_filter = None
            if len(acts) == 1:
                d.apply(acts[0])          # forced or delegated: no node
                steps += 1
                continue
            mover = d.current_player
            children = node.children
            untried = []
            best, best_score = None, -math.inf
            for a in acts:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if not untried:
                    score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = child, score
            if untried:
                a = untried[0] if self.expand_in_order else untried[rng.randrange(len(untried))]
                child = Node(a, mover)
                child.avail = 1
                children[a] = child
                d.apply(a)
                steps += 1
                path.append(child)
                break
            assert best is not None
            d.apply(best.action)
            steps += 1
            node = best
            path.append(node)
        # Simulation below the tree.
        rollout = self._rollout
        while not d.is_over and not cutoff(d):
            d.apply(rollout(d, rng))
            steps += 1
        values = d.returns() if d.is_over else self._evaluate(d)
        for n in path:
            n.visits += 1
            n.total += values[n.player]
        self.simulated_steps += steps
        return values

    # --------------------------------------------------------------- answers

    def best_action(self) -> Any:
        """The most visited root action (ties: the higher mean value, then
        the candidates' order); with ``paired_root``, where every candidate
        gets the same samples, the best mean (with ``confidence``: the best
        mean among the first candidate and those that beat it clearly).
        With no iteration run yet, the first candidate."""
        if not self.root_actions:
            raise ValueError("no decision to take: the game is over")
        if self.paired_root and self.confidence is not None:
            return self._confident_best()
        best, key = self.root_actions[0], (-1, -math.inf)
        for a in self.root_actions:
            child = self.root.children.get(a)
            if child is None or not child.visits:
                k = (-1, -math.inf)
            elif self.paired_root:
                k = (0, child.mean)
            else:
                k = (child.visits, child.mean)
            if k > key:
                best, key = a, k
        return best

    def paired_difference(self, a: Any, b: Any) -> tuple[float, float, int]:
        """Mean and standard error of ``value(a) - value(b)`` over the
        determinizations on which both were simulated, and their number."""
        sa, sb = self.samples.get(a, {}), self.samples.get(b, {})
        diffs = [v - sb[k] for k, v in sa.items() if k in sb]
        n = len(diffs)
        if n == 0:
            return 0.0, math.inf, 0
        mean = sum(diffs) / n
        if n == 1:
            return mean, math.inf, 1
        var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
        return mean, math.sqrt(var / n), n

    def _prune(self) -> None:
        """Stop simulating the candidates that clearly trail the first one."""
        default = self.root_actions[0]
        if self.prune is None:          # only called when pruning is on
            return
        for a in self.root_actions[1:]:
            if a in self.pruned:
                continue
            mean, se, n = self.paired_difference(a, default)
            if n >= self.prune_after and mean < -self.prune * se:
                self.pruned.add(a)
        if self.race and self.confidence is not None:
            lead = self._confident_best()
            for a in self.root_actions:
                if a == lead or a in self.pruned:
                    continue
                mean, se, n = self.paired_difference(a, lead)
                if n >= self.prune_after and mean < -self.prune * se:
                    self.pruned.add(a)

    def _confident_best(self) -> Any:
        default = self.root_actions[0]
        best, best_mean = default, 0.0
        z = self.confidence or 0.0
        for a in self.root_actions[1:]:
            mean, se, n = self.paired_difference(a, default)
            if n >= 2 and mean > z * se and mean > best_mean:
                best, best_mean = a, mean
        return best

    def statistics(self) -> list[tuple[Any, int, float]]:
        """``(action, visits, mean value)`` for every root candidate, most
        visited first."""
        out = []
        for a in self.root_actions:
            child = self.root.children.get(a)
            out.append((a, child.visits if child else 0, child.mean if child else 0.0))
        out.sort(key=lambda t: -t[1])
        return out


def search(state: Any, player: int, iterations: int | None = None, seconds: float | None = None,
           **options: Any) -> Any:
    """Search ``state`` for ``player`` and return the chosen action.
    ``options`` are those of :class:`ISMCTS`."""
    tree = ISMCTS(state, player, **options)
    if len(tree.root_actions) == 1:
        return tree.root_actions[0]
    tree.run(iterations=iterations, seconds=seconds)
    return tree.best_action()
