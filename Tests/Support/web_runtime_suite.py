"""Drives the ScreenKit web runtime in headless Chromium (Playwright, with the Chromium the tests
installed) against a running origin: the Hummingbird example server, or nginx with the edge router
in front of it. Prints one JSON report: each check's outcome, the accessibility scan (axe-core from
axe-playwright-python) and the pixel comparison with the preview's pictures.

usage: web_runtime_suite.py --base URL --app DIR --chromium PATH [--metrics URL] [--preview DIR]
(SCREENKIT_WEB_PICTURES=DIR keeps the pictures compared.)

The app folder holds the compiled page (index.html, app.js, ScreenModel.js, screenkit-web.mjs); it
is served under {base}/app/ by the browser's request routing, so the page and the screens share an
origin as a real deployment's do. POST /api/v1/session, which the example has no server for, is
answered by the routing too (every /api/ call is), and its body recorded.
"""

import argparse
import base64
import json
import mimetypes
import os
import re
import sys
import time
import urllib.request

from playwright.sync_api import sync_playwright

PIXEL_THRESHOLD = 48  # a channel differing by more than this counts the pixel as different


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--metrics")
    parser.add_argument("--preview")
    parser.add_argument("--name", default="origin")
    args = parser.parse_args()
    report = {"name": args.name, "checks": [], "figures": {}}

    def check(name, ok, detail=""):
        report["checks"].append({"name": name, "ok": bool(ok), "detail": str(detail)[:2000]})

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        try:
            run(browser, args, check, report)
        except Exception as error:  # a step that could not run is a failed check, with its reason
            check("the suite ran to the end", False, repr(error))
        finally:
            browser.close()
    json.dump(report, sys.stdout, indent=1)
    print()


PIXEL = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


def app_routes(page, base, app, sessions, statuses, requests=None):
    """Serves the app folder under {base}/app/, answers the app's API, records screen statuses and
    the requests for screens and events."""
    requests = [] if requests is None else requests

    def serve(route, request):
        path = request.url.split("/app/", 1)[1].split("?")[0].split("#")[0] or "index.html"
        file = os.path.realpath(os.path.join(app, path))
        if not file.startswith(os.path.realpath(app)) or not os.path.isfile(file):
            route.fulfill(status=404, body="not found")
            return
        kind = "text/javascript" if file.endswith((".js", ".mjs")) else mimetypes.guess_type(file)[0]
        with open(file, "rb") as handle:
            route.fulfill(status=200, body=handle.read(), headers={"Content-Type": kind or "text/plain"})

    def session(route, request):
        sessions.append({"url": request.url, "method": request.method, "body": request.post_data,
                         "headers": request.headers})
        route.fulfill(status=200, body="{}", headers={"Content-Type": "application/json"})

    def image(route, request):
        # The example's images load (a 1×1 PNG): an image that does not is a render failure the
        # page reports (render_failed), tried on purpose below.
        route.fulfill(status=200, body=PIXEL, headers={"Content-Type": "image/png"})

    page.route(base + "/app/**", serve)
    page.on("request", lambda request: requests.append(
        (request.url, request.method, request.headers, request.post_data)) if "/screens/" in request.url
        or "/events" in request.url else None)
    page.route(base + "/api/**", session)
    page.route("https://cdn.example.com/**", image)
    page.context.route("https://help.example.com/**", lambda route, request: route.fulfill(status=200, body="help"))
    page.context.route("https://shop.example.com/**", lambda route, request: route.fulfill(status=200, body="shop"))
    page.on("response", lambda response: statuses.append((response.url, response.status))
            if "/screens/" in response.url else None)


def wait_for_screen(page, node):
    page.wait_for_selector(f'[data-node-id="{node}"]', timeout=15000)


