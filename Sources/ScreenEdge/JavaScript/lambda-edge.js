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
/** @param {CFHeaders | undefined} headers @param {string} name @param {string} separator @returns {string | null} */
function skLambdaHeader(headers, name, separator) {
  var entries = headers ? headers[name] : undefined;
  if (!entries || entries.length === 0) return null;
  var values = [];
  for (var i = 0; i < entries.length; i++) values.push(entries[i].value);
  return values.join(separator);
}

/** @type {{ [status: number]: string }} */
var SK_STATUS_TEXT = { 304: "Not Modified", 400: "Bad Request", 404: "Not Found", 406: "Not Acceptable" };
var SK_DECISION = "x-screenkit-decision";
// The headers a decision may carry to the viewer response.
var SK_RENDERER_HEADERS = ["Content-Type", "ETag", "Cache-Control", "Vary", "ScreenKit-Contract", "Content-Language", "ScreenKit-Experiments", "ScreenKit-Release"];

// The screen ID of a request for /screens/<id>, decoded; null for any other URI.
/** @param {string} uri @returns {string | null} */
function skLambdaScreen(uri) {
  var prefix = "/screens/";
  if (uri.substring(0, prefix.length) !== prefix) return null;
  var raw = uri.substring(prefix.length);
  try { return decodeURIComponent(raw); } catch (error) { return raw; }
}

// What screenkitRoute reads of a viewer's request of screen `id`.
/** @param {CFRequest} request @param {string} id @returns {SKRequest} */
function skLambdaRequest(request, id) {
  var source = /** @type {SKOptions} */ (SCREENKIT_OPTIONS).unit, unit = null, headers = request.headers;
  if (source && source.header) unit = skLambdaHeader(headers, source.header, ", ");
  else if (source && source.cookie) unit = skCookie(skLambdaHeader(headers, "cookie", "; "), source.cookie);
  else if (source && source.query) unit = new URLSearchParams(request.querystring || "").get(source.query);
  return {
    screen: id, contract: skLambdaHeader(headers, "screenkit-contract", ", "),
    acceptLanguage: skLambdaHeader(headers, "accept-language", ", "), unit: unit,
    arm: skLambdaHeader(headers, "screenkit-arm", ", "), ifNoneMatch: skLambdaHeader(headers, "if-none-match", ", ")
  };
}

// A unit's bucket from Node's native digest's bytes.
/** @type {SKUnitBucket} */
function skLambdaUnitBucket(name, salt, unit) {
  var digest = skCrypto.createHash("sha256").update(name + ":" + salt + ":" + unit).digest();
  return skBucketOf(digest.readUInt32BE(0), digest.readUInt32BE(4));
}

// The table that answers `unit`: the canary's for a unit in its share, else the stable one (recent
// units' answers kept: a warm function keeps its module between requests).
/** @param {SKHeader} unit @returns {SKTable} */
function skLambdaTable(unit) { return skReleaseTable(SCREENKIT_TABLE, unit, skLambdaUnitBucket, skReleaseCache); }

// What ScreenRenderer.respond decides for `route`.
/** @param {SKRequest} route @returns {SKDecision} */
function skLambdaDecide(route) {
  return screenkitRoute(skLambdaTable(route.unit), route, {
    allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, unitBucket: skLambdaUnitBucket
  });
}

/** @param {CFEvent} event @returns {Promise<CFRequest | CFResponse>} */
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
    //@record request.headers[SK_RECORD] = [{ key: "X-ScreenKit-Record", value: JSON.stringify(skFacts(skLambdaTable(route.unit), route, decision, SCREENKIT_OPTIONS)) }];
    return request;
  }
  //@record var table = skLambdaTable(route.unit);
  //@record console.log(skRecordLine(table, skFacts(table, route, decision, SCREENKIT_OPTIONS), "lambda-edge"));
  /** @type {CFHeaders} */
  var answer = {};
  for (var i = 0; i < decision.headers.length; i++) {
    answer[decision.headers[i][0].toLowerCase()] = [{ key: decision.headers[i][0], value: decision.headers[i][1] }];
  }
  /** @type {CFResponse} */
  var response = { status: String(decision.status), statusDescription: SK_STATUS_TEXT[decision.status] || "", headers: answer };
  if (decision.body !== null) { response.body = decision.body; response.bodyEncoding = "text"; }
  return response;
};

// The renderer's headers for a viewer response's request: re-decided from a /screens/ URI, or
// as the viewer request decided them for the object; null when neither.
/** @param {CFRequest} request @returns {[string, string][] | null} */
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
/** @param {string} name @returns {boolean} */
function skIsObjectHeader(name) {
  if (name === "etag" || name === "cache-control" || name === "expires" || name === "last-modified") return true;
  if (name === "vary" || name === "content-language" || name.substring(0, 10) === "screenkit-") return true;
  return name.substring(0, 6) === "x-amz-" && name.substring(0, 9) !== "x-amz-cf-";
}

/** @param {CFEvent} event @returns {Promise<CFRequest | CFResponse>} */
exports.originResponse = async function (event) {
  var cf = event.Records[0].cf, request = cf.request, response = cf.response;
  if (response.status === "200" || response.status === "304") return response;
  var uri = request.uri;
  if (uri.substring(0, 9) !== "/objects/" || uri.substring(uri.length - 5) !== ".json") return response;
  if (skLambdaHeader(request.headers, SK_DECISION, ", ") === null) return response;
  // The release the viewer request decided for, as it carried its headers.
  var decided = skLambdaDecided(request), release = skRelease(SCREENKIT_TABLE);
  for (var h = 0; decided !== null && h < decided.length; h++) if (decided[h][0] === "ScreenKit-Release") release = decided[h][1];
  var failed = skBadGateway(uri.substring(9, uri.length - 5), response.status, release);
  //@record skLambdaLog(request, "502");
  /** @type {CFHeaders} */
  var headers = {};
  for (var i = 0; i < failed.headers.length; i++) {
    headers[failed.headers[i][0].toLowerCase()] = [{ key: failed.headers[i][0], value: failed.headers[i][1] }];
  }
  return { status: "502", statusDescription: "Bad Gateway", headers: headers, body: failed.body || "", bodyEncoding: "text" };
};

/** @param {CFEvent} event @returns {Promise<CFRequest | CFResponse>} */
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
