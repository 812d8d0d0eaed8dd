"""Simulate games on Ray (a local instance with 2 CPUs here) and check that the counts
are those of the process pool.

Run: ``python examples/integrations/ray_simulation.py`` (needs ``conquian[ray]``). On a
cluster, pass ``address="auto"`` (on a node of the cluster) or ``"ray://HEAD:10001"``.
"""

from __future__ import annotations

from conquian.simulate import simulate

GAMES = 400


def main() -> None:
    on_ray = simulate(GAMES, ("greedy", "random"), seed=1, workers=2, backend="ray")
    print("Ray:", on_ray, sep="\n")
    in_processes = simulate(GAMES, ("greedy", "random"), seed=1, workers=2)
    print("process pool:", in_processes, sep="\n")
    assert on_ray == in_processes  # the same games, the same counts
    print("identical counts")


if __name__ == "__main__":
    main()