def run(browser, args, check, report):
    base = args.base.rstrip("/")
    sessions, statuses, requests = [], [], []
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda error: console.append("pageerror: " + str(error)))
    app_routes(page, base, args.app, sessions, statuses, requests)

    # The home screen, served with an arm for the unit.
    page.goto(f"{base}/app/index.html?user=ada#/home")
    wait_for_screen(page, "greeting")
    heading = page.get_by_role("heading", name="Good morning")
    check("home: drawn, its display text a heading", heading.count() == 1, page.inner_text("#screen")[:300])
    arms = page.evaluate("() => ({...window.screenkit.arms})")
    check("home: served an arm of promo-order", arms.get("promo-order") in ("control", "shipping-first"), arms)
    check("home: the page title is the screen's", page.title() == "Home", page.title())
    report["figures"]["arm"] = arms.get("promo-order")
    first = next((r for r in requests if "/screens/home" in r[0]), None)
    check("fetch: the contract, the languages and the unit sent",
          first is not None and first[2].get("screenkit-contract") == "4"
          and first[2].get("accept-language", "").startswith("en") and "user=ada" in first[0], first)

    # Navigation: a button's navigate action, then the browser's back button.
    page.get_by_role("button", name="Settings").click()
    page.wait_for_function("() => location.hash === '#/settings'")
    page.wait_for_selector("text=Notifications", timeout=15000)
    check("navigate: settings shown, in the URL", "#/settings" in page.url, page.url)
    with page.context.expect_page(timeout=15000) as opened:
        page.get_by_role("button", name="Help centre").click()
    check("openURL: the link opened in a new tab", opened.value.url.startswith("https://help.example.com/"),
          opened.value.url)
    opened.value.close()
    page.go_back()
    wait_for_screen(page, "greeting")
    check("back: home shown again", "#/home" in page.url or page.url.endswith("#/home"), page.url)

    # A product: its appear event, its add-to-cart tap event, both with the unit's arm.
    page.evaluate("() => window.screenkit.navigate('product-aeropress')")
    add = page.get_by_role("button", name=re.compile("Add to cart"))
    add.wait_for(timeout=15000)
    with page.context.expect_page(timeout=15000) as shared:
        page.get_by_role("button", name="Share").click()
    check("share: without the Web Share API, the link opened", shared.value.url.startswith("https://shop.example.com/p/"),
          shared.value.url)
    shared.value.close()
    add.click()
    # The sequence: the cart API call, the state reset, the alert, then the cart as a sheet.
    alert = page.get_by_role("alertdialog", name="Added AeroPress Go")
    alert.wait_for(timeout=15000)
    check("showAlert: a modal alert named by its title", alert.is_visible())
    alert.get_by_role("button", name="OK").click()
    sheet = page.get_by_role("dialog", name="cart")
    sheet.wait_for(timeout=15000)
    check("navigate as a sheet: the destination in a modal dialog", "cart" in sheet.inner_text(), sheet.inner_text())
    sheet.get_by_role("button", name="Close").click()
    sheet.wait_for(state="detached", timeout=15000)
    cart = [call for call in sessions if call["url"].endswith("/api/v1/cart/items")]
    check("apiCall: the cart call posted the quantity from the state",
          cart and json.loads(cart[0]["body"]) == {"quantity": 1}, cart)
    sent = page.evaluate("async () => { await window.screenkit.flush(); return {...window.screenkit.stats}; }")
    check("events: the exposure and the product's events sent, none refused",
          sent["sent"] >= 3 and sent["refused"] == 0 and sent["dropped"] == 0, sent)
    report["figures"]["events"] = sent

    # An events endpoint that fails twice: the batch is sent again, with backoff, and arrives.
    failures = {"left": 2}

    def flaky(route, request):
        if failures["left"] > 0:
            failures["left"] -= 1
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route(base + "/events*", flaky)
    page.evaluate("() => window.screenkit.navigate('product-kettle')")
    page.wait_for_function("() => window.screenkit.queued > 0", timeout=15000)
    page.evaluate("() => window.screenkit.flush()")
    page.wait_for_function("() => window.screenkit.queued === 0", timeout=20000)
    after = page.evaluate("() => ({...window.screenkit.stats})")
    check("events: a batch that failed twice is sent again and arrives", failures["left"] == 0
          and after["sent"] == sent["sent"] + 1 and after["dropped"] == 0, (after, failures))
    page.unroute(base + "/events*")

    # A flush while a send is in progress (a slow events endpoint) waits for that send: what it
    # resolves to has been sent.
    def slow(route, request):
        time.sleep(0.5)
        route.continue_()

    page.route(base + "/events*", slow)
    page.evaluate("() => window.screenkit.navigate('product-aeropress')")
    page.wait_for_function("() => window.screenkit.queued > 0", timeout=15000)
    before = page.evaluate("() => window.screenkit.stats.sent")
    waited = page.evaluate("""async () => { void window.screenkit.flush(); await window.screenkit.flush();
        return {sent: window.screenkit.stats.sent, queued: window.screenkit.queued}; }""")
    check("events: a flush while a send is in progress waits for it", waited["sent"] > before and waited["queued"] == 0,
          (before, waited))
    page.unroute(base + "/events*")

    # The page hidden: what is queued is sent at once.
    page.evaluate("() => window.screenkit.navigate('product-grinder')")
    page.wait_for_function("() => window.screenkit.queued > 0", timeout=15000)
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function("() => window.screenkit.queued === 0", timeout=15000)
    page.evaluate("() => { delete document.visibilityState; }")
    hidden = [r for r in requests if "/events" in r[0] and r[3] and "product-grinder" in r[3]]
    check("events: sent when the page is hidden", len(hidden) == 1, hidden)
    batches = [json.loads(r[3]) for r in requests if "/events" in r[0] and r[3]]
    check("events: batches of format 1, contract 4, at most the batch size",
          batches and all(b["format"] == 1 and b["contract"] == 4 and 0 < len(b["events"]) <= 20 for b in batches),
          batches)

    # The sign-in form: its state posted by apiCall, then navigate.
    page.evaluate("() => window.screenkit.navigate('sign-in')")
    page.get_by_label("Email").fill("ada@example.com")
    page.get_by_label("Password").fill("s3cret")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_function("() => location.hash === '#/home'", timeout=15000)
    posted = [call for call in sessions if call["url"].endswith("/api/v1/session")]
    body = json.loads(posted[0]["body"]) if posted else None
    check("sign-in: the form's state posted", body == {"email": "ada@example.com", "password": "s3cret"}
          and posted[0]["headers"].get("screenkit-contract") == "4", sessions)
    check("sign-in: the sequence went on to home (fullScreenCover)", "#/home" in page.url, page.url)

    # Revalidation: the same screen again is a 304 from the cache's ETag.
    page.evaluate("async () => { await window.screenkit.show('settings'); await window.screenkit.show('settings'); }")
    revalidated = page.evaluate("() => window.screenkit.stats.revalidated")
    check("304: a screen shown again is revalidated, not fetched",
          revalidated >= 1 and any(status == 304 for url, status in statuses if "/screens/settings" in url),
          (revalidated, [s for s in statuses if "/screens/settings" in s[0]]))

    # Errors: a problem document, then no network.
    page.evaluate("() => window.screenkit.show('no-such-screen')")
    alert = page.get_by_role("alert")
    alert.wait_for(timeout=15000)
    text = alert.inner_text()
    check("error: a 404 problem document is shown with a retry", "Try again" in text and len(text) > 12, text)
    page.route(base + "/screens/offline*", lambda route, request: route.abort())
    page.evaluate("() => window.screenkit.show('offline')")
    page.wait_for_function("() => document.querySelector('[role=alert]')?.textContent.includes('cannot be reached')")
    check("error: no network is shown as such", True)

    # A screen the runtime cannot draw: with `decode`, words for a person on the page and the JSON
    # path only for onError (the app logs it as a console warning).
    broken = {"format": 1, "id": "broken", "contract": 4, "minContract": 1, "initialState": {}, "root": {
        "type": "column", "id": "c", "children": [
            {"type": "button", "id": "b", "action": {"type": "navigate", "destination": "home"}}]}}
    unknown = {"format": 1, "id": "unknown", "contract": 4, "minContract": 1, "initialState": {}, "root": {
        "type": "column", "id": "c", "children": [{"type": "carousel", "id": "k"}]}}
    for name, envelope in [("broken", broken), ("unknown", unknown)]:
        page.route(f"{base}/screens/{name}*", lambda route, request, envelope=envelope: route.fulfill(
            status=200, body=json.dumps(envelope), headers={"Content-Type": "application/json", "ETag": '"x"'}))
    warned = len(console)
    page.evaluate("() => window.screenkit.show('broken')")
    page.wait_for_function("() => document.querySelector('#screen [role=alert]') !== null", timeout=15000)
    shown = page.inner_text("#screen")
    check("decode: an undrawable screen says so in words, no JSON path on the page",
          "cannot be shown" in shown and "$." not in shown and "newer version" in shown, shown)
    check("decode: the JSON path goes to onError", any("$.root.children[0]" in line for line in console[warned:]),
          console[warned:])
    # Without `decode` the runtime checks what it draws: a button without its label and a type
    # nothing draws are reported with their paths, and the page says the screen cannot be shown
    # instead of drawing an empty button or an empty box.
    # What the page could not show it reports as the built-in render_failed event (caught here
    # from the events it posts): the reason, the JSON path and the release the response named.
    imaged = {"format": 1, "id": "imaged", "contract": 4, "minContract": 1, "initialState": {}, "root": {
        "type": "column", "id": "c", "children": [{"type": "image", "id": "i", "url": f"{base}/missing.png"}]}}
    page.route(f"{base}/screens/imaged*", lambda route, request: route.fulfill(
        status=200, body=json.dumps(imaged),
        headers={"Content-Type": "application/json", "ETag": '"y"', "ScreenKit-Release": "5bc6286b66a6"}))
    page.route(f"{base}/missing.png", lambda route, request: route.fulfill(status=404, body=""))
    undecoded = page.evaluate("""async () => {
        const { createScreenKit } = await import('./screenkit-web.mjs');
        const results = {};
        const posted = [];
        const recording = async (url, init) => {
          if (String(url).endsWith('/events')) {
            posted.push(...JSON.parse(init.body).events);
            return new Response('{"contract":4,"accepted":1,"rejected":[]}', { status: 200 });
          }
          return fetch(url, init);
        };
        for (const id of ['broken', 'unknown', 'imaged']) {
          const errors = [];
          const root = document.createElement('main');
          document.body.append(root);
          const kit = createScreenKit({ baseURL: location.origin, contract: 4, root, routing: 'none',
            fetch: recording, onError: (error) => errors.push(error.message) });
          await kit.show(id);
          if (id === 'imaged') {
            for (let i = 0; i < 100 && !posted.some((e) => e.screen === 'imaged'); i++) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              await kit.flush();
            }
          }
          await kit.flush();
          results[id] = { errors, text: root.innerText,
            buttons: [...root.querySelectorAll('button')].map((b) => b.textContent) };
          root.remove();
        }
        results.posted = posted.filter((e) => e.name === 'render_failed');
        return results;
    }""")
    failures = {(e["screen"], e["params"]["reason"], e["params"].get("path"), e["params"].get("release"))
                for e in undecoded["posted"]}
    check("render_failed: each failure is reported with its reason, path and release",
          failures == {("broken", "missing_prop", "$.root.children[0].label", None),
                       ("unknown", "unknown_component", "$.root.children[0].type", None),
                       ("imaged", "image_failed", "$.root.children[0].url", "5bc6286b66a6")}, undecoded["posted"])
    check("no decode: a button without its label is reported with its path, never drawn empty",
          any("$.root.children[0].label" in e for e in undecoded["broken"]["errors"])
          and undecoded["broken"]["buttons"] == ["Try again"] and "cannot be shown" in undecoded["broken"]["text"],
          undecoded["broken"])
    check("no decode: a type nothing draws is reported, the page says so",
          any('"carousel"' in e for e in undecoded["unknown"]["errors"])
          and "cannot be shown" in undecoded["unknown"]["text"], undecoded["unknown"])

    # Back after the first navigation of a page opened without a hash shows the first screen again.
    fresh = context.new_page()
    app_routes(fresh, base, args.app, [], [])
    fresh.goto(f"{base}/app/index.html?user=ada")
    wait_for_screen(fresh, "greeting")
    fresh.get_by_role("button", name="Settings").click()
    fresh.wait_for_function("() => location.hash === '#/settings'")
    fresh.wait_for_selector("text=Notifications", timeout=15000)
    fresh.go_back()
    fresh.wait_for_function("() => location.hash === ''")
    wait_for_screen(fresh, "greeting")
    check("back: the first screen again after the first navigation (no hash at start)",
          fresh.get_by_text("Notifications").count() == 0, fresh.inner_text("#screen")[:200])
    fresh.close()

    # Accessibility: no serious or critical violation on the screens drawn.
    try:
        from axe_playwright_python.sync_playwright import Axe
        axe = Axe()
        violations = {}
        for screen, node in [("home", "greeting"), ("sign-in", "form"), ("product-aeropress", None),
                             ("settings", None), ("forgot-password", None)]:
            page.evaluate(f"() => window.screenkit.show('{screen}')")
            page.wait_for_timeout(300)
            results = axe.run(page)
            for violation in results.response["violations"]:
                violations.setdefault(screen, []).append((violation["id"], violation["impact"]))
        serious = {screen: [v for v in found if v[1] in ("serious", "critical")] for screen, found in violations.items()}
        serious = {screen: found for screen, found in serious.items() if found}
        report["figures"]["axe"] = violations
        check("axe-core: no serious or critical violation", not serious, serious)
        check("axe-core: no violation of any impact (headings start at 1 and skip no level)", not violations,
              violations)
    except ImportError as error:
        check("axe-core: available", False, error)

    # The same screens as the preview draws them: pixel difference within the tolerance.
    if args.preview:
        report["figures"]["pixels"] = compare_with_preview(page, base, args.preview, check)

    # The events arrived, with the arm, and were counted.
    if args.metrics:
        page.evaluate("async () => { await window.screenkit.flush(); }")
        scrape = urllib.request.urlopen(args.metrics, timeout=10).read().decode()
        arm = report["figures"]["arm"]
        exposure = samples(scrape, "screenkit_events_total", {"event": "exposure", "experiment": "promo-order"})
        goal = samples(scrape, "screenkit_events_total", {"event": "add_to_cart_tapped", "arm": arm})
        check("scrape: the exposure counted under the arm", exposure.get(arm, 0) >= 1, exposure)
        check("scrape: the goal event counted under the arm", sum(goal.values()) >= 1, goal)

    # The localized screen: German asked for, German drawn, and said so.
    german = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    localized = german.new_page()
    app_routes(localized, base, args.app, [], [])
    localized.goto(f"{base}/app/index.html?user=ada#/sign-in")
    localized.get_by_role("button", name="Anmelden").wait_for(timeout=15000)
    lang = localized.get_attribute("#screen", "lang")
    check("localized: sign-in in German, its language on the page", (lang or "").startswith("de"), lang)
    german.close()

    problems = [line for line in console if "pageerror" in line or "Uncaught" in line]
    check("no uncaught error on the page", not problems, problems)
    context.close()


