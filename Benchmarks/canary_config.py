"""Writes a second release's screenkit.json for the benchmarks' canaries: the package's own config
without the Polish locale (so the same screens make another manifest), its paths made absolute as
the file lives elsewhere.

Usage: python3 Benchmarks/canary_config.py OUT_FILE  (run at the package's root)
"""
import json
import os
import sys

config = json.load(open("screenkit.json"))
config["locales"] = [locale for locale in config["locales"] if locale != "pl"]
for key in ["contract", "output", "preview"]:
    if key in config:
        config[key] = os.path.abspath(config[key])
for key in ["strings", "assetCatalogs", "androidResources"]:
    if key in config:
        config[key] = [os.path.abspath(path) for path in config[key]]
json.dump(config, open(sys.argv[1], "w"))
