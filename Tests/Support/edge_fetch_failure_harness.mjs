// Runs the generated fetch router (screenkit-edge.mjs, with records) under Node against a bucket
// that fails in one way (MODE): `refused` (nothing listens), `status` (500), `wrong-body` (200 with
// other bytes), `cut-off` (the connection closes mid-body), `slow` (no answer within the router's
// timeout); every request of REQUESTS_JSON gets its response and its record.
// Usage: node edge_fetch_failure_harness.mjs ROUTER MODE REQUESTS_JSON OUT_JSON
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [routerPath, mode, requestsPath, outPath] = process.argv.slice(2);
const { handle } = await import(pathToFileURL(path.resolve(routerPath)).href);
const sockets = new Set();
const origin = http.createServer((request, response) => {
  if (mode === "status") { response.writeHead(500); response.end("internal error"); return; }
  if (mode === "wrong-body") { response.writeHead(200, { "Content-Type": "application/json" }); response.end("{\"format\":1}"); return; }
  if (mode === "cut-off") {
    response.writeHead(200, { "Content-Type": "application/json", "Content-Length": "4096" });
    response.write("{\"format\":1,");
    setTimeout(() => request.socket.destroy(), 50);
    return;
  }
  // slow: never answers; the router gives up first.
});
origin.on("connection", (socket) => { sockets.add(socket); socket.on("close", () => sockets.delete(socket)); });
await new Promise((resolve) => origin.listen(0, "127.0.0.1", resolve));
let base = `http://127.0.0.1:${origin.address().port}`;
if (mode === "refused") {
  await new Promise((resolve) => origin.close(resolve));
}
const requests = JSON.parse(fs.readFileSync(requestsPath, "utf8"));
const responses = [];
const records = [];
for (const request of requests) {
  let record = null;
  const response = await handle(new Request("http://edge.test" + request.path, { headers: request.headers }), base, (line) => {
    record = line;
  });
  records.push(record);
  const headers = {};
  response.headers.forEach((value, name) => { headers[name] = value; });
  const body = Buffer.from(await response.arrayBuffer()).toString("base64");
  responses.push({ status: response.status, headers, body });
}
for (const socket of sockets) socket.destroy();
if (mode !== "refused") origin.close();
fs.writeFileSync(outPath, JSON.stringify({ responses, records }));
