// What a canary costs the edge router's decision under Node: the same requests decided by a router
// without a canary and by one serving a canary beside the same stable release (the table chosen by
// the unit first: one more SHA-256 for a request that names a unit), alternated in one process.
// Usage: node Benchmarks/edge_canary_cost.mjs without/screenkit-edge.mjs with/screenkit-edge.mjs [N]
import path from "node:path";
import { pathToFileURL } from "node:url";

const [withoutPath, withPath, count = "100000"] = process.argv.slice(2);
const load = async (file) => import(pathToFileURL(path.resolve(file)).href);
const routers = { without: await load(withoutPath), with: await load(withPath) };
const cases = [
  ["home (2 experiments, a unit)", (i) => ({ screen: "home", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "user-" + (i % 1000) })],
  ["sign-in (a unit)", (i) => ({ screen: "sign-in", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "user-" + (i % 1000) })],
  ["sign-in (no unit)", () => ({ screen: "sign-in", contract: "2", acceptLanguage: "de-AT,de;q=0.9" })],
];
const calls = parseInt(count, 10);
function measure(router, make) {
  const { screenkitRoute, skReleaseTable, skReleaseCache, SCREENKIT_TABLE, skFetchUnitBucket } = router;
  const options = { allowsOverrides: false, unitBucket: skFetchUnitBucket };
  const step = (request) =>
    screenkitRoute(skReleaseTable(SCREENKIT_TABLE, request.unit, skFetchUnitBucket, skReleaseCache), request, options);
  for (let i = 0; i < 20000; i++) step(make(i));
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) step(make(i));
  return Number(process.hrtime.bigint() - started) / calls / 1000;
}
for (const [name, make] of cases) {
  const times = { without: [], with: [] };
  for (let round = 0; round < 3; round++) {
    times.without.push(measure(routers.without, make));
    times.with.push(measure(routers.with, make));
  }
  const best = (values) => Math.min(...values);
  console.log(`${name}\twithout a canary ${best(times.without).toFixed(2)} µs, with ${best(times.with).toFixed(2)} µs: ${(best(times.with) / best(times.without)).toFixed(2)}x`);
}
