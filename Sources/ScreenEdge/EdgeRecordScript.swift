/// The JavaScript of the routers' response records (``EdgeRecordFormat``), added to every router
/// when ``EdgeRouter/Options/records`` is on: the facts of a decision and the line that logs them.
enum EdgeRecordScript {
    /// `skFacts(table, request, decision, options)` and `skRecordLine(facts, source)`.
    static let core = #"""
        // Response records (format 1): one JSON line per screen response, as ScreenKit's server writes
        // them (`screenkit health` and `screenkit experiment report` read them): the screen, the contract
        // version the client declared and the one served, the status, the locale, the unit and its arms
        // (forced ones apart), the object and the fallbacks it applies. Bounded: the screen only when the
        // table has it, the unit up to 256 UTF-8 bytes; ASCII only (\u escapes), so any log keeps it whole.

        // `text` as a JSON string of printable ASCII; null when it holds a lone surrogate. Character
        // codes, not a regular expression: this runs for every record.
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
        function skHeaderOf(decision, name) {
          for (var i = 0; i < decision.headers.length; i++) if (decision.headers[i][0] === name) return decision.headers[i][1];
          return null;
        }

        // What a record says of `decision`, made by screenkitRoute for `request` ({screen, contract,
        // unit, arm}): plain values, so a handler may carry them as JSON to another trigger.
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
        function skRouteFacts(request, decision, route, unit, options) {
          var client = route.client;
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
        function skArmsJSON(arms) {
          var out = [];
          for (var i = 0; i < arms.length; i++) out.push("\"" + arms[i][0] + "\":\"" + arms[i][1] + "\"");
          return "{" + out.join(",") + "}";
        }

        // Now, in RFC 3339 UTC with milliseconds; formatted once per millisecond.
        var skClock = { at: -1, text: "" };
        function skNow() {
          var now = Date.now();
          if (now !== skClock.at) { skClock.at = now; skClock.text = new Date(now).toISOString(); }
          return skClock.text;
        }

        // The record of `facts`, written by `source` (nginx, fetch, lambda-edge) at `time` (RFC 3339;
        // now when not given): one line, no newline.
        function skRecordLine(table, facts, source, time) {
          var line = "{\"format\":1,\"event\":\"response\",\"time\":\"" + (time || skNow()) + "\",\"source\":\"" + source
            + "\",\"screen\":" + (facts.screen === null ? "null" : skRecordString(facts.screen)) + ",\"client\":\"" + facts.client
            + "\",\"served\":" + facts.served + ",\"status\":" + facts.status;
          if (facts.locale !== null) line += ",\"locale\":" + skJSONString(facts.locale);
          var unit = facts.unit === null ? null : skRecordString(facts.unit);
          if (unit !== null) line += ",\"unit\":" + unit;
          if (facts.experiments !== null) line += ",\"experiments\":" + skArmsJSON(facts.experiments) + ",\"forced\":" + skArmsJSON(facts.forced);
          if (facts.object !== null) {
            line += ",\"object\":\"" + facts.object + "\"";
            // The table holds each object's fallbacks as the record writes them.
            if (table.fallbacks && Object.prototype.hasOwnProperty.call(table.fallbacks, facts.object)) {
              line += ",\"fallbacks\":" + table.fallbacks[facts.object];
            }
          }
          return line + "}";
        }
        """#

    /// nginx: `record(r)` for `js_set`, from what `handle` decided for the same request.
    static let njs = #"""
        // The request's response record, for an access log: the line's two halves around the status nginx
        // sends (502 when the bucket failed), set by `handle` for every screen response (empty for any
        // other request), so the log needs no JavaScript:
        //   js_var $screenkit_record_head;
        //   js_var $screenkit_record_tail;
        //   log_format screenkit_records escape=none '$screenkit_record_head$status$screenkit_record_tail';
        //   access_log /var/log/nginx/screenkit-records.jsonl screenkit_records buffer=64k flush=1s if=$screenkit_record_head;
        function skNjsRecordHalves(r, decided) {
          var facts = skFacts(SCREENKIT_TABLE, decided.route, decided.decision, SCREENKIT_OPTIONS);
          facts.status = 0;
          var iso = r.variables.time_iso8601, msec = r.variables.msec;
          var line = skRecordLine(SCREENKIT_TABLE, facts, "nginx", iso.substring(0, 19) + msec.substring(msec.length - 4) + iso.substring(19));
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
        var skNjsDecided = null, skNjsLine = null;

        function skNjsRecord(r) {
          var head = r.variables.screenkit_record_head;
          if (head) return head + r.status + r.variables.screenkit_record_tail;
          if (skNjsDecided === null) return "";
          if (skNjsLine !== null) return skNjsLine;
          var facts = skFacts(SCREENKIT_TABLE, skNjsDecided.route, skNjsDecided.decision, SCREENKIT_OPTIONS);
          facts.status = r.status;
          // nginx's own clock of the request, milliseconds put in: no Date formatted per request.
          var iso = r.variables.time_iso8601, msec = r.variables.msec;
          skNjsLine = skRecordLine(SCREENKIT_TABLE, facts, "nginx", iso.substring(0, 19) + msec.substring(msec.length - 4) + iso.substring(19));
          return skNjsLine;
        }
        """#

    /// Lambda@Edge: the record of a viewer response, logged to CloudWatch Logs.
    static let lambdaEdge = #"""
        // Records go to CloudWatch Logs (`console.log`, one line each, in the region of the edge location
        // that ran the function): the viewer request logs the responses it answers itself, the viewer
        // response the others, with the status the viewer gets. The facts travel between the two in the
        // request header X-ScreenKit-Record, set on every rewritten request and removed from any other.
        var SK_RECORD = "x-screenkit-record";

        function skLambdaLog(request, status) {
          var facts = null, id = skLambdaScreen(request.uri);
          if (id !== null) {
            var route = skLambdaRequest(request, id);
            facts = skFacts(SCREENKIT_TABLE, route, skLambdaDecide(route), SCREENKIT_OPTIONS);
          } else {
            try { facts = JSON.parse(skLambdaHeader(request.headers, SK_RECORD, ", ")); } catch (error) { return; }
            if (facts === null || typeof facts !== "object" || typeof facts.client !== "string") return;
          }
          facts.status = parseInt(status, 10);
          console.log(skRecordLine(SCREENKIT_TABLE, facts, "lambda-edge"));
        }
        """#
}
