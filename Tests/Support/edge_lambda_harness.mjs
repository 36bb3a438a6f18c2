// Runs the generated Lambda@Edge handlers under Node as Lambda loads them (a CommonJS module,
// `exports.handler` for the viewer request, `exports.viewerResponse`), over a list of requests shaped
// as CloudFront delivers them: header names lowercased, each an array of { key, value } entries (a
// cookie split over two entries), the query string raw, the config block and the client's address
// beside the request. With UNIT_COOKIE, the `user` query parameter travels as that cookie instead, in
// a third entry.
// A rewritten request's object is then answered as CloudFront hands the bucket's response to the
// viewer-response trigger (S3's headers with publish's metadata, CloudFront's own): a 200 with the
// request as the viewer request returned it, a 200 with the request as the viewer sent it, and
// CloudFront's own 304 (a revalidation of its copy); each result's headers are in `viewerResponses`,
// in that order, beside the viewer request's result. What the handlers log (their response records)
// is in `logs`, per trigger: `viewerRequest`, `viewerResponses` and `originResponses` (the
// origin-response trigger's results for the bucket's 200 and its errors, in `originResponses`).
// Usage: node edge_lambda_harness.mjs HANDLER [UNIT_COOKIE] REQUESTS_JSON OUT_JSON
import fs from "node:fs";
import { createRequire } from "node:module";

