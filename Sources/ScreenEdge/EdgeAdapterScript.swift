/// The JavaScript of each engine's adapter: how a request reaches ``EdgeRouterScript/core`` and
/// how its decision becomes a response.
enum EdgeAdapterScript {
    /// A `fetch` handler (Cloudflare Workers, Deno, Node 18+): an ES module exporting `handle(request, origin)` and a Workers default export.
    static let fetch = #"""
        // The fetch handler (Cloudflare Workers, Deno, Node 18+): `origin` is the bucket's public base
        // URL; only objects/<sha256>.json under it is ever fetched, and only an object the table names.
        export async function handle(request, origin) {
          var url = new URL(request.url);
          var prefix = "/screens/";
          if (url.pathname.substring(0, prefix.length) !== prefix) return new Response("not found", { status: 404 });
          var raw = url.pathname.substring(prefix.length), id;
          try { id = decodeURIComponent(raw); } catch (error) { id = raw; }
          var source = SCREENKIT_OPTIONS.unit, unit = null;
          if (source && source.header) unit = request.headers.get(source.header);
          else if (source && source.cookie) unit = skCookie(request.headers.get("cookie"), source.cookie);
          else if (source && source.query) unit = url.searchParams.get(source.query);
          var decision = screenkitRoute(SCREENKIT_TABLE, {
            screen: id, contract: request.headers.get("screenkit-contract"),
            acceptLanguage: request.headers.get("accept-language"), unit: unit, arm: request.headers.get("screenkit-arm"),
            ifNoneMatch: request.headers.get("if-none-match")
          }, { allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, sha256Hex: skSHA256Hex });
          var body = decision.body;
          if (decision.object !== null) {
            var upstream = await fetch(origin.replace(/\/+$/, "") + "/objects/" + decision.object + ".json");
            if (upstream.status !== 200) decision = skBadGateway(decision.object, upstream.status);
            body = decision.object !== null ? await upstream.arrayBuffer() : decision.body;
          }
          var headers = new Headers();
          for (var i = 0; i < decision.headers.length; i++) headers.set(decision.headers[i][0], decision.headers[i][1]);
          return new Response(body, { status: decision.status, headers: headers });
        }

        // The decision alone, for tests and benchmarks: screenkitRoute(table, request, options).
        export { screenkitRoute, SCREENKIT_TABLE, skSHA256Hex };

        export default { fetch: function (request, env) { return handle(request, env.SCREENKIT_ORIGIN); } };
        """#

    /// An nginx njs module exporting `handle` (for `js_content`) and, for a private bucket, `authorization`, `amzDate` and `securityToken` (for `js_set`).
    static let njs = #"""
        // The nginx njs handler (`js_content`, for every request of the server): answers from the table,
        // and for a screen fetches the object through the internal location /_screenkit_objects/<sha256>.json
        // (proxied to the bucket's objects/, with proxy_cache); nothing else is ever requested upstream.
        var skCrypto = require("crypto");

        function skNjsSHA256Hex(text) { return skCrypto.createHash("sha256").update(text).digest("hex"); }

        function skNjsHeader(r, name) {
          var value = r.headersIn[name];
          return value === undefined ? null : value;
        }

        function skNjsSend(r, decision, body) {
          for (var i = 0; i < decision.headers.length; i++) r.headersOut[decision.headers[i][0]] = decision.headers[i][1];
          if (body === null) r.return(decision.status);
          else r.return(decision.status, body);
        }

        function handle(r) {
          // The path as sent (nginx's own $uri is decoded and normalized): `/screens/<id>`, the ID decoded.
          var requestURI = r.variables.request_uri, prefix = "/screens/";
          var path = requestURI.split("?")[0];
          if (path.substring(0, prefix.length) !== prefix) { r.return(404); return; }
          var raw = path.substring(prefix.length), id;
          try { id = decodeURIComponent(raw); } catch (error) { id = raw; }
          var source = SCREENKIT_OPTIONS.unit, unit = null;
          if (source && source.header) unit = skNjsHeader(r, source.header);
          else if (source && source.cookie) unit = skCookie(skNjsHeader(r, "Cookie"), source.cookie);
          else if (source && source.query) unit = r.args[source.query] === undefined ? null : r.args[source.query];
          var decision = screenkitRoute(SCREENKIT_TABLE, {
            screen: id, contract: skNjsHeader(r, "ScreenKit-Contract"),
            acceptLanguage: skNjsHeader(r, "Accept-Language"), unit: unit, arm: skNjsHeader(r, "ScreenKit-Arm"),
            ifNoneMatch: skNjsHeader(r, "If-None-Match")
          }, { allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, sha256Hex: skNjsSHA256Hex });
          if (decision.object === null) { skNjsSend(r, decision, decision.body); return; }
          // The time the bucket request is signed at travels with it, so its x-amz-date and signature agree.
          var signedAt = new Date().toISOString().replace(/[-:]/g, "").replace(/\.[0-9]+Z$/, "Z");
          r.subrequest("/_screenkit_objects/" + decision.object + ".json", { method: "GET", args: "at=" + signedAt }, function (reply) {
            if (reply.status !== 200) {
              var failed = skBadGateway(decision.object, reply.status);
              skNjsSend(r, failed, failed.body);
              return;
            }
            skNjsSend(r, decision, reply.responseBuffer);
          });
        }

        // A private bucket: the object request signed with AWS Signature Version 4 (header auth), from
        // $screenkit_bucket_host, $screenkit_bucket_path (`/bucket` or `/bucket/prefix`, path style),
        // $screenkit_bucket_region and the environment's SCREENKIT_BUCKET_ACCESS_KEY_ID and
        // SCREENKIT_BUCKET_SECRET_ACCESS_KEY (`env` directives); without a key, nothing is signed.
        var SK_EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

