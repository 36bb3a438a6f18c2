// The nginx njs handler (`js_content`, for every request of the server): answers from the table,
// and for a screen serves the object from the internal location /_screenkit_objects/<sha256>.json
// (proxied to the bucket's objects/, with proxy_cache); nothing else is ever requested upstream.
// A config that declares the response's variables (`js_var $screenkit_etag;` and the others below)
// gets the object by an internal redirect, its headers added by that location (`add_header`), so
// no JavaScript runs while the object is sent; a config without them, by a buffered subrequest.
// njs runs this module's top level for every request: what only some requests need is made
// when they need it (the crypto module, the bucket's signature helpers).
/** @type {SKCryptoModule | null} */
var skCryptoModule = null;
/** @returns {SKCryptoModule} */
function skCrypto() { return skCryptoModule === null ? (skCryptoModule = require("crypto")) : skCryptoModule; }

/** @param {string} text @returns {string} */
function skNjsSHA256Hex(text) { return skCrypto().createHash("sha256").update(text).digest("hex"); }

// A unit's bucket from the native digest's bytes: no hex string to cut and parse.
/** @type {SKUnitBucket} */
function skNjsUnitBucket(name, salt, unit) {
  var digest = skCrypto().createHash("sha256").update(name + ":" + salt + ":" + unit).digest();
  return skBucketOf(digest.readUInt32BE(0), digest.readUInt32BE(4));
}

/** @param {NjsRequest} r @param {SKDecision} decision @param {string | ArrayBuffer | null} body */
function skNjsSend(r, decision, body) {
  for (var i = 0; i < decision.headers.length; i++) r.headersOut[decision.headers[i][0]] = decision.headers[i][1];
  if (body === null) r.return(decision.status);
  else r.return(decision.status, body);
}

// The request's unit, from the source the options name; null without one.
/** @param {NjsRequest} r @returns {string | null} */
function skNjsUnit(r) {
  var source = /** @type {SKOptions} */ (SCREENKIT_OPTIONS).unit, unit;
  if (source && source.header) unit = r.headersIn[source.header];
  else if (source && source.cookie) unit = skCookie(r.headersIn.Cookie, source.cookie);
  else if (source && source.query) unit = r.args[source.query];
  return unit === undefined ? null : unit;
}

/** @param {NjsRequest} r */
function handle(r) {
  // The path as sent (nginx's own $uri is decoded and normalized): `/screens/<id>`, the ID decoded.
  var variables = r.variables, requestURI = variables.request_uri;
  if (requestURI.substring(0, 9) !== "/screens/") { r.return(404); return; }
  var query = requestURI.indexOf("?");
  var raw = query < 0 ? requestURI.substring(9) : requestURI.substring(9, query), id = raw;
  if (raw.indexOf("%") >= 0) { try { id = decodeURIComponent(raw); } catch (error) { id = raw; } }
  // Each header read once (undefined when absent); the arm only where overrides are allowed.
  var headersIn = r.headersIn, unit = skNjsUnit(r);
  var contract = headersIn["ScreenKit-Contract"];
  var arm = SCREENKIT_OPTIONS.allowsOverrides ? headersIn["ScreenKit-Arm"] : null;
  var table = skReleaseTable(SCREENKIT_TABLE, unit, skNjsUnitBucket, null);
  var decision = screenkitRoute(table, {
    screen: id, contract: contract, acceptLanguage: headersIn["Accept-Language"], unit: unit, arm: arm,
    ifNoneMatch: headersIn["If-None-Match"]
  }, { allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, unitBucket: skNjsUnitBucket });
  var redirects = variables.screenkit_etag !== undefined; //@no-record
  //@record // The record is set as the two halves of its line around the status nginx sends, when the
  //@record // config has their variables; only then may a redirect end the request where JavaScript's
  //@record // state of it is gone.
  //@record var halves = variables.screenkit_record_head !== undefined;
  //@record var redirects = variables.screenkit_etag !== undefined && halves;
  //@record skNjsDecided = { route: { screen: id, contract: contract, unit: unit, arm: arm }, decision: decision, table: table };
  //@record if (halves) skNjsRecordHalves(r, skNjsDecided);
  if (decision.object === null) { skNjsSend(r, decision, decision.body); return; }
  if (redirects) {
    // The response's headers, for the object's location to add (an empty variable adds none).
    var route = /** @type {SKRoute} */ (decision.route);
    variables.screenkit_etag = route.etag;
    variables.screenkit_cache_control = route.cacheControl;
    variables.screenkit_vary = route.vary;
    variables.screenkit_contract = route.contract;
    if (route.locale !== null) variables.screenkit_content_language = route.locale;
    if (route.experiments !== null) variables.screenkit_experiments = route.experiments;
    // A config written before releases declares no $screenkit_release: its responses then name none.
    if (variables.screenkit_release !== undefined) variables.screenkit_release = route.release;
    r.internalRedirect("/_screenkit_objects/" + decision.object + ".json");
    return;
  }
  // The time the bucket request is signed at travels with it, so its x-amz-date and signature agree.
  var signedAt = new Date().toISOString().replace(/[-:]/g, "").replace(/\.[0-9]+Z$/, "Z");
  r.subrequest("/_screenkit_objects/" + decision.object + ".json", { method: "GET", args: "at=" + signedAt }, function (reply) {
    if (reply.status !== 200) {
      var failed = skBadGateway(/** @type {string} */ (decision.object), reply.status, skRelease(table));
      skNjsSend(r, failed, failed.body);
      return;
    }
    skNjsSend(r, decision, reply.responseBuffer);
  });
}

