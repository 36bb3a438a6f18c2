// Runs the generated Lambda@Edge handlers on the events around a screen's: a request for another
// path that carries a forged X-ScreenKit-Decision header (the viewer request must remove it), viewer
// responses for an object request whose decision header is forged or broken (left as they are), and
// the bucket's error for a screen's object (left as it is: CloudFront's and the bucket's).
// Usage: node edge_lambda_cases.mjs HANDLER REQUESTS_JSON (unused) OUT_JSON
import fs from "node:fs";
import { createRequire } from "node:module";

const [handlerPath, , outPath] = process.argv.slice(2);
const { handler, viewerResponse } = createRequire(import.meta.url)(handlerPath);
const config = { distributionDomainName: "d111111abcdef8.cloudfront.net", distributionId: "EDFDVBD6EXAMPLE", requestId: "4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==" };
const forged = (value) => ({ "x-screenkit-decision": [{ key: "X-ScreenKit-Decision", value }] });
const request = (uri, headers) => ({ clientIp: "203.0.113.178", headers: { host: [{ key: "Host", value: "d111111abcdef8.cloudfront.net" }], ...headers }, method: "GET", querystring: "", uri });
const bucket = (status) => ({
  status, statusDescription: status === "200" ? "OK" : "Forbidden",
  headers: {
    "content-type": [{ key: "Content-Type", value: status === "200" ? "application/json" : "application/xml" }],
    "cache-control": [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
    etag: [{ key: "ETag", value: "\"9b2cf535f27731c974343645a3985328\"" }],
    "x-amz-request-id": [{ key: "x-amz-request-id", value: "4442587FB7D0A2F9" }],
  },
});
const respond = async (req, status) => JSON.parse(JSON.stringify(await viewerResponse({ Records: [{ cf: { config: { ...config, eventType: "viewer-response" }, request: req, response: bucket(status) } }] })));
const results = {
  otherPath: JSON.parse(JSON.stringify(await handler({ Records: [{ cf: { config: { ...config, eventType: "viewer-request" }, request: request("/objects/abc.json", forged('[["Cache-Control","public, max-age=31536000"]]')) } }] }))),
  brokenDecision: await respond(request("/objects/abc.json", forged("[[\"Cache-Control\"")), "200"),
  foreignHeader: await respond(request("/objects/abc.json", forged('[["Set-Cookie","a=b"]]')), "200"),
  bucketError: await respond(request("/screens/home", {}), "403"),
};
fs.writeFileSync(outPath, JSON.stringify(results));
