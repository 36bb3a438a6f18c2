"""The sample sizes `screenkit experiment plan` computes, by statsmodels' power functions.

Usage: power_oracle.py CASES.json  ([[baseline, target, alpha, power, ratio], ...])
Prints a JSON list: per case, the control arm's units (`NormalIndPower().solve_power` over Cohen's h,
`proportion_effectsize`), unrounded."""
import json
import sys

from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_effectsize


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)
    solver = NormalIndPower()
    sizes = [
        float(
            solver.solve_power(
                effect_size=proportion_effectsize(target, baseline), alpha=alpha, power=power, ratio=ratio,
                alternative="two-sided"))
        for baseline, target, alpha, power, ratio in cases
    ]
    print(json.dumps(sizes))


if __name__ == "__main__":
    main()
