"""Shows one screen per unit with the web runtime in Chromium, through an edge: each unit's page asks
`{base}/screens/{screen}?user={unit}`, draws it, and its render_failed events (posted to /events)
are written, as a server writes the events it takes, one JSON line each.

usage: canary_browser.py --base URL --runtime FILE --chromium PATH --screen ID --units N --out FILE
"""
import argparse
import json
import os

from playwright.sync_api import sync_playwright

PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010804000000b51c0c02"
    "0000000b4944415478da63646000000006000230810c2f0000000049454e44ae426082")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--screen", required=True)
    parser.add_argument("--units", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    runtime = open(args.runtime, "rb").read()
    lines = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        context = browser.new_context()

        def events(route, request):
            unit = request.url.split("user=", 1)[1].split("&")[0] if "user=" in request.url else None
            batch = json.loads(request.post_data)
            for event in batch["events"]:
                line = {"time": event.get("time"), "contract": batch["contract"], "event": event["name"]}
                if unit:
                    line["unit"] = unit
                if "screen" in event:
                    line["screen"] = event["screen"]
                line["params"] = event.get("params", {})
                lines.append(json.dumps(line, separators=(",", ":")))
            route.fulfill(status=200, body='{"contract":4,"accepted":1,"rejected":[]}',
                          headers={"Content-Type": "application/json"})

        context.route(base + "/events*", events)
        context.route(base + "/app/screenkit-web.mjs",
                      lambda route, request: route.fulfill(status=200, body=runtime,
                                                           headers={"Content-Type": "text/javascript"}))
        context.route(base + "/app/index.html", lambda route, request: route.fulfill(
            status=200, body="<!doctype html><html lang=en><body><main id=screen></main></body></html>",
            headers={"Content-Type": "text/html"}))
        # The example's images load; the canary's broken one does not.
        context.route("https://cdn.example.com/**", lambda route, request: route.fulfill(
            status=404, body="") if "missing" in request.url else route.fulfill(
            status=200, body=PIXEL, headers={"Content-Type": "image/png"}))
        page = context.new_page()
        page.goto(f"{base}/app/index.html")
        shown = page.evaluate("""async ({ screen, units }) => {
            const { createScreenKit } = await import('./screenkit-web.mjs');
            let shown = 0;
            for (let i = 0; i < units; i++) {
              const root = document.createElement('main');
              document.body.append(root);
              const kit = createScreenKit({ baseURL: location.origin, contract: 4, root, routing: 'none',
                unit: { value: 'u' + i, query: 'user' }, flushInterval: 60000 });
              if (await kit.show(screen)) shown++;
              // Until its images have loaded or failed.
              for (const image of root.querySelectorAll('img')) {
                if (!image.complete) await new Promise((resolve) => { image.onload = resolve; image.onerror = resolve; });
              }
              await new Promise((resolve) => setTimeout(resolve, 0));
              await kit.flush();
              root.remove();
            }
            return shown;
        }""", {"screen": args.screen, "units": args.units})
        browser.close()
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write("".join(line + "\n" for line in lines))
    print(json.dumps({"shown": shown, "events": len(lines)}))


if __name__ == "__main__":
    main()
