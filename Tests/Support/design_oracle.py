"""Independent figures for ScreenDesign's colour math (ColorOracleTests).

Reads a JSON file: {"pairs": [[[r, g, b], [r, g, b]], ...], "labs": [[[L, a, b], [L, a, b]], ...],
"colors": [[r, g, b], ...]} (components 0-1) and prints JSON:
- "contrast": the WCAG contrast ratio of each pair, by wcag-contrast-ratio (PyPI);
- "deltaE": CIEDE2000 between each pair of CIELAB values, by colour-science's delta_E;
- "lab": CIELAB (D65) of each sRGB colour, by colour-science.
"""
import json
import sys
import warnings

# colour-science warns on import that optional plotting packages are missing: not needed here.
warnings.filterwarnings("ignore")
import colour  # noqa: E402
import numpy
import wcag_contrast_ratio

with open(sys.argv[1]) as handle:
    data = json.load(handle)

result = {
    "contrast": [wcag_contrast_ratio.rgb(tuple(a), tuple(b)) for a, b in data["pairs"]],
    "deltaE": [float(colour.delta_E(numpy.array(a), numpy.array(b), method="CIE 2000")) for a, b in data["labs"]],
    "lab": [
        [float(v) for v in colour.XYZ_to_Lab(colour.sRGB_to_XYZ(numpy.array(c)))] for c in data["colors"]
    ],
}
print(json.dumps(result))
