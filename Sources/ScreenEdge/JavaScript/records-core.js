// Response records (format 2): one JSON line per screen response, as ScreenKit's server writes
// them (`screenkit health` and `screenkit experiment report` read them): the release, the screen, the contract
// version the client declared and the one served, the status, the locale, the unit and its arms
// (forced ones apart), the object and the fallbacks it applies. Bounded: the screen only when the
// table has it, the unit up to 256 UTF-8 bytes; ASCII only (\u escapes), so any log keeps it whole.

// `text` as a JSON string of printable ASCII; null when it holds a lone surrogate. Character
// codes, not a regular expression: this runs for every record.
/** @param {string} text @returns {string | null} */
function skRecordString(text) {
  var plain = 0;
  while (plain < text.length) {
    var p = text.charCodeAt(plain);
    if (p < 0x20 || p > 0x7e || p === 0x22 || p === 0x5c) break;
    plain++;
  }
  if (plain === text.length) return "\"" + text + "\"";
  var out = "\"" + text.substring(0, plain);
  for (var i = plain; i < text.length; i++) {
    var c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      var d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return null;
    }
    if (c === 0x22) out += "\\\"";
    else if (c === 0x5c) out += "\\\\";
    else if (c >= 0x20 && c < 0x7f) out += text.charAt(i);
    else out += "\\u" + ("000" + c.toString(16)).slice(-4);
  }
  return out + "\"";
}

// A decision's header, or null.
/** @param {SKDecision} decision @param {string} name @returns {string | null} */
function skHeaderOf(decision, name) {
  for (var i = 0; i < decision.headers.length; i++) if (decision.headers[i][0] === name) return decision.headers[i][1];
  return null;
}

// What a record says of `decision`, made by screenkitRoute for `request` ({screen, contract,
// unit, arm}): plain values, so a handler may carry them as JSON to another trigger.
/** @param {SKTable} table @param {SKRecordRequest} request @param {SKDecision} decision @param {SKOptions} options @returns {SKFacts} */
function skFacts(table, request, decision, options) {
  var id = request.screen;
  // Up to 85 UTF-16 units is at most 255 UTF-8 bytes: counted only past that.
  var unit = request.unit;
  if (typeof unit !== "string" || (unit.length > 85 && skUTF8Length(unit) > 256)) unit = null;
  var route = decision.route;
  if (route !== undefined) return skRouteFacts(request, decision, route, unit, options);
  var screen = Object.prototype.hasOwnProperty.call(table.screens, id) ? table.screens[id] : null;
  var client = skParseContract(request.contract);
  var served = null, locale = null, named = null, headers = decision.headers;
  for (var h = 0; h < headers.length; h++) {
    var header = headers[h][0];
    if (header === "ScreenKit-Contract") served = headers[h][1];
    else if (header === "Content-Language") locale = headers[h][1];
    else if (header === "ScreenKit-Experiments") named = headers[h][1];
  }
  /** @type {SKFacts} */
  var facts = {
    screen: screen === null ? null : id,
    client: client.missing ? "none" : client.malformed ? "malformed" : String(client.version),
    served: served === null ? 0 : parseInt(served, 10), status: decision.status,
    locale: locale, unit: unit, experiments: null, forced: null, object: null
  };
  if (screen === null || served === null) return facts;
  var key = [];
  if (named !== null) {
    var overrides = options.allowsOverrides ? skOverrides(request.arm) : null;
    facts.experiments = [];
    facts.forced = [];
    var pairs = named.split(", ");
    for (var i = 0; i < pairs.length; i++) {
      var equals = pairs[i].indexOf("="), name = pairs[i].substring(0, equals), arm = pairs[i].substring(equals + 1);
      key.push(arm);
      var forced = overrides !== null && Object.prototype.hasOwnProperty.call(overrides, name) && overrides[name] === arm;
      (forced ? facts.forced : facts.experiments).push([name, arm]);
    }
  }
  var byLocale = screen.objects[locale === null ? "" : locale] || screen.objects[table.locales ? table.locales.source : ""];
  var objects = byLocale[key.join(",")] || byLocale[screen.control];
  facts.object = objects[facts.served - screen.minContract] || null;
  return facts;
}

// The facts of a screen's 200 or 304, from what screenkitRoute decided (`route`).
/** @param {SKRecordRequest} request @param {SKDecision} decision @param {SKRoute} route @param {string | null} unit @param {SKOptions} options @returns {SKFacts} */
function skRouteFacts(request, decision, route, unit, options) {
  var client = route.client;
  /** @type {SKFacts} */
  var facts = {
    screen: request.screen, client: client.missing ? "none" : client.malformed ? "malformed" : String(client.version),
    served: route.version, status: decision.status, locale: route.locale, unit: unit,
    experiments: null, forced: null, object: route.object || null
  };
  var applied = route.applied;
  if (applied !== null) {
    var overrides = options.allowsOverrides ? skOverrides(request.arm) : null;
    facts.experiments = [];
    facts.forced = [];
    for (var i = 0; i < applied.length; i++) {
      var name = applied[i].experiment, arm = applied[i].arm;
      var forced = overrides !== null && Object.prototype.hasOwnProperty.call(overrides, name) && overrides[name] === arm;
      (forced ? facts.forced : facts.experiments).push([name, arm]);
    }
  }
  return facts;
}

// `{"experiment":"arm",…}` of [[experiment, arm]] (names and arms are a-z 0-9 _ -).
/** @param {[string, string][]} arms @returns {string} */
function skArmsJSON(arms) {
  var out = [];
  for (var i = 0; i < arms.length; i++) out.push("\"" + arms[i][0] + "\":\"" + arms[i][1] + "\"");
  return "{" + out.join(",") + "}";
}

// Now, in RFC 3339 UTC with milliseconds; formatted once per millisecond.
var skClock = { at: -1, text: "" };
/** @returns {string} */
function skNow() {
  var now = Date.now();
  if (now !== skClock.at) { skClock.at = now; skClock.text = new Date(now).toISOString(); }
  return skClock.text;
}

// The record of `facts`, written by `source` (nginx, fetch, lambda-edge) at `time` (RFC 3339;
// now when not given): one line, no newline.
/** @param {SKTable} table @param {SKFacts} facts @param {string} source @param {string} [time] @returns {string} */
function skRecordLine(table, facts, source, time) {
  var line = "{\"format\":2,\"event\":\"response\",\"time\":\"" + (time || skNow()) + "\",\"source\":\"" + source
    + "\",\"release\":\"" + skRelease(table)
    + "\",\"screen\":" + (facts.screen === null ? "null" : skRecordString(facts.screen)) + ",\"client\":\"" + facts.client
    + "\",\"served\":" + facts.served + ",\"status\":" + facts.status;
  if (facts.locale !== null) line += ",\"locale\":" + skJSONString(facts.locale);
  var unit = facts.unit === null ? null : skRecordString(facts.unit);
  if (unit !== null) line += ",\"unit\":" + unit;
  if (facts.experiments !== null) line += ",\"experiments\":" + skArmsJSON(facts.experiments) + ",\"forced\":" + skArmsJSON(/** @type {[string, string][]} */ (facts.forced));
  if (facts.object !== null) {
    line += ",\"object\":\"" + facts.object + "\"";
    // The table holds each object's fallbacks as the record writes them.
    if (table.fallbacks && Object.prototype.hasOwnProperty.call(table.fallbacks, facts.object)) {
      line += ",\"fallbacks\":" + table.fallbacks[facts.object];
    }
  }
  return line + "}";
}