def samples(scrape, family, labels):
    """The values of `family` whose labels include `labels`, by arm, read with prometheus_client's
    own parser (as the other scrape checks read them)."""
    from prometheus_client.parser import text_string_to_metric_families
    found = {}
    for parsed in text_string_to_metric_families(scrape):
        for sample in parsed.samples:
            if sample.name != family or any(sample.labels.get(key) != wanted for key, wanted in labels.items()):
                continue
            arm = sample.labels.get("arm", "")
            found[arm] = found.get(arm, 0) + sample.value
    return found


def compare_with_preview(page, base, preview, check):
    """Each screen drawn by the runtime and by the preview (contract 4's phone), at the phone's
    width; the share of pixels that differ, computed in the page from both PNGs."""
    figures = {}
    for screen in ["settings", "forgot-password", "sign-in"]:
        page.set_viewport_size({"width": 375, "height": 1400})
        page.evaluate("() => { const m = document.querySelector('main'); m.style.maxWidth = '375px';"
                      " m.style.paddingTop = '16px'; }")
        page.evaluate(f"() => window.screenkit.show('{screen}')")
        page.wait_for_timeout(300)
        runtime_png = page.locator("#screen").screenshot()
        preview_page = page.context.new_page()
        preview_page.set_viewport_size({"width": 1300, "height": 1400})
        preview_page.goto("file://" + os.path.join(preview, screen + ".html"))
        phone = preview_page.locator('section.version[data-contract="4"] .phone-body')
        preview_png = phone.screenshot()
        preview_page.close()
        if os.environ.get("SCREENKIT_WEB_PICTURES"):
            for label, data in [("runtime", runtime_png), ("preview", preview_png)]:
                with open(os.path.join(os.environ["SCREENKIT_WEB_PICTURES"], f"{screen}-{label}.png"), "wb") as out:
                    out.write(data)
        share = page.evaluate(
            """async ([a, b, threshold]) => {
                const load = (data) => new Promise((resolve) => {
                    const image = new Image(); image.onload = () => resolve(image);
                    image.src = 'data:image/png;base64,' + data; });
                const [x, y] = await Promise.all([load(a), load(b)]);
                const width = Math.max(x.width, y.width), height = Math.max(x.height, y.height);
                const pixels = (image) => { const canvas = document.createElement('canvas');
                    canvas.width = width; canvas.height = height; const c = canvas.getContext('2d');
                    c.fillStyle = '#fff'; c.fillRect(0, 0, width, height); c.drawImage(image, 0, 0);
                    return c.getImageData(0, 0, width, height).data; };
                const p = pixels(x), q = pixels(y);
                let differing = 0;
                for (let i = 0; i < p.length; i += 4) {
                    if (Math.abs(p[i] - q[i]) > threshold || Math.abs(p[i + 1] - q[i + 1]) > threshold
                        || Math.abs(p[i + 2] - q[i + 2]) > threshold) differing += 1;
                }
                return { share: differing / (width * height), width, height };
            }""",
            [base64(runtime_png), base64(preview_png), PIXEL_THRESHOLD])
        figures[screen] = share
    page.set_viewport_size({"width": 390, "height": 844})
    return figures


def base64(data):
    import base64 as codec
    return codec.b64encode(data).decode()


if __name__ == "__main__":
    main()
