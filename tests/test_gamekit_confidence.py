"""gamekit.ismcts: paired roots keep the policy's favourite unless the
samples show a clear difference (``confidence``), on a toy one-decision game."""

from __future__ import annotations

import random

from gamekit import ISMCTS


class Toy:
    """One decision among a few actions; what an action is worth depends on
    hidden luck that every determinization re-draws."""

    def __init__(self, worth: dict[str, tuple[float, float]], luck: float = 0.5, choice: str | None = None):
        self.worth = worth            # action -> (mean worth, how much the luck swings it)
        self.luck = luck
        self.choice = choice

    current_player = 0

    @property
    def is_over(self) -> bool:
        return self.choice is not None

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else list(self.worth)

    def apply(self, a: str) -> None:
        self.choice = a

    def clone(self) -> Toy:
        return Toy(self.worth, self.luck, self.choice)

    def determinize(self, player: int, rng: random.Random) -> Toy:
        return Toy(self.worth, rng.random(), self.choice)

    def returns(self) -> list[float]:
        mean, swing = self.worth[self.choice]
        return [mean + (self.luck - 0.5) * swing]


def _tree(worth: dict[str, tuple[float, float]], seed: int, confidence: float | None) -> ISMCTS:
    return ISMCTS(Toy(worth), 0, rng=random.Random(seed), root_actions=list(worth), paired_root=True,
                  confidence=confidence)


def test_a_noisy_small_edge_does_not_overturn_the_default() -> None:
    # "b" is a little better on average but its worth swings with the luck.
    worth = {"a": (0.5, 0.0), "b": (0.52, 0.8)}
    overturned = kept = 0
    for seed in range(20):
        plain = _tree(worth, seed, None)
        plain.step(2 * 6)
        gated = _tree(worth, seed, 2.0)
        gated.step(2 * 6)
        mean, se, n = gated.paired_difference("b", "a")
        assert n == 6 and se > 0
        if plain.best_action() == "b":
            overturned += 1
            assert mean > 0           # the plain search follows the sample mean ...
        if mean <= 2.0 * se:
            assert gated.best_action() == "a"   # ... the gated one needs a clear difference
            kept += plain.best_action() == "b"
    assert overturned > 0 and kept > 0


def test_a_clear_difference_wins_over_the_default() -> None:
    worth = {"a": (0.5, 0.2), "b": (0.4, 0.2), "c": (0.8, 0.2)}
    tree = _tree(worth, 3, 2.0)
    tree.step(3 * 8)
    mean, se, n = tree.paired_difference("c", "a")
    assert n == 8 and abs(mean - 0.3) < 1e-9 and se < 1e-9   # same luck for all: the swing cancels
    assert tree.best_action() == "c"


def test_paired_difference_with_no_common_samples() -> None:
    tree = _tree({"a": (0.5, 0.0), "b": (0.6, 0.0)}, 1, 1.0)
    assert tree.paired_difference("a", "b")[2] == 0
    assert tree.best_action() == "a"          # nothing sampled yet: the default
    tree.step(1)                              # only "a" or "b" simulated so far
    assert tree.paired_difference("a", "b")[2] == 0


def test_prune_stops_simulating_clear_losers_and_settles() -> None:
    # "b" and "c" trail "a" on every sample: after 5 paired samples both are
    # pruned and the search is settled, long before its budget.
    worth = {"a": (0.6, 0.3), "b": (0.4, 0.3), "c": (0.5, 0.3)}
    tree = ISMCTS(Toy(worth), 0, rng=random.Random(2), root_actions=list(worth), paired_root=True,
                  confidence=1.0, prune=1.0, prune_after=5)
    ran = tree.step(300)
    assert tree.settled and tree.pruned == {"b", "c"}
    assert ran == 3 * 5 and tree.determinizations == 5
    assert tree.step(10) == 0 and tree.run(iterations=10) == 0
    assert tree.best_action() == "a"


def test_prune_spends_the_budget_on_the_contenders() -> None:
    # "b" is clearly worse and pruned; "c" may still beat "a", so it keeps
    # being simulated (and with the samples saved it shows it does).
    worth = {"a": (0.5, 0.4), "b": (0.2, 0.4), "c": (0.53, 0.4)}
    tree = ISMCTS(Toy(worth), 0, rng=random.Random(2), root_actions=list(worth), paired_root=True,
                  confidence=1.0, prune=1.0, prune_after=5)
    tree.step(3 * 5 + 2 * 20)
    assert tree.pruned == {"b"} and not tree.settled
    assert len(tree.samples["b"]) == 5 and len(tree.samples["c"]) == 25
    assert tree.best_action() == "c"


def test_race_settles_once_a_challenger_beats_every_other_clearly() -> None:
    # "b" beats the default "a" and "c" on every sample. Pruning against the
    # default alone prunes nothing ("c" does not trail "a"), so the search runs
    # its budget; with ``race`` the candidates trailing the current answer "b"
    # (the default included) are pruned and the search settles on "b".
    worth = {"a": (0.5, 0.3), "b": (0.8, 0.3), "c": (0.6, 0.3)}
    plain = ISMCTS(Toy(worth), 0, rng=random.Random(4), root_actions=list(worth), paired_root=True,
                   confidence=1.0, prune=2.0, prune_after=5)
    assert plain.step(3 * 40) == 3 * 40 and not plain.pruned and not plain.settled
    raced = ISMCTS(Toy(worth), 0, rng=random.Random(4), root_actions=list(worth), paired_root=True,
                   confidence=1.0, prune=2.0, prune_after=5, race=True)
    assert raced.step(3 * 40) == 3 * 5
    assert raced.settled and raced.pruned == {"a", "c"} and raced.determinizations == 5
    assert raced.best_action() == plain.best_action() == "b"


def test_race_keeps_sampling_a_close_pair() -> None:
    # "c" is clearly worse and pruned after 5 samples; "a" and "b" are equal
    # on average ("a" noisy), so neither trails the other by 3 standard errors
    # and they share the rest of the budget.
    worth = {"a": (0.5, 0.6), "b": (0.5, 0.0), "c": (0.1, 0.0)}
    tree = ISMCTS(Toy(worth), 0, rng=random.Random(1), root_actions=list(worth), paired_root=True,
                  confidence=1.0, prune=3.0, prune_after=5, race=True)
    assert tree.step(3 * 5 + 2 * 30) == 3 * 5 + 2 * 30
    assert tree.pruned == {"c"} and not tree.settled
    assert len(tree.samples["a"]) == len(tree.samples["b"]) == 35
