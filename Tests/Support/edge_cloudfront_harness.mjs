// Runs the generated CloudFront viewer-request function under Node, in a fresh context with
// `require("crypto")` as CloudFront Functions provide it, over a list of requests.
// Usage: node edge_cloudfront_harness.mjs FUNCTION REQUESTS_JSON OUT_JSON
import crypto from "node:crypto";
import fs from "node:fs";
import vm from "node:vm";

const [functionPath, requestsPath, outPath] = process.argv.slice(2);
const context = vm.createContext({ require: (name) => (name === "crypto" ? crypto : undefined) });
vm.runInContext(fs.readFileSync(functionPath, "utf8"), context, { filename: functionPath });
const results = [];
for (const request of JSON.parse(fs.readFileSync(requestsPath, "utf8"))) {
  const [uri, query] = request.path.split("?");
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = { value };
  const querystring = {};
  for (const [name, value] of new URLSearchParams(query || "")) querystring[name] = { value };
  const event = { version: "1.0", request: { method: "GET", uri, querystring, headers, cookies: {} } };
  results.push(JSON.parse(JSON.stringify(context.handler(event))));
}
fs.writeFileSync(outPath, JSON.stringify(results));
