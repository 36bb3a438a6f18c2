// Sends a list of requests to an HTTP server exactly as given (no header added but Host), one
// after another, and records each status, header and body.
// Usage: node edge_http_client.mjs BASE_URL|unix:SOCKET REQUESTS_JSON OUT_JSON
import fs from "node:fs";
import http from "node:http";

const [base, requestsPath, outPath] = process.argv.slice(2);
const target = base.startsWith("unix:") ? { socketPath: base.slice(5) } : { host: new URL(base).hostname, port: new URL(base).port };
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const requests = JSON.parse(fs.readFileSync(requestsPath, "utf8"));
const responses = [];
for (const request of requests) {
  responses.push(await new Promise((resolve, reject) => {
    const sent = http.request({
      ...target, path: request.path, method: "GET", headers: request.headers, agent
    }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({
        status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString("base64")
      }));
    });
    sent.on("error", reject);
    sent.end();
  }));
}
agent.destroy();
fs.writeFileSync(outPath, JSON.stringify({ responses }));
