// Runs the Node adapter the article "Serving from a CDN" shows (ADAPTER, saved beside the generated
// screenkit-edge.mjs) as its own process, with the bucket served by a local origin, and sends each
// request over HTTP as an app would.
// Usage: node edge_node_adapter_harness.mjs ADAPTER BUCKET_DIR REQUESTS_JSON OUT_JSON
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";

const [adapter, bucket, requestsPath, outPath] = process.argv.slice(2);
const origin = http.createServer((request, response) => {
  const file = path.join(bucket, decodeURIComponent(request.url.split("?")[0]));
  if (!file.startsWith(path.resolve(bucket) + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(fs.readFileSync(file));
});
await new Promise((resolve) => origin.listen(0, "127.0.0.1", resolve));
const free = net.createServer();
await new Promise((resolve) => free.listen(0, "127.0.0.1", resolve));
const port = free.address().port;
await new Promise((resolve) => free.close(resolve));
const server = spawn(process.execPath, [adapter], {
  env: { ...process.env, SCREENKIT_ORIGIN: `http://127.0.0.1:${origin.address().port}`, PORT: String(port) },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let attempt = 0; ; attempt++) {
    const ready = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => { socket.end(); resolve(true); });
      socket.on("error", () => resolve(false));
    });
    if (ready) break;
    if (attempt > 200 || server.exitCode !== null) throw new Error("the adapter did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const requests = JSON.parse(fs.readFileSync(requestsPath, "utf8"));
  const responses = [];
  for (const request of requests) {
    const url = new URL("http://127.0.0.1" + request.path);
    responses.push(await new Promise((resolve, reject) => {
      http.get({ host: "127.0.0.1", port, path: url.pathname + url.search, headers: request.headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const headers = {};
          for (const [name, value] of Object.entries(response.headers)) {
            headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks).toString("base64") });
        });
      }).on("error", reject);
    }));
  }
  fs.writeFileSync(outPath, JSON.stringify({ responses }));
} finally {
  server.kill();
  origin.close();
}
