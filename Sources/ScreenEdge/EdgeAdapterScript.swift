/// The JavaScript of each engine's adapter: how a request reaches ``EdgeRouterScript/core`` and
/// how its decision becomes a response.
enum EdgeAdapterScript {
    /// A `fetch` handler (Cloudflare Workers, Deno, Node 18+): an ES module exporting `handle(request, origin)` and a Workers default export.
    static let fetch = #"""
        // The fetch handler (Cloudflare Workers, Deno, Node 18+): `origin` is the bucket's public base
        // URL; only objects/<sha256>.json under it is ever fetched, and only an object the table names.
        export async function handle(request, origin) { //@no-record
        //@record // With `onRecord`, each screen response's record (one JSON line) is handed to it.
        //@record export async function handle(request, origin, onRecord) {
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
          var body = decision.body, decided = decision;
          if (decision.object !== null) {
            // A bucket that does not give the object — no answer in time, a refused connection, another
            // status, a body cut off or not the object's bytes — is the renderer's problem document, 502.
            var failure = null, upstream = null;
            try {
              upstream = await fetch(origin.replace(/\/+$/, "") + "/objects/" + decision.object + ".json",
                typeof AbortSignal !== "undefined" && AbortSignal.timeout ? { signal: AbortSignal.timeout(SK_ORIGIN_TIMEOUT_MS) } : {});
            } catch (error) { failure = "nothing"; }
            if (failure === null && upstream.status !== 200) failure = upstream.status;
            if (failure === null) {
              try { body = await upstream.arrayBuffer(); } catch (error) { failure = "a body cut off"; }
            }
            if (failure === null && await skBytesSHA256Hex(body) !== decision.object) failure = "a body that is not the object";
            if (failure !== null) { decision = skBadGateway(decision.object, failure); body = decision.body; }
          }
          var headers = new Headers();
          for (var i = 0; i < decision.headers.length; i++) headers.set(decision.headers[i][0], decision.headers[i][1]);
          //@record if (typeof onRecord === "function") {
          //@record   var route = { screen: id, contract: request.headers.get("screenkit-contract"), unit: unit, arm: request.headers.get("screenkit-arm") };
          //@record   var facts = skFacts(SCREENKIT_TABLE, route, decided, SCREENKIT_OPTIONS);
          //@record   facts.status = decision.status;
          //@record   onRecord(skRecordLine(SCREENKIT_TABLE, facts, "fetch"));
          //@record }
          return new Response(body, { status: decision.status, headers: headers });
        }

        // How long the bucket may take to answer an object request.
        var SK_ORIGIN_TIMEOUT_MS = 10000;

