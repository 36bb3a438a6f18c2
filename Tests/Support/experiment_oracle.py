"""The experiment report's figures, computed independently with scipy and statsmodels.

Usage: experiment_oracle.py EXPORT.jsonl EXPERIMENT GOAL CONTROL ARM=WEIGHT...

Reads the export as `screenkit experiment report` does (a unit in the arm of its first exposure,
units in two arms left out, a conversion = the goal at or after that exposure) with plain Python,
and prints one JSON object: per arm the counts, the rate, the Wilson interval
(proportion_confint), the difference with its Wald interval and the ratio with its log interval
(confint_proportions_2indep), the z-test (proportions_ztest), and the chi-square of the split
(scipy.stats.chisquare)."""
import json
import sys
from datetime import datetime

from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint, proportions_ztest


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))


def main():
    path, experiment, goal, control = sys.argv[1:5]
    weights = dict((arm, float(weight)) for arm, weight in (item.split("=") for item in sys.argv[5:]))
    first = {}
    crossed = set()
    last_goal = {}
    with open(path) as export:
        for line in export:
            if not line.strip():
                continue
            row = json.loads(line)
            unit = row.get("unit")
            if unit is None:
                continue
            when = instant(row["time"])
            if row["event"] == goal:
                last_goal[unit] = max(last_goal.get(unit, when), when)
            if row["event"] == "exposure":
                arm = row.get("arm") if row.get("experiment") == experiment else (row.get("experiments") or {}).get(experiment)
                if arm is None:
                    continue
                if unit in first and first[unit][1] != arm:
                    crossed.add(unit)
                if unit not in first or when < first[unit][0]:
                    first[unit] = (when, arm)
    counts = {}
    for unit, (when, arm) in first.items():
        if unit in crossed:
            continue
        exposed, converted = counts.get(arm, (0, 0))
        counts[arm] = (exposed + 1, converted + (1 if unit in last_goal and last_goal[unit] >= when else 0))
    result = {"arms": {}}
    c_n, c_x = counts.get(control, (0, 0))
    for arm, (n, x) in counts.items():
        low, high = proportion_confint(x, n, alpha=0.05, method="wilson")
        entry = {"units": n, "converted": x, "rate": x / n, "interval": [low, high]}
        if arm != control:
            diff = confint_proportions_2indep(x, n, c_x, c_n, method="wald", compare="diff", alpha=0.05)
            ratio = confint_proportions_2indep(x, n, c_x, c_n, method="log", compare="ratio", alpha=0.05)
            z, p = proportions_ztest([x, c_x], [n, c_n])
            entry.update(
                lift=[x / n - c_x / c_n, diff[0], diff[1]],
                relativeLift=[(x / n) / (c_x / c_n) - 1, ratio[0] - 1, ratio[1] - 1],
                z=float(z), p=float(p))
        result["arms"][arm] = entry
    declared = [arm for arm in weights]
    observed = [counts.get(arm, (0, 0))[0] for arm in declared]
    total = sum(observed)
    expected = [total * weights[arm] / sum(weights.values()) for arm in declared]
    chi = stats.chisquare(observed, expected)
    result["sampleRatio"] = {"statistic": float(chi.statistic), "p": float(chi.pvalue)}
    result["crossed"] = len(crossed)
    print(json.dumps(result))


main()
