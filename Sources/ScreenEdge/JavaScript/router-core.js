// ScreenKit edge router: decides what ScreenRenderer.respond decides for a catalog screen, from the
// routing table `screenkit edge` derives from the manifest. Plain JavaScript (ES2019, no
// dependencies, no eval), written for every engine it runs in: Cloudflare Workers, Deno,
// Node 18+ (Lambda@Edge) and nginx's njs 0.7 (no BigInt). A table njs preloads holds arrays without
// Array's prototype: table arrays are only indexed here, never given to a method.

// RFC 8259 escaping as ScreenKit's writer does it: `"` `\`, the short forms, \u00xx (lowercase) for
// the other controls, and U+2028/U+2029 escaped; everything else as it is.
/** @param {string} text @returns {string} */
function skJSONString(text) {
  // Most strings need no escape: then no string is built character by character.
  var plain = 0;
  while (plain < text.length) {
    var p = text.charCodeAt(plain);
    if (p < 0x20 || p === 0x22 || p === 0x5c || p === 0x2028 || p === 0x2029) break;
    plain++;
  }
  if (plain === text.length) return "\"" + text + "\"";
  var out = "\"" + text.substring(0, plain);
  for (var i = plain; i < text.length; i++) {
    var c = text.charCodeAt(i);
    if (c === 0x22) out += "\\\"";
    else if (c === 0x5c) out += "\\\\";
    else if (c === 0x08) out += "\\b";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0c) out += "\\f";
    else if (c === 0x0d) out += "\\r";
    else if (c < 0x20) out += "\\u00" + (c < 0x10 ? "0" : "") + c.toString(16);
    else if (c === 0x2028) out += "\\u2028";
    else if (c === 0x2029) out += "\\u2029";
    else out += text.charAt(i);
  }
  return out + "\"";
}

// The number of UTF-8 bytes of a string (a lone surrogate counts 3, as U+FFFD).
/** @param {string} text @returns {number} */
function skUTF8Length(text) {
  var n = 0;
  for (var i = 0; i < text.length; i++) {
    var c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      var d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n += 4; i++; } else n += 3;
    } else n += 3;
  }
  return n;
}

