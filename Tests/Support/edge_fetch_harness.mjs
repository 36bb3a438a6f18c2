// Runs the generated fetch router (screenkit-edge.mjs) under Node over a list of requests, with the
// bucket served by a local origin that logs every path asked for; `records` holds the response
// record each request handed to the router's callback (null for none).
// Usage: node edge_fetch_harness.mjs ROUTER BUCKET_DIR REQUESTS_JSON OUT_JSON
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [routerPath, bucket, requestsPath, outPath] = process.argv.slice(2);
const { handle } = await import(pathToFileURL(path.resolve(routerPath)).href);
const asked = [];
const origin = http.createServer((request, response) => {
  asked.push(request.url);
  const file = path.join(bucket, decodeURIComponent(request.url.split("?")[0]));
  if (!file.startsWith(path.resolve(bucket) + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(fs.readFileSync(file));
});
await new Promise((resolve) => origin.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${origin.address().port}`;
const requests = JSON.parse(fs.readFileSync(requestsPath, "utf8"));
const responses = [];
const records = [];
for (const request of requests) {
  let record = null;
  const response = await handle(new Request("http://edge.test" + request.path, { headers: request.headers }), base, (line) => {
    if (record !== null) throw new Error("two records for one response");
    record = line;
  });
  records.push(record);
  const headers = {};
  response.headers.forEach((value, name) => { headers[name] = value; });
  const body = Buffer.from(await response.arrayBuffer()).toString("base64");
  responses.push({ status: response.status, headers, body });
}
origin.close();
fs.writeFileSync(outPath, JSON.stringify({ responses, asked, records }));
