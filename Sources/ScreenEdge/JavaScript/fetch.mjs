// The fetch handler (Cloudflare Workers, Deno, Node 18+): `origin` is the bucket's public base
// URL; only objects/<sha256>.json under it is ever fetched, and only an object the table names.
/** @param {Request} request @param {string} origin @returns {Promise<Response>} */ //@no-record
export async function handle(request, origin) { //@no-record
//@record // With `onRecord`, each screen response's record (one JSON line) is handed to it.
//@record /** @param {Request} request @param {string} origin @param {(line: string) => void} [onRecord] @returns {Promise<Response>} */
//@record export async function handle(request, origin, onRecord) {
  var url = new URL(request.url);
  var prefix = "/screens/";
  if (url.pathname.substring(0, prefix.length) !== prefix) return new Response("not found", { status: 404 });
  var raw = url.pathname.substring(prefix.length), id;
  try { id = decodeURIComponent(raw); } catch (error) { id = raw; }
  var source = /** @type {SKOptions} */ (SCREENKIT_OPTIONS).unit, unit = null;
  if (source && source.header) unit = request.headers.get(source.header);
  else if (source && source.cookie) unit = skCookie(request.headers.get("cookie"), source.cookie);
  else if (source && source.query) unit = url.searchParams.get(source.query);
  var table = skReleaseTable(SCREENKIT_TABLE, unit, skFetchUnitBucket, skReleaseCache);
  var decision = screenkitRoute(table, {
    screen: id, contract: request.headers.get("screenkit-contract"),
    acceptLanguage: request.headers.get("accept-language"), unit: unit, arm: request.headers.get("screenkit-arm"),
    ifNoneMatch: request.headers.get("if-none-match")
  }, { allowsOverrides: SCREENKIT_OPTIONS.allowsOverrides, unitBucket: skFetchUnitBucket });
  /** @type {string | ArrayBuffer | null} */
  var body = decision.body;
  var decided = decision;
  if (decision.object !== null) {
    // A bucket that does not give the object — no answer in time, a refused connection, another
    // status, a body cut off or not the object's bytes — is the renderer's problem document, 502.
    /** @type {string | number | null} */
    var failure = null;
    /** @type {Response | null} */
    var upstream = null;
    // AbortSignal.timeout where the engine has it (Node 17.3+, Workers, Deno).
    var signals = /** @type {{ timeout?: (ms: number) => AbortSignal }} */ (typeof AbortSignal !== "undefined" ? AbortSignal : {});
    try {
      upstream = await fetch(origin.replace(/\/+$/, "") + "/objects/" + decision.object + ".json",
        signals.timeout ? { signal: signals.timeout(SK_ORIGIN_TIMEOUT_MS) } : {});
    } catch (error) { failure = "nothing"; }
    if (upstream !== null && upstream.status !== 200) failure = upstream.status;
    if (upstream !== null && failure === null) {
      try { body = await upstream.arrayBuffer(); } catch (error) { failure = "a body cut off"; }
    }
    if (failure === null && await skBytesSHA256Hex(/** @type {ArrayBuffer} */ (body)) !== decision.object) failure = "a body that is not the object";
    if (failure !== null) { decision = skBadGateway(decision.object, failure, skRelease(table)); body = decision.body; }
  }
  var headers = new Headers();
  for (var i = 0; i < decision.headers.length; i++) headers.set(decision.headers[i][0], decision.headers[i][1]);
  //@record if (typeof onRecord === "function") {
  //@record   var route = { screen: id, contract: request.headers.get("screenkit-contract"), unit: unit, arm: request.headers.get("screenkit-arm") };
  //@record   var facts = skFacts(table, route, decided, SCREENKIT_OPTIONS);
  //@record   facts.status = decision.status;
  //@record   onRecord(skRecordLine(table, facts, "fetch"));
  //@record }
  return new Response(body, { status: decision.status, headers: headers });
}

// How long the bucket may take to answer an object request.
var SK_ORIGIN_TIMEOUT_MS = 10000;

// SHA-256 of a body's bytes as hex: Web Crypto where the engine has it, else the table's own.
/** @param {ArrayBuffer} bytes @returns {Promise<string>} */
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

// A unit's bucket through the JavaScript SHA-256 (synchronous, as the decision is; Web Crypto is not).
/** @type {SKUnitBucket} */
function skFetchUnitBucket(name, salt, unit) { return skHexBucket(skSHA256Hex(name + ":" + salt + ":" + unit)); }

// The decision alone, for tests and benchmarks:
// screenkitRoute(skReleaseTable(SCREENKIT_TABLE, unit, skFetchUnitBucket, skReleaseCache), request, { allowsOverrides, unitBucket: skFetchUnitBucket }).
export { screenkitRoute, skReleaseTable, skReleaseCache, SCREENKIT_TABLE, skSHA256Hex, skFetchUnitBucket };
//@record // A record alone, for benchmarks: skRecordLine(table, skFacts(table, request, decision, options), source).
//@record export { skFacts, skRecordLine };

/** @type {{ fetch: (request: Request, env: { SCREENKIT_ORIGIN: string }) => Promise<Response> }} */ //@no-record
var skWorker = { fetch: function (request, env) { return handle(request, env.SCREENKIT_ORIGIN); } }; //@no-record
//@record // Workers: the records go to the Worker's log (Workers Logs, Logpush, `wrangler tail`).
//@record /** @type {{ fetch: (request: Request, env: { SCREENKIT_ORIGIN: string }) => Promise<Response> }} */
//@record var skWorker = { fetch: function (request, env) { return handle(request, env.SCREENKIT_ORIGIN, function (line) { console.log(line); }); } };
export default skWorker;