const argv = process.argv.slice(2);
const [handlerPath, unitCookie] = argv.length === 4 ? argv : [argv[0], null];
const [requestsPath, outPath] = argv.slice(-2);
const { handler, viewerResponse, originResponse } = createRequire(import.meta.url)(handlerPath);
const results = [];
let logged = [];
console.log = (line) => { logged.push(line); };
for (const request of JSON.parse(fs.readFileSync(requestsPath, "utf8"))) {
  let [uri, query] = request.path.split("?");
  const headers = {
    host: [{ key: "Host", value: "d111111abcdef8.cloudfront.net" }],
    "user-agent": [{ key: "User-Agent", value: "ShopApp/4.2 CFNetwork/1490" }],
    cookie: [{ key: "Cookie", value: "theme=dark" }, { key: "Cookie", value: "session=abc; consent=1" }],
  };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = [{ key: name, value }];
  // A list header may arrive as two entries.
  const languages = headers["accept-language"];
  const comma = languages ? languages[0].value.indexOf(", ") : -1;
  if (comma > 0) {
    const value = languages[0].value;
    headers["accept-language"] = [{ key: "Accept-Language", value: value.substring(0, comma) }, { key: "Accept-Language", value: value.substring(comma + 2) }];
  }
  const user = new URLSearchParams(query || "").get("user");
  if (unitCookie && user !== null) {
    headers.cookie.push({ key: "cookie", value: unitCookie + "=" + user });
    query = undefined;
  }
  const querystring = query ? query + "&utm_source=push" : "utm_source=push";
  const event = {
    Records: [{
      cf: {
        config: { distributionDomainName: "d111111abcdef8.cloudfront.net", distributionId: "EDFDVBD6EXAMPLE", eventType: "viewer-request", requestId: "4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==" },
        request: { clientIp: "203.0.113.178", headers, method: "GET", querystring, uri },
      },
    }],
  };
  const original = JSON.parse(JSON.stringify(event.Records[0].cf.request));
  logged = [];
  const result = JSON.parse(JSON.stringify(await handler(event)));
  result.logs = { viewerRequest: logged, viewerResponses: [] };
  if (result.uri !== undefined) {
    result.viewerResponses = [];
    for (const [seen, status] of [[result, "200"], [original, "200"], [original, "304"]]) {
      const answer = {
        Records: [{
          cf: {
            config: { ...event.Records[0].cf.config, eventType: "viewer-response" },
            request: JSON.parse(JSON.stringify(seen)),
            response: { status, statusDescription: status === "200" ? "OK" : "Not Modified", headers: bucketHeaders(result.viewerResponses.length) },
          },
        }],
      };
      logged = [];
      result.viewerResponses.push(JSON.parse(JSON.stringify(await viewerResponse(answer))).headers);
      result.logs.viewerResponses.push(logged);
    }
    // The origin-response trigger: the bucket's 200 passes, its errors (S3's 403 and 404, a 500,
    // CloudFront's own 502 and 504 for an origin it could not reach or that did not answer in time)
    // become the renderer's 502.
    result.originResponses = [];
    result.logs.originResponses = [];
    for (const status of ["200", "403", "404", "500", "502", "504"]) {
      const answer = {
        Records: [{
          cf: {
            config: { ...event.Records[0].cf.config, eventType: "origin-response" },
            request: JSON.parse(JSON.stringify(result)),
            response: { status, statusDescription: "", headers: bucketHeaders(0) },
          },
        }],
      };
      delete answer.Records[0].cf.request.viewerResponses;
      delete answer.Records[0].cf.request.logs;
      delete answer.Records[0].cf.request.originResponses;
      logged = [];
      result.originResponses.push(JSON.parse(JSON.stringify(await originResponse(answer))));
      result.logs.originResponses.push(logged);
    }
  }
  results.push(result);
}
// The headers of an object's response from an S3 origin through CloudFront's cache (the second
// without the optional ones: no version ID, no server-side encryption, not from the cache).
function bucketHeaders(variant) {
  const headers = {
    "content-type": [{ key: "Content-Type", value: "application/json" }],
    "content-length": [{ key: "Content-Length", value: "1234" }],
    etag: [{ key: "ETag", value: "\"9b2cf535f27731c974343645a3985328\"" }],
    "last-modified": [{ key: "Last-Modified", value: "Sat, 28 Nov 2026 07:00:00 GMT" }],
    "cache-control": [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
    "accept-ranges": [{ key: "Accept-Ranges", value: "bytes" }],
    server: [{ key: "Server", value: "AmazonS3" }],
    date: [{ key: "Date", value: "Sat, 28 Nov 2026 07:01:00 GMT" }],
    "x-amz-request-id": [{ key: "x-amz-request-id", value: "4442587FB7D0A2F9" }],
    "x-amz-id-2": [{ key: "x-amz-id-2", value: "vlR7PnpV2Ce81l0PRw6jlUpck7Jo5ZsQjryTjKlc5aLWGVHPZLj5NeC6qMa0emYBDXOo6QBU0Wo=" }],
    via: [{ key: "Via", value: "1.1 0f6ef5f1d0c3a3c3f1e6b0c6e3d2b5a4.cloudfront.net (CloudFront)" }],
    "x-cache": [{ key: "X-Cache", value: "Hit from cloudfront" }],
    "x-amz-cf-pop": [{ key: "X-Amz-Cf-Pop", value: "FRA56-P5" }],
    "x-amz-cf-id": [{ key: "X-Amz-Cf-Id", value: "2JvKx2zYb8kK5xQG0hVvJ4vM0Zt8QxXq8eQ9wG1Q5n2mJb3c4d5e6f==" }],
    age: [{ key: "Age", value: "42" }],
  };
  if (variant === 2) {
    for (const name of ["content-type", "content-length", "accept-ranges"]) delete headers[name];
  }
  if (variant === 0) {
    headers["x-amz-version-id"] = [{ key: "x-amz-version-id", value: "3/L4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY+MTRCxf3vjVBH40Nr8X8gdRQBpUMLUo" }];
    headers["x-amz-server-side-encryption"] = [{ key: "x-amz-server-side-encryption", value: "AES256" }];
    headers.expires = [{ key: "Expires", value: "Sun, 28 Nov 2027 07:00:00 GMT" }];
  } else {
    delete headers.age;
    headers["x-cache"] = [{ key: "X-Cache", value: "Miss from cloudfront" }];
  }
  return headers;
}

fs.writeFileSync(outPath, JSON.stringify(results));
