// Records go to CloudWatch Logs (`console.log`, one line each, in the region of the edge location
// that ran the function): the viewer request logs the responses it answers itself, the viewer
// response the others, with the status the viewer gets. The facts travel between the two in the
// request header X-ScreenKit-Record, set on every rewritten request and removed from any other.
var SK_RECORD = "x-screenkit-record";

/** @param {CFRequest} request @param {string} status */
function skLambdaLog(request, status) {
  var facts = null, id = skLambdaScreen(request.uri);
  // The release that answered: the table of the viewer's unit (its headers stay on the rewritten request).
  var route = skLambdaRequest(request, id === null ? "" : id), table = skLambdaTable(route.unit);
  if (id !== null) {
    facts = skFacts(table, route, skLambdaDecide(route), SCREENKIT_OPTIONS);
  } else {
    try { facts = JSON.parse(skLambdaHeader(request.headers, SK_RECORD, ", ") || "null"); } catch (error) { return; }
    if (facts === null || typeof facts !== "object" || typeof facts.client !== "string") return;
  }
  facts.status = parseInt(status, 10);
  console.log(skRecordLine(table, facts, "lambda-edge"));
}
