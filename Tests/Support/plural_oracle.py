#!/usr/bin/env python3
"""Prints Babel's CLDR plural category for every locale Babel knows and each number given.

    python3 Tests/Support/plural_oracle.py NUMBER...

A NUMBER is an integer (`-3`, `1000000`) or a decimal as shown (`1.50`: its visible fraction
digits count). The first line is `babel VERSION cldr VERSION`; then one line per Babel locale
identifier, sorted: the identifier, a tab, and the categories of the numbers in order, separated by
spaces. An independent oracle for ScreenLocalization's PluralRules (PluralRulesOracleTests).
"""

import decimal
import re
import sys

import babel
from babel import Locale, localedata
from babel.core import get_global


def main(arguments):
    numbers = []
    for text in arguments:
        if not re.fullmatch(r"-?\d+(\.\d+)?", text):
            sys.exit(f"not a number: {text!r}")
        numbers.append(int(text) if "." not in text else decimal.Decimal(text))
    print(f"babel {babel.__version__} cldr {get_global('cldr')['version']}")
    for identifier in sorted(localedata.locale_identifiers()):
        rule = Locale.parse(identifier).plural_form
        print(identifier + "\t" + " ".join(rule(number) for number in numbers))


if __name__ == "__main__":
    main(sys.argv[1:])
