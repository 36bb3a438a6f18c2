// The edge router's own cost per request under Node: screenkitRoute (the decision, SHA-256 in pure
// JavaScript for each weighted experiment) for the example's screens, N calls each after a warm-up.
// Usage: node Benchmarks/edge_router_cost.mjs edge/screenkit-edge.mjs [N]
import path from "node:path";
import { pathToFileURL } from "node:url";

const [routerPath, count = "200000"] = process.argv.slice(2);
const { screenkitRoute, SCREENKIT_TABLE, skSHA256Hex } = await import(pathToFileURL(path.resolve(routerPath)).href);
const options = { allowsOverrides: false, sha256Hex: skSHA256Hex };
const cases = [
  ["home (2 experiments, a unit)", (i) => ({ screen: "home", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "user-" + (i % 1000) })],
  ["sign-in (localized)", () => ({ screen: "sign-in", contract: "2", acceptLanguage: "pl-PL,pl;q=0.9,en;q=0.5" })],
  ["unknown screen (404)", () => ({ screen: "nope", contract: "2" })],
];
const calls = parseInt(count, 10);
for (const [name, make] of cases) {
  for (let i = 0; i < 20000; i++) screenkitRoute(SCREENKIT_TABLE, make(i), options);
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) screenkitRoute(SCREENKIT_TABLE, make(i), options);
  const nanoseconds = Number(process.hrtime.bigint() - started);
  console.log(`${name}\t${(nanoseconds / calls / 1000).toFixed(2)} µs per request`);
}
