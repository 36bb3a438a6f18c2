// Runs the generated Lambda@Edge viewer-request handler under Node as Lambda loads it (a CommonJS
// module, `exports.handler`), over a list of requests shaped as CloudFront delivers them: header
// names lowercased, each an array of { key, value } entries (a cookie split over two entries), the
// query string raw, the config block and the client's address beside the request.
// With UNIT_COOKIE, the `user` query parameter travels as that cookie instead, in a third entry.
// Usage: node edge_lambda_harness.mjs HANDLER [UNIT_COOKIE] REQUESTS_JSON OUT_JSON
import fs from "node:fs";
import { createRequire } from "node:module";

const argv = process.argv.slice(2);
const [handlerPath, unitCookie] = argv.length === 4 ? argv : [argv[0], null];
const [requestsPath, outPath] = argv.slice(-2);
const { handler } = createRequire(import.meta.url)(handlerPath);
const results = [];
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
  results.push(JSON.parse(JSON.stringify(await handler(event))));
}
fs.writeFileSync(outPath, JSON.stringify(results));
