// The edge router's own cost per request under Node: screenkitRoute (the decision, SHA-256 in pure
// JavaScript for each weighted experiment) for the example's screens, N calls each after a warm-up.
// Given a router written with --records too, the same decision with its response record made
// (skFacts and skRecordLine), and what the record adds.
// Usage: node Benchmarks/edge_router_cost.mjs edge/screenkit-edge.mjs [N] [edge-records/screenkit-edge.mjs]
import path from "node:path";
import { pathToFileURL } from "node:url";

const [routerPath, count = "200000", recordsPath] = process.argv.slice(2);
const { screenkitRoute, SCREENKIT_TABLE, skFetchUnitBucket } = await import(pathToFileURL(path.resolve(routerPath)).href);
const options = { allowsOverrides: false, unitBucket: skFetchUnitBucket };
const cases = [
  ["home (2 experiments, a unit)", (i) => ({ screen: "home", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "user-" + (i % 1000) })],
  ["sign-in (localized)", () => ({ screen: "sign-in", contract: "2", acceptLanguage: "pl-PL,pl;q=0.9,en;q=0.5" })],
  ["unknown screen (404)", () => ({ screen: "nope", contract: "2" })],
];
const calls = parseInt(count, 10);
// Microseconds per call of `step`, after a warm-up.
function measure(make, step) {
  for (let i = 0; i < 20000; i++) step(make(i));
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) step(make(i));
  return Number(process.hrtime.bigint() - started) / calls / 1000;
}
const records = recordsPath ? await import(pathToFileURL(path.resolve(recordsPath)).href) : null;
for (const [name, make] of cases) {
  const decision = measure(make, (request) => screenkitRoute(SCREENKIT_TABLE, request, options));
  let line = `${name}\t${decision.toFixed(2)} µs per request`;
  if (records) {
    const table = records.SCREENKIT_TABLE;
    const recorded = measure(make, (request) =>
      records.skRecordLine(table, records.skFacts(table, request, records.screenkitRoute(table, request, options), options), "fetch"));
    line += `; with its record ${recorded.toFixed(2)} µs (+${(recorded - decision).toFixed(2)})`;
  }
  console.log(line);
}
