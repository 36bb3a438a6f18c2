// The request's response record, for an access log: the line's two halves around the status nginx
// sends (502 when the bucket failed), set by `handle` for every screen response (empty for any
// other request), so the log needs no JavaScript:
//   js_var $screenkit_record_head;
//   js_var $screenkit_record_tail;
//   log_format screenkit_records escape=none '$screenkit_record_head$status$screenkit_record_tail';
//   access_log /var/log/nginx/screenkit-records.jsonl screenkit_records buffer=64k flush=1s if=$screenkit_record_head;
/** @param {NjsRequest} r @param {{ route: SKRecordRequest, decision: SKDecision, table: SKTable }} decided */
function skNjsRecordHalves(r, decided) {
  var facts = skFacts(decided.table, decided.route, decided.decision, SCREENKIT_OPTIONS);
  facts.status = 0;
  var iso = r.variables.time_iso8601, msec = r.variables.msec;
  var line = skRecordLine(decided.table, facts, "nginx", iso.substring(0, 19) + msec.substring(msec.length - 4) + iso.substring(19));
  // The status follows the screen (a JSON string, its quotes escaped), so this is the status member.
  var at = line.indexOf(",\"status\":0") + 10;
  r.variables.screenkit_record_head = line.substring(0, at);
  r.variables.screenkit_record_tail = line.substring(at + 1);
}

// The same record as one `js_set` variable, for a config without those variables (the line is
// then made at log time, from what `handle` decided in the same request):
//   js_set $screenkit_record screenkit.record;
//   log_format screenkit_records escape=none '$screenkit_record';
//   access_log /var/log/nginx/screenkit-records.jsonl screenkit_records buffer=64k flush=1s if=$screenkit_record;
// "" for a request that is not for a screen. Made once per request: the access log reads the
// variable twice (`if=` and the format), and njs 0.7 does not keep a `js_set` variable's value.
/** @type {{ route: SKRecordRequest, decision: SKDecision, table: SKTable } | null} */
var skNjsDecided = null;
/** @type {string | null} */
var skNjsLine = null;

/** @param {NjsRequest} r @returns {string} */
function skNjsRecord(r) {
  var head = r.variables.screenkit_record_head;
  if (head) return head + r.status + r.variables.screenkit_record_tail;
  if (skNjsDecided === null) return "";
  if (skNjsLine !== null) return skNjsLine;
  var facts = skFacts(skNjsDecided.table, skNjsDecided.route, skNjsDecided.decision, SCREENKIT_OPTIONS);
  facts.status = r.status;
  // nginx's own clock of the request, milliseconds put in: no Date formatted per request.
  var iso = r.variables.time_iso8601, msec = r.variables.msec;
  skNjsLine = skRecordLine(skNjsDecided.table, facts, "nginx", iso.substring(0, 19) + msec.substring(msec.length - 4) + iso.substring(19));
  return skNjsLine;
}