        // SHA-256 of a body's bytes as hex: Web Crypto where the engine has it, else the table's own.
        async function skBytesSHA256Hex(bytes) {
          if (typeof crypto !== "undefined" && crypto.subtle) {
            var digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), hex = "";
            for (var i = 0; i < digest.length; i++) hex += (digest[i] < 16 ? "0" : "") + digest[i].toString(16);
            return hex;
          }
          var text;
          try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (error) { return ""; }
          return skSHA256Hex(text);
        }

        // The decision alone, for tests and benchmarks: screenkitRoute(table, request, options).
        export { screenkitRoute, SCREENKIT_TABLE, skSHA256Hex };
        //@record // A record alone, for benchmarks: skRecordLine(table, skFacts(table, request, decision, options), source).
        //@record export { skFacts, skRecordLine };

        export default { fetch: function (request, env) { return handle(request, env.SCREENKIT_ORIGIN); } }; //@no-record
        //@record // Workers: the records go to the Worker's log (Workers Logs, Logpush, `wrangler tail`).
        //@record export default { fetch: function (request, env) { return handle(request, env.SCREENKIT_ORIGIN, function (line) { console.log(line); }); } };
        """#

    /// An nginx njs module exporting `handle` (for `js_content`), for a private bucket `authorization`, `amzDate` and `securityToken` (for `js_set`), and with records `record` (for `js_set`).
    static let njs = #"""
        // The nginx njs handler (`js_content`, for every request of the server): answers from the table,
        // and for a screen serves the object from the internal location /_screenkit_objects/<sha256>.json
        // (proxied to the bucket's objects/, with proxy_cache); nothing else is ever requested upstream.
        // A config that declares the response's variables (`js_var $screenkit_etag;` and the others below)
        // gets the object by an internal redirect, its headers added by that location (`add_header`), so
        // no JavaScript runs while the object is sent; a config without them, by a buffered subrequest.
        // njs runs this module's top level for every request: what only some requests need is made
        // when they need it (the crypto module, the bucket's signature helpers).
        var skCryptoModule = null;
        function skCrypto() { return skCryptoModule === null ? (skCryptoModule = require("crypto")) : skCryptoModule; }

        function skNjsSHA256Hex(text) { return skCrypto().createHash("sha256").update(text).digest("hex"); }

        function skNjsSend(r, decision, body) {
          for (var i = 0; i < decision.headers.length; i++) r.headersOut[decision.headers[i][0]] = decision.headers[i][1];
          if (body === null) r.return(decision.status);
          else r.return(decision.status, body);
        }

        function handle(r) {
          // The path as sent (nginx's own $uri is decoded and normalized): `/screens/<id>`, the ID decoded.
          var variables = r.variables, requestURI = variables.request_uri;
          if (requestURI.substring(0, 9) !== "/screens/") { r.return(404); return; }
          var query = requestURI.indexOf("?");
          var raw = query < 0 ? requestURI.substring(9) : requestURI.substring(9, query), id = raw;
          if (raw.indexOf("%") >= 0) { try { id = decodeURIComponent(raw); } catch (error) { id = raw; } }
          // Each header read once (undefined when absent); the arm only where overrides are allowed.
          var headersIn = r.headersIn, source = SCREENKIT_OPTIONS.unit, unit = null;
          if (source && source.header) unit = headersIn[source.header];
          else if (source && source.cookie) unit = skCookie(headersIn.Cookie, source.cookie);
          else if (source && source.query) unit = r.args[source.query];
          if (unit === undefined) unit = null;
          var contract = headersIn["ScreenKit-Contract"];
          var arm = SCREENKIT_OPTIONS.allowsOverrides ? headersIn["ScreenKit-Arm"] : null;
          var decision = screenkitRoute(SCREENKIT_TABLE, {
            screen: id, contract: contract, acceptLanguage: headersIn["Accept-Language"], unit: unit, arm: arm,
            ifNoneMatch: headersIn["If-None-Match"]
          }, { allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, sha256Hex: skNjsSHA256Hex });
          var redirects = variables.screenkit_etag !== undefined; //@no-record
          //@record // The record is set as the two halves of its line around the status nginx sends, when the
          //@record // config has their variables; only then may a redirect end the request where JavaScript's
          //@record // state of it is gone.
          //@record var halves = variables.screenkit_record_head !== undefined;
          //@record var redirects = variables.screenkit_etag !== undefined && halves;
          //@record skNjsDecided = { route: { screen: id, contract: contract, unit: unit, arm: arm }, decision: decision };
          //@record if (halves) skNjsRecordHalves(r, skNjsDecided);
          if (decision.object === null) { skNjsSend(r, decision, decision.body); return; }
          if (redirects) {
            // The response's headers, for the object's location to add (an empty variable adds none).
            var route = decision.route;
            variables.screenkit_etag = route.etag;
            variables.screenkit_cache_control = route.cacheControl;
            variables.screenkit_vary = route.vary;
            variables.screenkit_contract = route.contract;
            if (route.locale !== null) variables.screenkit_content_language = route.locale;
            if (route.experiments !== null) variables.screenkit_experiments = route.experiments;
            r.internalRedirect("/_screenkit_objects/" + decision.object + ".json");
            return;
          }
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

        // The time the object request is signed at: the subrequest's `at` argument, else now (once per
        // request, so its x-amz-date header and its signature agree).
        var skNjsSignedAt = null;
        function skAmzDate(r) {
          var at = r.args.at;
          if (at !== undefined) return typeof at === "string" && /^[0-9]{8}T[0-9]{6}Z$/.test(at) ? at : "";
          if (skNjsSignedAt === null) skNjsSignedAt = new Date().toISOString().replace(/[-:]/g, "").replace(/\.[0-9]+Z$/, "Z");
          return skNjsSignedAt;
        }

        // The redirected request for an object the bucket did not give (`error_page` of the object's
        // location, a named location with `js_content`): the renderer's problem document, 502.
        function bucketFailed(r) {
          var statuses = (r.variables.upstream_status || "").split(/[,:] */);
          var failed = skBadGateway(r.variables.screenkit_object, statuses[statuses.length - 1] || "nothing");
          skNjsSend(r, failed, failed.body);
        }

        // A private bucket: the object request signed with AWS Signature Version 4 (header auth), from
        // $screenkit_bucket_host, $screenkit_bucket_path (`/bucket` or `/bucket/prefix`, path style),
        // $screenkit_bucket_region and the environment's SCREENKIT_BUCKET_ACCESS_KEY_ID and
        // SCREENKIT_BUCKET_SECRET_ACCESS_KEY (`env` directives); without a key, nothing is signed.
        // Its helpers live inside it: only a request the cache misses signs.
        function authorization(r) {
          var SK_EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

          function skHmac(key, text) { return skCrypto().createHmac("sha256", key).update(text).digest(); }

          // The Authorization header of a GET of `path` on `host` at `amzDate`, or "" without credentials.
          function skSigV4(keyId, secret, region, host, path, amzDate, token) {
            if (!keyId || !secret || amzDate === "") return "";
            var headers = "host:" + host + "\nx-amz-content-sha256:" + SK_EMPTY_SHA256 + "\nx-amz-date:" + amzDate + "\n";
            var signed = "host;x-amz-content-sha256;x-amz-date";
            if (token) { headers += "x-amz-security-token:" + token + "\n"; signed += ";x-amz-security-token"; }
            var canonical = "GET\n" + path + "\n\n" + headers + "\n" + signed + "\n" + SK_EMPTY_SHA256;
            var scope = amzDate.substring(0, 8) + "/" + region + "/s3/aws4_request";
            var toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n"
              + skCrypto().createHash("sha256").update(canonical).digest("hex");
            var key = skHmac(skHmac(skHmac(skHmac("AWS4" + secret, amzDate.substring(0, 8)), region), "s3"), "aws4_request");
            var signature = skCrypto().createHmac("sha256", key).update(toSign).digest("hex");
            return "AWS4-HMAC-SHA256 Credential=" + keyId + "/" + scope + ", SignedHeaders=" + signed + ", Signature=" + signature;
          }

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

        export default { handle: handle, bucketFailed: bucketFailed, authorization: authorization, amzDate: skAmzDate, securityToken: securityToken }; //@no-record
        //@record export default { handle: handle, bucketFailed: bucketFailed, authorization: authorization, amzDate: skAmzDate, securityToken: securityToken, record: skNjsRecord };
        """#

    /// The Lambda@Edge handlers: a CommonJS module exporting `handler(event)` (viewer request) and `viewerResponse(event)`.
    static let lambdaEdge = #"""
        // The Lambda@Edge handlers (Node.js 18 or later), two triggers of the cache behaviour for /screens/*:
        // - viewer request (`screenkit-edge-lambda.handler`): rewrites a screen's URI to its object
        //   (/objects/<sha256>.json, query string dropped) for CloudFront's cache and the bucket origin,
        //   and answers 304s and problem documents itself;
        // - viewer response (`screenkit-edge-lambda.viewerResponse`): gives the viewer the renderer's
        //   headers (ETag, Cache-Control, Vary, Content-Language, ScreenKit-*) in place of the object's
        //   (a year's max-age, the bucket's ETag and metadata), on every response, cached or not;
        // - origin response (`screenkit-edge-lambda.originResponse`, optional): a bucket that did not
        //   give the object (any status but 200 and 304; CloudFront runs this trigger for errors, which
        //   the viewer response never sees) answers the renderer's problem document, 502, uncached.
        // The first hands its decision to the second in the request header X-ScreenKit-Decision, which it
        // sets on every screen request and removes from any other.
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
        var SK_DECISION = "x-screenkit-decision";
        // The headers a decision may carry to the viewer response.
        var SK_RENDERER_HEADERS = ["Content-Type", "ETag", "Cache-Control", "Vary", "ScreenKit-Contract", "Content-Language", "ScreenKit-Experiments"];

        // The screen ID of a request for /screens/<id>, decoded; null for any other URI.
        function skLambdaScreen(uri) {
          var prefix = "/screens/";
          if (uri.substring(0, prefix.length) !== prefix) return null;
          var raw = uri.substring(prefix.length);
          try { return decodeURIComponent(raw); } catch (error) { return raw; }
        }

        // What screenkitRoute reads of a viewer's request of screen `id`.
        function skLambdaRequest(request, id) {
          var source = SCREENKIT_OPTIONS.unit, unit = null, headers = request.headers;
          if (source && source.header) unit = skLambdaHeader(headers, source.header, ", ");
          else if (source && source.cookie) unit = skCookie(skLambdaHeader(headers, "cookie", "; "), source.cookie);
          else if (source && source.query) unit = new URLSearchParams(request.querystring || "").get(source.query);
          return {
            screen: id, contract: skLambdaHeader(headers, "screenkit-contract", ", "),
            acceptLanguage: skLambdaHeader(headers, "accept-language", ", "), unit: unit,
            arm: skLambdaHeader(headers, "screenkit-arm", ", "), ifNoneMatch: skLambdaHeader(headers, "if-none-match", ", ")
          };
        }

        // What ScreenRenderer.respond decides for `route`.
        function skLambdaDecide(route) {
          return screenkitRoute(SCREENKIT_TABLE, route, {
            allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides,
            sha256Hex: function (text) { return skCrypto.createHash("sha256").update(text).digest("hex"); }
          });
        }

        exports.handler = async function (event) {
          var request = event.Records[0].cf.request;
          var id = skLambdaScreen(request.uri);
          if (id === null) {
            delete request.headers[SK_DECISION];
            //@record delete request.headers[SK_RECORD];
            return request;
          }
          var route = skLambdaRequest(request, id), decision = skLambdaDecide(route);
          if (decision.object !== null) {
            request.uri = "/objects/" + decision.object + ".json";
            request.querystring = "";
            request.headers[SK_DECISION] = [{ key: "X-ScreenKit-Decision", value: JSON.stringify(decision.headers) }];
            //@record request.headers[SK_RECORD] = [{ key: "X-ScreenKit-Record", value: JSON.stringify(skFacts(SCREENKIT_TABLE, route, decision, SCREENKIT_OPTIONS)) }];
            return request;
          }
          //@record console.log(skRecordLine(SCREENKIT_TABLE, skFacts(SCREENKIT_TABLE, route, decision, SCREENKIT_OPTIONS), "lambda-edge"));
          var answer = {};
          for (var i = 0; i < decision.headers.length; i++) {
            answer[decision.headers[i][0].toLowerCase()] = [{ key: decision.headers[i][0], value: decision.headers[i][1] }];
          }
          var response = { status: String(decision.status), statusDescription: SK_STATUS_TEXT[decision.status] || "", headers: answer };
          if (decision.body !== null) { response.body = decision.body; response.bodyEncoding = "text"; }
          return response;
        };

        // The renderer's headers for a viewer response's request: re-decided from a /screens/ URI, or
        // as the viewer request decided them for the object; null when neither.
        function skLambdaDecided(request) {
          var id = skLambdaScreen(request.uri);
          if (id !== null) {
            var decision = skLambdaDecide(skLambdaRequest(request, id));
            return decision.object !== null || decision.status === 304 ? decision.headers : null;
          }
          var carried = skLambdaHeader(request.headers, SK_DECISION, ", "), headers;
          if (carried === null || request.uri.substring(0, 9) !== "/objects/") return null;
          try { headers = JSON.parse(carried); } catch (error) { return null; }
          if (!Array.isArray(headers)) return null;
          for (var i = 0; i < headers.length; i++) {
            var pair = headers[i];
            if (!Array.isArray(pair) || pair.length !== 2 || SK_RENDERER_HEADERS.indexOf(pair[0]) < 0 || typeof pair[1] !== "string") return null;
          }
          return headers;
        }

        // Whether a response header is the renderer's to set, or the bucket's own (x-amz-*, but
        // CloudFront's x-amz-cf-*, which no function may touch).
        function skIsObjectHeader(name) {
          if (name === "etag" || name === "cache-control" || name === "expires" || name === "last-modified") return true;
          if (name === "vary" || name === "content-language" || name.substring(0, 10) === "screenkit-") return true;
          return name.substring(0, 6) === "x-amz-" && name.substring(0, 9) !== "x-amz-cf-";
        }

        exports.originResponse = async function (event) {
          var cf = event.Records[0].cf, request = cf.request, response = cf.response;
          if (response.status === "200" || response.status === "304") return response;
          var uri = request.uri;
          if (uri.substring(0, 9) !== "/objects/" || uri.substring(uri.length - 5) !== ".json") return response;
          if (skLambdaHeader(request.headers, SK_DECISION, ", ") === null) return response;
          var failed = skBadGateway(uri.substring(9, uri.length - 5), response.status);
          //@record skLambdaLog(request, "502");
          var headers = {};
          for (var i = 0; i < failed.headers.length; i++) {
            headers[failed.headers[i][0].toLowerCase()] = [{ key: failed.headers[i][0], value: failed.headers[i][1] }];
          }
          return { status: "502", statusDescription: "Bad Gateway", headers: headers, body: failed.body, bodyEncoding: "text" };
        };

        exports.viewerResponse = async function (event) {
          var cf = event.Records[0].cf, response = cf.response;
          // An error from the bucket (CloudFront does not run this trigger for one) stays as it is.
          if (response.status !== "200" && response.status !== "304") return response;
          var headers = skLambdaDecided(cf.request);
          if (headers === null) return response;
          for (var name in response.headers) {
            if (Object.prototype.hasOwnProperty.call(response.headers, name) && skIsObjectHeader(name)) delete response.headers[name];
          }
          for (var i = 0; i < headers.length; i++) {
            if (response.status === "304" && headers[i][0] === "Content-Type") continue;
            response.headers[headers[i][0].toLowerCase()] = [{ key: headers[i][0], value: headers[i][1] }];
          }
          //@record skLambdaLog(cf.request, response.status);
          return response;
        };
        """#
}