// The time the object request is signed at: the subrequest's `at` argument, else now (once per
// request, so its x-amz-date header and its signature agree).
/** @type {string | null} */
var skNjsSignedAt = null;
/** @param {NjsRequest} r @returns {string} */
function skAmzDate(r) {
  var at = r.args.at;
  if (at !== undefined) return typeof at === "string" && /^[0-9]{8}T[0-9]{6}Z$/.test(at) ? at : "";
  if (skNjsSignedAt === null) skNjsSignedAt = new Date().toISOString().replace(/[-:]/g, "").replace(/\.[0-9]+Z$/, "Z");
  return skNjsSignedAt;
}

// The redirected request for an object the bucket did not give (`error_page` of the object's
// location, a named location with `js_content`): the renderer's problem document, 502.
/** @param {NjsRequest} r */
function bucketFailed(r) {
  var statuses = (r.variables.upstream_status || "").split(/[,:] */);
  var failed = skBadGateway(r.variables.screenkit_object, statuses[statuses.length - 1] || "nothing",
    skRelease(skReleaseTable(SCREENKIT_TABLE, skNjsUnit(r), skNjsUnitBucket, null)));
  skNjsSend(r, failed, failed.body);
}

// A private bucket: the object request signed with AWS Signature Version 4 (header auth), from
// $screenkit_bucket_host, $screenkit_bucket_path (`/bucket` or `/bucket/prefix`, path style),
// $screenkit_bucket_region and the environment's SCREENKIT_BUCKET_ACCESS_KEY_ID and
// SCREENKIT_BUCKET_SECRET_ACCESS_KEY (`env` directives); without a key, nothing is signed.
// Its helpers live inside it: only a request the cache misses signs.
/** @param {NjsRequest} r @returns {string} */
function authorization(r) {
  var SK_EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  /** @param {string | ArrayBuffer} key @param {string} text @returns {ArrayBuffer} */
  function skHmac(key, text) { return skCrypto().createHmac("sha256", key).update(text).digest(); }

  // The Authorization header of a GET of `path` on `host` at `amzDate`, or "" without credentials.
  /** @param {string | undefined} keyId @param {string | undefined} secret @param {string} region @param {string} host @param {string} path @param {string} amzDate @param {string | undefined} token @returns {string} */
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

/** @param {NjsRequest} r @returns {string} */
function securityToken(r) {
  var env = typeof process === "object" && process.env ? process.env : {};
  return env.SCREENKIT_BUCKET_ACCESS_KEY_ID ? env.SCREENKIT_BUCKET_SESSION_TOKEN || "" : "";
}

export default { handle: handle, bucketFailed: bucketFailed, authorization: authorization, amzDate: skAmzDate, securityToken: securityToken }; //@no-record
//@record export default { handle: handle, bucketFailed: bucketFailed, authorization: authorization, amzDate: skAmzDate, securityToken: securityToken, record: skNjsRecord };