// Without leading and trailing spaces and tabs.
/** @param {string} text @returns {string} */
function skTrim(text) {
  var start = 0, end = text.length;
  if (end === 0) return text;
  while (start < end && (text.charCodeAt(start) === 0x20 || text.charCodeAt(start) === 0x09)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  return text.substring(start, end);
}

// `text` split at `separator`, empty pieces left out.
/** @param {string} text @param {string} separator @returns {string[]} */
function skSplit(text, separator) {
  var parts = text.split(separator), out = [];
  for (var i = 0; i < parts.length; i++) if (parts[i].length > 0) out.push(parts[i]);
  return out;
}

// ClientContract.parse: {version: n}, {missing: true} or {malformed: true}.
/** @param {SKHeader} header @returns {SKClient} */
function skParseContract(header) {
  if (header === null || header === undefined) return { missing: true };
  // Most clients send one digit: then nothing is trimmed or looped over.
  if (header.length === 1) {
    var digit = header.charCodeAt(0) - 0x30;
    return digit >= 1 && digit <= 9 ? { version: digit } : { malformed: true };
  }
  var trimmed = skTrim(header);
  if (trimmed.length === 0 || trimmed.length > 4) return { malformed: true };
  var value = 0;
  for (var i = 0; i < trimmed.length; i++) {
    var c = trimmed.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return { malformed: true };
    value = value * 10 + c - 0x30;
  }
  if (value < 1) return { malformed: true };
  return { version: value };
}

// The configured locale a request's Accept-Language picks; the source language by default: of
// the first 32 items, `*`, malformed ranges and quality 0 left out, the range of the highest
// quality (the earliest of equals) whose RFC 4647 lookup finds a locale. `firstRange` (the
// router's SCREENKIT_FIRST_RANGE, or null) matches a header whose first item is a well-formed
// range without parameters whose lookup finds a locale, capturing that locale's tag: such an
// item is of quality 1 and comes first, so it is the answer, found in one match — most
// browsers' headers. Any other header is negotiated item by item (skNegotiate).
/** @param {SKLocales} locales @param {SKHeader} header @param {RegExp | null} firstRange @returns {string} */
function skLocale(locales, header, firstRange) {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most headers are known to be short without counting.
  if (header === null || header === undefined || (header.length * 3 > 4096 && skUTF8Length(header) > 4096)) {
    return locales.source;
  }
  if (firstRange !== null) {
    var first = firstRange.exec(header);
    if (first !== null) return locales.tags[first[1].toLowerCase()];
  }
  return skNegotiate(locales, header);
}

// LanguageNegotiation, item by item, in one pass without a sort: the first item found at quality 1
// ends it, as browsers put their first choice first. Its helpers live inside it: engines that
// make a script's functions for every request (njs) make these only for the headers that need them.
/** @param {SKLocales} locales @param {string} header @returns {string} */
function skNegotiate(locales, header) {
  // An item's quality value in thousandths, or null when malformed.
  /** @param {string} text @returns {number | null} */
  function skQuality(text) {
    if (text.length === 0 || text.length > 5) return null;
    var first = text.charCodeAt(0);
    if (first !== 0x30 && first !== 0x31) return null;
    var value = first === 0x31 ? 1000 : 0;
    if (text.length > 1) {
      if (text.charCodeAt(1) !== 0x2e) return null;
      var weights = [100, 10, 1];
      for (var i = 2; i < text.length; i++) {
        var digit = text.charCodeAt(i) - 0x30;
        if (digit < 0 || digit > 9) return null;
        value += digit * weights[i - 2];
      }
    }
    return value <= 1000 ? value : null;
  }

  // A well-formed language range: subtags of 1 to 8 ASCII letters (digits too after the first),
  // at most 16. Character codes, not regular expressions.
  /** @param {string} range @returns {boolean} */
  function skIsLanguageRange(range) {
    var subtags = 1, length = 0;
    for (var i = 0; i < range.length; i++) {
      var c = range.charCodeAt(i);
      if (c === 0x2d) {
        if (length === 0 || ++subtags > 16) return false;
        length = 0;
      } else if (!((c >= 0x61 && c <= 0x7a) || (subtags > 1 && c >= 0x30 && c <= 0x39)) || ++length > 8) {
        return false;
      }
    }
    return length > 0;
  }

  // The quality of an item's parameters (`;q=0.8`, after the range): 1000 without a q parameter,
  // -1 when one is malformed (the item is left out), the last q parameter counting.
  /** @param {string} item @param {number} semicolon @returns {number} */
  function skItemQuality(item, semicolon) {
    if (semicolon < 0) return 1000;
    var quality = 1000;
    var parts = item.substring(semicolon).split(";");
    for (var p = 1; p < parts.length; p++) {
      var equals = parts[p].indexOf("=");
      if (equals < 0 || skTrim(parts[p].substring(0, equals)).toLowerCase() !== "q") continue;
      var value = skQuality(skTrim(parts[p].substring(equals + 1)));
      if (value === null) return -1;
      quality = value;
    }
    return quality;
  }

  // A well-formed range less its last subtag, and a single-letter subtag before it: `de-at` → `de`.
  /** @param {string} tag @returns {string} */
  function skTruncated(tag) {
    var dash = tag.lastIndexOf("-");
    if (dash < 0) return "";
    var rest = tag.substring(0, dash), previous = rest.lastIndexOf("-");
    return rest.length - previous - 1 === 1 ? (previous < 0 ? "" : rest.substring(0, previous)) : rest;
  }

  // Each locale by the form ranges are compared in, as `screenkit edge` wrote it into the table.
  var byTag = locales.tags;
  var best = null, bestQuality = 0, order = 0;
  var items = header.split(",");
  for (var k = 0; k < items.length && order < 32; k++) {
    var item = items[k];
    if (item.length === 0) continue;
    order++;
    var semicolon = item.indexOf(";");
    var range = skTrim(semicolon < 0 ? item : item.substring(0, semicolon)).toLowerCase();
    if (range === "*" || !skIsLanguageRange(range)) continue;
    var quality = skItemQuality(item, semicolon);
    if (quality <= bestQuality) continue;
    var tag = range;
    while (tag.length > 0 && !Object.prototype.hasOwnProperty.call(byTag, tag)) tag = skTruncated(tag);
    if (tag.length === 0) continue;
    best = byTag[tag];
    bestQuality = quality;
    if (quality === 1000) break;
  }
  return best === null ? locales.source : best;
}

// ExperimentContext.parseOverrides.
/** @param {SKHeader} header @returns {{ [experiment: string]: string }} */
function skOverrides(header) {
  // ExperimentResolution.isValidName: 1–64 of a-z 0-9 _ -, starting with a letter or digit.
  /** @param {string} name @returns {boolean} */
  function skIsValidName(name) {
    return name.length >= 1 && name.length <= 64 && /^[a-z0-9][a-z0-9_-]*$/.test(name);
  }

  /** @type {{ [experiment: string]: string }} */
  var arms = {};
  if (header === null || header === undefined || skUTF8Length(header) > 2048) return arms;
  var pairs = skSplit(header, ",");
  for (var i = 0; i < pairs.length && i < 32; i++) {
    var parts = pairs[i].split("=");
    if (parts.length !== 2) continue;
    var name = skTrim(parts[0]), arm = skTrim(parts[1]);
    if (skIsValidName(name) && skIsValidName(arm)) arms[name] = arm;
  }
  return arms;
}

// ExperimentAssignment: a unit's bucket (0–9,999) from SHA-256(name:salt:unit), its first 8 bytes
// (`high`, `low`: two big-endian 32-bit numbers) as a number mod 10,000, in exact doubles:
// 2^32 mod 10,000 = 7,296. Each engine hashes as it can (SKRouteOptions.unitBucket): a native
// digest's bytes, or a JavaScript SHA-256's hex through skHexBucket.
/** @param {number} high @param {number} low @returns {number} */
function skBucketOf(high, low) { return ((high % 10000) * 7296 + low) % 10000; }

/** @param {string} hex @returns {number} */
function skHexBucket(hex) { return skBucketOf(parseInt(hex.substring(0, 8), 16), parseInt(hex.substring(8, 16), 16)); }

// The table that answers a request for `unit`: with a canary, its table for a unit whose bucket of
// ("release", its salt) is below its share, else the stable one (always for a request without a
// unit), as Pointer.Canary.serves decides.
// `cache` keeps recent units' answers, at most 4,096, for an engine that keeps a module's state
// between requests (a unit asks many times and its hash is the canary's cost: a JavaScript SHA-256
// in the fetch handler); null for one that does not (njs starts every request afresh).
/** @param {SKTable} table @param {SKHeader} unit @param {SKUnitBucket} unitBucket @param {SKReleaseCache | null} cache @returns {SKTable} */
function skReleaseTable(table, unit, unitBucket, cache) {
  var canary = table.canary;
  if (canary === undefined || unit === null || unit === undefined || unit === "") return table;
  if (cache === null) return unitBucket("release", canary.salt, unit) < canary.basisPoints ? canary.table : table;
  var key = canary.salt + ":" + canary.basisPoints;
  if (cache.key !== key || cache.size >= 4096) {
    cache.key = key;
    cache.size = 0;
    cache.units = Object.create(null);
  }
  var known = cache.units[unit];
  if (known === undefined) {
    known = cache.units[unit] = unitBucket("release", canary.salt, unit) < canary.basisPoints;
    cache.size++;
  }
  return known ? canary.table : table;
}

/** @type {SKReleaseCache} */
var skReleaseCache = { key: "", size: 0, units: Object.create(null) };

// The arm of each experiment for `unit`: forced by an override the experiment knows, `off` for a
// flag, else ExperimentAssignment's.
/** @param {SKExperiment[]} experiments @param {SKHeader} unit @param {{ [experiment: string]: string } | null} overrides @param {boolean} allowsOverrides @param {SKUnitBucket} unitBucket @returns {{ experiment: string, arm: string }[]} */
function skArms(experiments, unit, overrides, allowsOverrides, unitBucket) {
  /** @param {SKExperiment} experiment @returns {number} */
  function skBucket(experiment) { return unitBucket(experiment.name, experiment.salt, String(unit)); }

  /** @param {number} bucket @param {{ name: string, weight: number }[]} arms @returns {number} */
  function skArmOfBucket(bucket, arms) {
    var total = 0;
    for (var i = 0; i < arms.length; i++) total += Math.max(0, arms[i].weight);
    if (total <= 0) return 0;
    var cumulative = 0;
    for (var j = 0; j < arms.length; j++) {
      cumulative += Math.max(0, arms[j].weight);
      if (bucket < Math.floor(10000 * cumulative / total)) return j;
    }
    return arms.length - 1;
  }

  var applied = [];
  for (var i = 0; i < experiments.length; i++) {
    var experiment = experiments[i];
    var forced = allowsOverrides && overrides !== null && Object.prototype.hasOwnProperty.call(overrides, experiment.name)
      ? overrides[experiment.name] : null;
    var known = false;
    for (var a = 0; forced !== null && a < experiment.arms.length; a++) if (experiment.arms[a].name === forced) known = true;
    var arm;
    if (known && forced !== null) arm = forced;
    else if (experiment.decision === "flag") arm = "off";
    else if (unit === null || unit === undefined) arm = experiment.control;
    else {
      var index = skArmOfBucket(skBucket(experiment), experiment.arms);
      arm = index < experiment.arms.length ? experiment.arms[index].name : experiment.control;
    }
    applied.push({ experiment: experiment.name, arm: arm });
  }
  return applied;
}

// ScreenResponse.matches: weak comparison; `*` matches.
/** @param {string} ifNoneMatch @param {string} etag @returns {boolean} */
function skMatches(ifNoneMatch, etag) {
  var candidates = skSplit(ifNoneMatch, ",");
  for (var i = 0; i < candidates.length; i++) {
    var tag = skTrim(candidates[i]);
    if (tag === "*") return true;
    if (tag.substring(0, 2) === "W/") tag = tag.substring(2);
    if (tag === etag) return true;
  }
  return false;
}

// The release a table answers as (the ScreenKit-Release header): its manifest's first 12 hex digits.
/** @param {SKTable} table @returns {string} */
function skRelease(table) { return table.manifest.substring(0, 12); }

/** @param {number} status @param {string} kind @param {string} title @param {string} detail @param {string} members @param {string} release @returns {SKDecision} */
function skProblem(status, kind, title, detail, members, release) {
  var body = "{\"type\":" + skJSONString("urn:screenkit:problem:" + kind) + ",\"title\":" + skJSONString(title)
    + ",\"status\":" + status + ",\"detail\":" + skJSONString(detail) + members + "}";
  return {
    status: status,
    headers: [["Content-Type", "application/problem+json"], ["Cache-Control", "no-store"], ["Vary", "ScreenKit-Contract"], ["ScreenKit-Release", release]],
    body: body, object: null
  };
}

// What ScreenRenderer.respond(screenID:…) answers `request` ({screen, contract, acceptLanguage,
// unit, arm, ifNoneMatch}; absent headers null or undefined) from the router's table: {status,
// headers: [[name, value]], body (a problem document, or null), object (the SHA-256 of the
// bucket object to answer with, or null)}, and for a screen's 200 or 304 `route` ({client,
// version, locale, applied (null without experiments), object} and the values of its headers:
// etag, cacheControl, vary, contract, experiments (null without)).
/** @param {SKTable} table @param {SKRequest} request @param {SKRouteOptions} options @returns {SKDecision} */
function screenkitRoute(table, request, options) {
  var id = request.screen, screens = table.screens;
  var screen = Object.prototype.hasOwnProperty.call(screens, id) ? screens[id] : null;
  if (screen === null) {
    return skProblem(404, "unknown-screen", "No such screen", "no screen \"" + id + "\"", ",\"screen\":" + skJSONString(id),
      skRelease(table));
  }
  var locales = table.locales;
  // The one-match Accept-Language pattern of the router's own table, or of its canary's.
  var main = /** @type {SKTable} */ (SCREENKIT_TABLE), firstRange = null;
  if (table === main) firstRange = SCREENKIT_FIRST_RANGE;
  else if (typeof SCREENKIT_CANARY_FIRST_RANGE !== "undefined" && main.canary !== undefined && table === main.canary.table) {
    firstRange = SCREENKIT_CANARY_FIRST_RANGE;
  }
  var locale = locales ? skLocale(locales, request.acceptLanguage, firstRange) : null;
  var client = skParseContract(request.contract), minContract = screen.minContract;
  // The version served: the screen's first for a client that names none, none below it (406).
  var version = client.version === undefined ? minContract : client.version < minContract ? null : Math.min(client.version, table.contract);
  if (version === null) {
    return skProblem(406, "client-too-old", "The app is too old for this screen",
      "screen \"" + id + "\" supports contract " + minContract + " and up; the client advertised contract " + client.version,
      ",\"screen\":" + skJSONString(id) + ",\"minContract\":" + minContract + ",\"clientContract\":" + client.version,
      skRelease(table));
  }
  // Most screens run no experiment: then no arms, overrides or key are made.
  var experiments = screen.experiments.length > 0;
  var applied = null, key = "", names = null;
  if (experiments) {
    var overrides = options.allowsOverrides ? skOverrides(request.arm) : null;
    applied = skArms(screen.experiments, request.unit, overrides, options.allowsOverrides, options.unitBucket);
    names = "";
    for (var i = 0; i < applied.length; i++) {
      key += (i > 0 ? "," : "") + applied[i].arm;
      names += (i > 0 ? ", " : "") + applied[i].experiment + "=" + applied[i].arm;
    }
  }
  var byLocale = screen.objects[locale === null ? "" : locale] || screen.objects[locales ? locales.source : ""];
  var objects = byLocale[key] || byLocale[screen.control];
  var object = objects[version - minContract];
  var etag = table.etags[object];
  var route = {
    client: client, version: version, locale: locale, applied: applied, object: object, etag: etag,
    cacheControl: experiments ? "private, no-cache" : "public, max-age=60",
    vary: "ScreenKit-Contract" + (experiments ? ", ScreenKit-Arm" : "") + (locale !== null ? ", Accept-Language" : ""),
    contract: String(version), experiments: names, release: skRelease(table)
  };
  /** @type {[string, string][]} */
  var headers = [
    ["Content-Type", "application/json"], ["ETag", etag], ["Cache-Control", route.cacheControl], ["Vary", route.vary],
    ["ScreenKit-Contract", route.contract]
  ];
  if (locale !== null) headers.push(["Content-Language", locale]);
  if (names !== null) headers.push(["ScreenKit-Experiments", names]);
  headers.push(["ScreenKit-Release", route.release]);
  var ifNoneMatch = request.ifNoneMatch;
  if (ifNoneMatch !== null && ifNoneMatch !== undefined && skMatches(ifNoneMatch, etag)) {
    return { status: 304, headers: headers.slice(1), body: null, object: null, route: route };
  }
  return { status: 200, headers: headers, body: null, object: object, route: route };
}

// The unit a request is for, from the source the options name: a header, a cookie or a query parameter.
/** @param {SKHeader} header @param {string} name @returns {string | null} */
function skCookie(header, name) {
  if (header === null || header === undefined) return null;
  var pairs = header.split(";");
  for (var i = 0; i < pairs.length; i++) {
    var equals = pairs[i].indexOf("=");
    if (equals > 0 && skTrim(pairs[i].substring(0, equals)) === name) return skTrim(pairs[i].substring(equals + 1));
  }
  return null;
}

/** @param {string} object @param {string | number} status @param {string} release @returns {SKDecision} */
function skBadGateway(object, status, release) {
  return skProblem(502, "bucket-unavailable", "The bucket did not answer",
    "objects/" + object + ".json answered " + status, "", release);
}