        function skAmzDate(r) {
          var at = r.args.at;
          return typeof at === "string" && /^[0-9]{8}T[0-9]{6}Z$/.test(at) ? at : "";
        }

        function skHmac(key, text) { return skCrypto.createHmac("sha256", key).update(text).digest(); }

        // The Authorization header of a GET of `path` on `host` at `amzDate`, or "" without credentials.
        function skSigV4(keyId, secret, region, host, path, amzDate, token) {
          if (!keyId || !secret || amzDate === "") return "";
          var headers = "host:" + host + "\nx-amz-content-sha256:" + SK_EMPTY_SHA256 + "\nx-amz-date:" + amzDate + "\n";
          var signed = "host;x-amz-content-sha256;x-amz-date";
          if (token) { headers += "x-amz-security-token:" + token + "\n"; signed += ";x-amz-security-token"; }
          var canonical = "GET\n" + path + "\n\n" + headers + "\n" + signed + "\n" + SK_EMPTY_SHA256;
          var scope = amzDate.substring(0, 8) + "/" + region + "/s3/aws4_request";
          var toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
            + skCrypto.createHash("sha256").update(canonical).digest("hex");
          var key = skHmac(skHmac(skHmac(skHmac("AWS4" + secret, amzDate.substring(0, 8)), region), "s3"), "aws4_request");
          var signature = skCrypto.createHmac("sha256", key).update(toSign).digest("hex");
          return "AWS4-HMAC-SHA256 Credential=" + keyId + "/" + scope + ", SignedHeaders=" + signed + ", Signature=" + signature;
        }

        function authorization(r) {
          var env = typeof process === "object" && process.env ? process.env : {};
          return skSigV4(env.SCREENKIT_BUCKET_ACCESS_KEY_ID, env.SCREENKIT_BUCKET_SECRET_ACCESS_KEY,
            r.variables.screenkit_bucket_region || "us-east-1", r.variables.screenkit_bucket_host,
            r.variables.screenkit_bucket_path + "/objects/" + r.variables.screenkit_object, skAmzDate(r),
            env.SCREENKIT_BUCKET_SESSION_TOKEN);
        }

        function securityToken(r) {
          var env = typeof process === "object" && process.env ? process.env : {};
          return env.SCREENKIT_BUCKET_ACCESS_KEY_ID ? env.SCREENKIT_BUCKET_SESSION_TOKEN || "" : "";
        }

        export default { handle: handle, authorization: authorization, amzDate: skAmzDate, securityToken: securityToken };
        """#

    /// A Lambda@Edge viewer-request handler: a CommonJS module exporting `handler(event)`.
    static let lambdaEdge = #"""
        // The Lambda@Edge viewer-request handler (Node.js 18 or later; handler `screenkit-edge-lambda.handler`):
        // rewrites a screen's URI to its object (/objects/<sha256>.json, query string dropped) for
        // CloudFront's cache and the bucket origin, and answers 304s and problem documents itself. It cannot
        // set response headers on the object (a response headers policy or the bucket's metadata does).
        var skCrypto = require("crypto");

        // A header's values as one (CloudFront lists repeated headers as several entries), or null.
        function skLambdaHeader(headers, name, separator) {
          var entries = headers ? headers[name] : undefined;
          if (!entries || entries.length === 0) return null;
          var values = [];
          for (var i = 0; i < entries.length; i++) values.push(entries[i].value);
          return values.join(separator);
        }

        var SK_STATUS_TEXT = { 304: "Not Modified", 400: "Bad Request", 404: "Not Found", 406: "Not Acceptable" };

        exports.handler = async function (event) {
          var request = event.Records[0].cf.request;
          var prefix = "/screens/";
          if (request.uri.substring(0, prefix.length) !== prefix) return request;
          var raw = request.uri.substring(prefix.length), id;
          try { id = decodeURIComponent(raw); } catch (error) { id = raw; }
          var source = SCREENKIT_OPTIONS.unit, unit = null, headers = request.headers;
          if (source && source.header) unit = skLambdaHeader(headers, source.header, ", ");
          else if (source && source.cookie) unit = skCookie(skLambdaHeader(headers, "cookie", "; "), source.cookie);
          else if (source && source.query) unit = new URLSearchParams(request.querystring || "").get(source.query);
          var decision = screenkitRoute(SCREENKIT_TABLE, {
            screen: id, contract: skLambdaHeader(headers, "screenkit-contract", ", "),
            acceptLanguage: skLambdaHeader(headers, "accept-language", ", "), unit: unit,
            arm: skLambdaHeader(headers, "screenkit-arm", ", "), ifNoneMatch: skLambdaHeader(headers, "if-none-match", ", ")
          }, {
            allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides,
            sha256Hex: function (text) { return skCrypto.createHash("sha256").update(text).digest("hex"); }
          });
          if (decision.object !== null) {
            request.uri = "/objects/" + decision.object + ".json";
            request.querystring = "";
            return request;
          }
          var answer = {};
          for (var i = 0; i < decision.headers.length; i++) {
            answer[decision.headers[i][0].toLowerCase()] = [{ key: decision.headers[i][0], value: decision.headers[i][1] }];
          }
          var response = { status: String(decision.status), statusDescription: SK_STATUS_TEXT[decision.status] || "", headers: answer };
          if (decision.body !== null) { response.body = decision.body; response.bodyEncoding = "text"; }
          return response;
        };
        """#
}
