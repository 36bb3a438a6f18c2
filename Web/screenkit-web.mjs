// ScreenKit web runtime: shows ScreenKit screens in a browser. It fetches a screen's envelope (the
// standard wire format, flat profile), renders the standard components to accessible DOM and the
// app's own through its renderer functions, binds the screen's state, runs its actions and sends
// its analytics events, exposures and render failures to POST /events. One ES module, no
// dependencies; checked by `tsc --checkJs --strict`. `screenkit web-runtime` prints this file.
// @ts-check

/** The version of this runtime; sent nowhere, printed by `screenkit web-runtime --version`. */
export const runtimeVersion = "1";

/**
 * A node as the runtime draws it: the generated TypeScript module's `Node` shape.
 * @typedef {object} ScreenNode
 * @property {string} type
 * @property {string} [id]
 * @property {any} props
 * @property {readonly ScreenNode[]} [children]
 * @property {readonly TrackedEvent[]} [events]
 */

/**
 * An event a node sends on a trigger.
 * @typedef {{trigger: string, name: string, params: any}} TrackedEvent
 */

/**
 * An action: the generated module's `Action` shape (`{kind, fields}`).
 * @typedef {{kind: string, fields: any}} ScreenAction
 */

/**
 * A screen's envelope, as the generated module's `decode` returns it.
 * @typedef {object} Envelope
 * @property {string} id
 * @property {number} contract
 * @property {string} [title]
 * @property {{readonly [key: string]: unknown}} [initialState]
 * @property {{readonly [experiment: string]: string}} [experiments]
 * @property {ScreenNode} root
 */

/**
 * Draws one of the app's own components: the generated module's `Renderer<HTMLElement>` entry.
 * @typedef {(props: any, rendered: any, node: any) => HTMLElement} ComponentRenderer
 */

/**
 * Runs one action kind in the app's own way: the generated module's `ActionHandler` entry.
 * @typedef {(fields: any, action: any) => void | Promise<void>} ActionRunner
 */

/**
 * @typedef {object} ScreenKitOptions
 * @property {string} baseURL Where `GET {baseURL}/screens/{id}` answers: the server or the CDN edge.
 * @property {number} contract The contract version this page was built for (`ScreenKit-Contract`).
 * @property {HTMLElement} root Where screens are drawn.
 * @property {(json: unknown) => Envelope} [decode] The generated module's `decode`: checks each
 *   envelope against the contract version; without it, the flat wire format is read as it is.
 * @property {{[type: string]: ComponentRenderer | undefined}} [components] The app's own components:
 *   a `Partial<Renderer<HTMLElement>>` of the generated module.
 * @property {{[kind: string]: ActionRunner | undefined}} [actions] Action kinds the app runs itself:
 *   a `Partial<ActionHandler>` of the generated module.
 * @property {{[token: string]: {light: string, dark: string}}} [tokens] The generated
 *   `colorTokens`: the literals a colour token draws.
 * @property {string} [locale] `Accept-Language` (default: the browser's languages).
 * @property {{value: string, query?: string, header?: string}} [unit] The unit experiments assign
 *   arms to, sent as a query parameter or a header; a cookie needs nothing here.
 * @property {string | null} [eventsURL] Where events go (default `{baseURL}/events`; null: none).
 * @property {number} [batchSize] Events per batch, 1 to 500 (default 20).
 * @property {number} [flushInterval] Milliseconds an event waits before its batch is sent (5000).
 * @property {number} [maxQueued] Events kept while the server cannot be reached (1000).
 * @property {number} [retryDelay] The first retry's delay in milliseconds, doubled each time (1000).
 * @property {number} [maxAttempts] Attempts per batch before it is dropped (5).
 * @property {"hash" | "none"} [routing] Screens in the URL's hash (`#/home`), with back and forward.
 * @property {(error: Error) => void} [onError] Told of every failure the page shows or swallows.
 * @property {(id: string) => void} [onScreen] Told of every screen shown.
 * @property {typeof fetch} [fetch] The fetch to use (default: the window's).
 */

/** The node members that are not props, in the flat wire format. */
const structural = new Set(["type", "id", "children", "events", "fallback", "slot"]);

/**
 * The generated module's shape of a flat wire node: props apart, actions as `{kind, fields}`.
 * @param {any} wire
 * @returns {ScreenNode}
 */
export function nodeFromWire(wire) {
  /** @type {{[key: string]: any}} */
  const props = {};
  for (const key of Object.keys(wire)) {
    if (!structural.has(key)) props[key] = isWireAction(wire[key]) ? actionFromWire(wire[key]) : wire[key];
  }
  /** @type {ScreenNode} */
  const node = { type: String(wire.type), id: wire.id, props };
  if (Array.isArray(wire.children)) node.children = wire.children.map(nodeFromWire);
  if (Array.isArray(wire.events)) node.events = wire.events;
  return node;
}

/** @param {any} value */
function isWireAction(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.type === "string";
}

/**
 * `{kind, fields}` from a wire action `{type, …fields}`; a sequence's actions too.
 * @param {any} wire
 * @returns {ScreenAction}
 */
export function actionFromWire(wire) {
  /** @type {{[key: string]: any}} */
  const fields = {};
  for (const key of Object.keys(wire)) {
    if (key === "type") continue;
    const value = wire[key];
    fields[key] = Array.isArray(value) && value.every(isWireAction) && value.length > 0 ? value.map(actionFromWire) : value;
  }
  return { kind: wire.type, fields };
}

/**
 * An envelope from parsed JSON, decoded by the app's `decode` when it gives one.
 * @param {any} json
 * @param {((json: unknown) => Envelope) | undefined} decode
 * @returns {Envelope}
 */
function envelopeFrom(json, decode) {
  if (decode) return decode(json);
  if (json === null || typeof json !== "object" || typeof json.root !== "object") {
    throw new Error("not a ScreenKit envelope");
  }
  return { ...json, root: nodeFromWire(json.root) };
}

/** A failure with the title and detail a page shows. */
export class ScreenError extends Error {
  /**
   * @param {string} title
   * @param {string} detail
   * @param {number} [status]
   */
  constructor(title, detail, status) {
    super(`${title}: ${detail}`);
    this.title = title;
    this.detail = detail;
    this.status = status;
  }
}

/**
 * The error of a failed response: its problem document's title and detail, if any.
 * @param {Response} response
 */
async function responseError(response) {
  let title = `The server answered ${response.status}`;
  let detail = response.statusText || "";
  const type = response.headers.get("Content-Type") || "";
  try {
    if (type.includes("json")) {
      const problem = await response.json();
      if (typeof problem.title === "string") title = problem.title;
      if (typeof problem.detail === "string") detail = problem.detail;
    } else {
      detail = (await response.text()).slice(0, 300) || detail;
    }
  } catch (_) {
    // The body could not be read: the status says enough.
  }
  return new ScreenError(title, detail, response.status);
}

/**
 * `#RRGGBB` as is, `#AARRGGBB` as `rgba()`, a token as its custom property; undefined otherwise.
 * @param {unknown} value
 */
export function cssColor(value) {
  if (typeof value !== "string") return undefined;
  if (!value.startsWith("#")) return /^[a-z][A-Za-z0-9.]*$/.test(value) ? `var(${tokenVariable(value)})` : undefined;
  if (/^#[0-9A-Fa-f]{6}$/.test(value)) return value;
  if (!/^#[0-9A-Fa-f]{8}$/.test(value)) return undefined;
  const n = parseInt(value.slice(1), 16);
  const alpha = ((n >>> 24) & 0xff) / 255;
  return `rgba(${(n >>> 16) & 0xff},${(n >>> 8) & 0xff},${n & 0xff},${alpha.toFixed(2)})`;
}

/** @param {string} token */
function tokenVariable(token) {
  return "--sk-t-" + token.replace(/\./g, "-");
}

/** The stylesheet of the standard components: the preview's, so both draw a screen alike. */
export const styleSheet = `
.sk{box-sizing:border-box;position:relative}
.sk-column,.sk-lazyVStack{display:flex;flex-direction:column;align-items:stretch}
.sk-row{display:flex;flex-direction:row}.sk-scrollView{display:flex;flex-direction:column;flex:1}
.sk-scrollView[data-axis="horizontal"]{flex-direction:row;flex:none;overflow-x:auto}
.sk-card{display:flex;flex-direction:column;gap:8px;background:#f9fafb;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.sk-card[role="button"]{cursor:pointer}
.sk-text{margin:0;white-space:pre-wrap;font-size:17px;font-weight:400}
.sk-text-largeTitle{font-size:34px;font-weight:700}.sk-text-display{font-size:44px;font-weight:800}
.sk-text-title{font-size:28px;font-weight:600}.sk-text-headline{font-size:17px;font-weight:600}
.sk-text-subheadline{font-size:15px;color:#374151}.sk-text-body{font-size:17px}
.sk-text-caption{font-size:12px;color:#4b5563}.sk-text-footnote{font-size:13px;color:#6b7280}
.sk-image{display:block;background:repeating-linear-gradient(45deg,#e5e7eb,#e5e7eb 8px,#f3f4f6 8px,#f3f4f6 16px);color:transparent}
.sk-button{font:inherit;font-size:16px;padding:10px 16px;border-radius:10px;border:none;cursor:pointer}
.sk-button-primary{background:#2563eb;color:#fff}.sk-button-secondary{background:#e5e7eb;color:#111827}
.sk-button-destructive{background:#dc2626;color:#fff}.sk-button-plain{background:none;color:#2563eb;padding:4px}
.sk-button:disabled{opacity:.45;cursor:default}
.sk-textField{display:block}.sk-textField input{width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px}
.sk-divider{width:100%;margin:0;border:none}
.sk-error{padding:24px}.sk-error h1{font-size:22px;margin:0 0 8px}
.sk-dialog{border:none;border-radius:14px;padding:20px;max-width:min(90vw,480px);box-shadow:0 10px 40px rgba(0,0,0,.3)}
`;

/**
 * Creates the runtime on `options.root`: `start()` shows the first screen.
 * @param {ScreenKitOptions} options
 */
export function createScreenKit(options) {
  const base = options.baseURL.replace(/\/+$/, "");
  const doFetch = options.fetch || globalThis.fetch.bind(globalThis);
  const batchSize = Math.min(500, Math.max(1, options.batchSize || 20));
  const flushInterval = options.flushInterval ?? 5000;
  const maxQueued = options.maxQueued || 1000;
  let eventsURL = options.eventsURL === undefined ? `${base}/events` : options.eventsURL;
  // The unit goes with the events as with the screens, so the server logs them under it.
  if (eventsURL && options.unit && options.unit.query) {
    const pair = `${encodeURIComponent(options.unit.query)}=${encodeURIComponent(options.unit.value)}`;
    eventsURL += (eventsURL.includes("?") ? "&" : "?") + pair;
  }
  /** @type {{[name: string]: string}} */
  const eventHeaders = { "Content-Type": "application/json" };
  if (options.unit && options.unit.header) eventHeaders[options.unit.header] = options.unit.value;
  /** @type {Map<string, {etag: string, json: unknown, language: string | null, served: {[experiment: string]: string}, release: string | null}>} */
  const cache = new Map();
  /** @type {Map<string, unknown>} */
  const state = new Map();
  /** @type {{[experiment: string]: string}} */
  const arms = {};
  /** @type {Set<string>} */
  const exposed = new Set();
  /** @type {object[]} */
  let queue = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<void> | undefined} The send in progress: one at a time. */
  let sending;
  let attempts = 0;
  /** @type {Envelope | undefined} */
  let current;
  /** @type {string | null} The release of the screen shown last (`ScreenKit-Release`). */
  let release = null;
  const stats = { sent: 0, dropped: 0, refused: 0, shown: 0, revalidated: 0 };

  /** @param {unknown} error */
  function report(error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (options.onError) options.onError(failure);
  }

  installStyles(options.tokens);

  /**
   * The URL of screen `id` with `params` and the unit as a query.
   * @param {string} id
   * @param {{[key: string]: string}} params
   */
  function screenURL(id, params) {
    const query = new URLSearchParams(params);
    if (options.unit && options.unit.query) query.set(options.unit.query, options.unit.value);
    const text = query.toString();
    return `${base}/screens/${encodeURIComponent(id)}${text ? "?" + text : ""}`;
  }

  /**
   * Fetches screen `id`: its envelope, revalidated with `If-None-Match` when cached.
   * @param {string} id
   * @param {{[key: string]: string}} params
   */
  async function load(id, params) {
    const url = screenURL(id, params);
    /** @type {{[name: string]: string}} */
    const headers = { "ScreenKit-Contract": String(options.contract) };
    const locale = options.locale || (typeof navigator !== "undefined" ? navigator.languages.join(",") : "");
    if (locale) headers["Accept-Language"] = locale;
    if (options.unit && options.unit.header) headers[options.unit.header] = options.unit.value;
    const cached = cache.get(url);
    if (cached) headers["If-None-Match"] = cached.etag;
    let response;
    try {
      response = await doFetch(url, { headers, cache: "no-store", credentials: "same-origin" });
    } catch (error) {
      throw new ScreenError("The screen cannot be loaded", "The server cannot be reached; check the connection.");
    }
    if (response.status === 304 && cached) {
      stats.revalidated += 1;
      release = cached.release;
      return { envelope: decoded(id, cached.json), language: cached.language, served: cached.served };
    }
    if (!response.ok) throw await responseError(response);
    release = response.headers.get("ScreenKit-Release");
    const json = await response.json().catch((error) => error);
    const envelope = decoded(id, json);
    const etag = response.headers.get("ETag");
    const language = response.headers.get("Content-Language");
    // The arms served: the envelope's, and the response's `ScreenKit-Experiments` header.
    const served = { ...parseExperiments(response.headers.get("ScreenKit-Experiments")), ...(envelope.experiments || {}) };
    if (etag) cache.set(url, { etag, json, language, served, release });
    return { envelope, language, served };
  }

  /** @param {string} id @param {any} json An envelope, or the Error of a body that is not JSON. */
  function decoded(id, json) {
    try {
      if (json instanceof Error) throw json;
      return envelopeFrom(json, options.decode);
    } catch (error) {
      failed("decode", id, null);
      throw error;
    }
  }

  /** @param {string} reason @param {string} screen @param {string | null} path */
  function failed(reason, screen, path) {
    /** @type {{[key: string]: string}} */
    const params = { reason };
    if (path) params.path = path;
    if (release) params.release = release;
    enqueue({ name: "render_failed", params, screen: screen || "unknown" });
  }

  /**
   * Shows screen `id` in `into` (the root, or a sheet), or a clear error where it cannot.
   * @param {string} id
   * @param {{[key: string]: string}} [params]
   * @param {HTMLElement} [into]
   */
  async function show(id, params = {}, into = options.root) {
    try {
      const { envelope, language, served } = await load(id, params);
      state.clear();
      for (const [key, value] of Object.entries(envelope.initialState || {})) state.set(key, value);
      current = envelope;
      Object.assign(arms, served);
      headings = headingLevels(envelope.root);
      const drawn = draw(envelope.root);
      into.replaceChildren(drawn);
      if (language) into.lang = language;
      if (into === options.root && envelope.title && typeof document !== "undefined") document.title = envelope.title;
      stats.shown += 1;
      exposure(envelope.id, served);
      appear(envelope.root, envelope.id);
      if (options.onScreen) options.onScreen(envelope.id);
      return envelope;
    } catch (error) {
      if (error instanceof UndrawableNode) failed(error.reason, id, error.path);
      report(error);
      into.replaceChildren(errorView(error, () => show(id, params, into)));
      return undefined;
    }
  }

  /**
   * Sends an exposure the first time a screen served with arms is shown.
   * @param {string} screen
   * @param {{[experiment: string]: string}} served
   */
  function exposure(screen, served) {
    if (Object.keys(served).length === 0) return;
    const key = screen + "|" + JSON.stringify(served);
    if (exposed.has(key)) return;
    exposed.add(key);
    enqueue({ name: "exposure", params: {}, trigger: "appear", screen, experiments: { ...served } });
  }

  /**
   * Sends the `appear` events of `node` and of every node below it.
   * @param {ScreenNode} node
   * @param {string} screen
   */
  function appear(node, screen) {
    emitFrom(node, "appear", screen);
    for (const child of node.children || []) appear(child, screen);
  }

  /**
   * Queues the events `node` sends on `trigger`.
   * @param {ScreenNode} node
   * @param {string} trigger
   * @param {string} [screen]
   */
  function emitFrom(node, trigger, screen = current ? current.id : "") {
    for (const event of node.events || []) {
      if (event.trigger !== trigger) continue;
      /** @type {{[key: string]: unknown}} */
      const record = { name: event.name, params: event.params || {}, trigger, screen };
      if (node.id) record.node = node.id;
      enqueue(record);
    }
  }

  /** @param {{[key: string]: unknown}} record */
  function enqueue(record) {
    if (!eventsURL) return;
    const armsServed = record.experiments || (Object.keys(arms).length ? { ...arms } : undefined);
    /** @type {{[key: string]: unknown}} */
    const event = { ...record, time: new Date().toISOString() };
    if (armsServed) event.experiments = armsServed;
    queue.push(event);
    if (queue.length > maxQueued) {
      stats.dropped += queue.length - maxQueued;
      queue = queue.slice(queue.length - maxQueued);
    }
    if (queue.length >= batchSize) void flush();
    else if (timer === undefined) timer = setTimeout(() => void flush(), flushInterval);
  }

  /**
   * Sends the queued events in batches: one the server cannot take now again with backoff, one it
   * refuses dropped (told to `onError`).
   * @param {boolean} [leaving] The page is being hidden: send with `keepalive`.
   */
  async function flush(leaving = false) {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!eventsURL || queue.length === 0) return;
    if (sending && !leaving) {
      // A send is in progress: wait for it, then send what it left (unless it is backing off).
      await sending;
      if (queue.length > 0 && timer === undefined) await flush();
      return;
    }
    if (leaving) {
      while (queue.length > 0) {
        const body = JSON.stringify({ format: 1, contract: options.contract, events: queue.slice(0, batchSize) });
        queue = queue.slice(batchSize);
        doFetch(eventsURL, { method: "POST", headers: eventHeaders, body, keepalive: true }).catch(report);
      }
      return;
    }
    sending = send();
    try {
      await sending;
    } finally {
      sending = undefined;
    }
  }

  /** Sends the queue batch by batch until it is empty, refused, or a batch must wait to be retried. */
  async function send() {
    if (!eventsURL) return;
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      const body = JSON.stringify({ format: 1, contract: options.contract, events: batch });
      let response;
      try {
        response = await doFetch(eventsURL, {
          method: "POST", headers: eventHeaders, body, keepalive: body.length < 60000,
        });
      } catch (error) {
        response = undefined;
      }
      if (response && response.ok) {
        queue = queue.slice(batch.length);
        stats.sent += batch.length;
        attempts = 0;
        const answer = await response.json().catch(() => ({}));
        if (Array.isArray(answer.rejected) && answer.rejected.length > 0) {
          stats.refused += answer.rejected.length;
          report(new ScreenError("Events refused", JSON.stringify(answer.rejected)));
        }
        continue;
      }
      if (response && response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        // Refused as a whole: sending it again cannot help.
        queue = queue.slice(batch.length);
        stats.refused += batch.length;
        report(await responseError(response));
        continue;
      }
      attempts += 1;
      if (attempts >= (options.maxAttempts || 5)) {
        queue = queue.slice(batch.length);
        stats.dropped += batch.length;
        attempts = 0;
        report(new ScreenError("Events dropped", "the events endpoint could not be reached"));
        continue;
      }
      const delay = (options.retryDelay ?? 1000) * 2 ** (attempts - 1);
      timer = setTimeout(() => void flush(), delay);
      return;
    }
  }

  if (typeof document !== "undefined") {
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") void flush(true);
    });
    window.addEventListener("pagehide", () => void flush(true));
  }

  /** The heading element of each heading text style the screen shown uses (``headingLevels``). */
  let headings = new Map();

  /**
   * Draws `node` and its children; a node nothing draws (an unknown type, a standard one without a
   * required prop) makes the screen one that cannot be shown, never an empty control.
   * @param {ScreenNode} node
   * @param {string} [path] The node's JSON path.
   * @returns {HTMLElement}
   */
  function draw(node, path = "$.root") {
    const custom = options.components && options.components[node.type];
    if (!custom) {
      if (!STANDARD_TYPES.has(node.type)) {
        throw new UndrawableNode(
          `${path}.type: no component draws "${node.type}" (not standard, not in options.components)`, "unknown_component",
          `${path}.type`);
      }
      for (const key of REQUIRED_PROPS[node.type] || []) {
        const value = node.props ? node.props[key] : undefined;
        if (value === undefined || value === null) {
          throw new UndrawableNode(`${path}.${key}: the ${node.type} lacks its required "${key}"`, "missing_prop", `${path}.${key}`);
        }
      }
    }
    const children = (node.children || []).map((child, index) => draw(child, `${path}.children[${index}]`));
    /** @type {HTMLElement} */
    let element;
    if (custom) {
      element = custom(node.props, { children }, node);
    } else {
      element = drawStandard(node, children, path);
    }
    if (node.id) element.dataset.nodeId = node.id;
    return element;
  }

  /**
   * A standard component, or a plain box around the children of a type nothing here draws.
   * @param {ScreenNode} node
   * @param {HTMLElement[]} children
   * @param {string} path The node's JSON path.
   * @returns {HTMLElement}
   */
  function drawStandard(node, children, path) {
    const p = node.props;
    const align = /** @type {{[key: string]: string}} */ ({
      leading: "flex-start", center: "center", trailing: "flex-end", top: "flex-start", bottom: "flex-end",
    });
    switch (node.type) {
      case "column":
      case "lazyVStack": {
        const element = box("div", node.type, children);
        element.style.gap = px(p.spacing ?? 8);
        if (p.padding) element.style.padding = px(p.padding);
        if (p.alignment) element.style.alignItems = align[p.alignment] || "center";
        return element;
      }
      case "row": {
        const element = box("div", "row", children);
        element.style.gap = px(p.spacing ?? 8);
        element.style.alignItems = align[p.alignment || "center"] || "center";
        return element;
      }
      case "scrollView": {
        const element = box("div", "scrollView", children);
        element.dataset.axis = p.axis || "vertical";
        if (p.axis !== "horizontal") element.style.overflowY = "auto";
        return element;
      }
      case "text": {
        const style = p.style || "body";
        const tag = headings.get(style) || "p";
        const element = box(tag, "text", []);
        element.classList.add(`sk-text-${style}`);
        element.textContent = String(p.content ?? "");
        const color = cssColor(p.color);
        if (color) element.style.color = color;
        if (p.maxLines) {
          element.style.display = "-webkit-box";
          element.style.setProperty("-webkit-box-orient", "vertical");
          element.style.setProperty("-webkit-line-clamp", String(p.maxLines));
          element.style.overflow = "hidden";
        }
        return element;
      }
      case "image": {
        const element = /** @type {HTMLImageElement} */ (box("img", "image", []));
        element.src = String(p.url || "");
        element.alt = typeof p.accessibilityLabel === "string" ? p.accessibilityLabel : "";
        element.loading = "lazy";
        element.style.width = p.width ? px(p.width) : "100%";
        element.style.height = p.height ? px(p.height) : "120px";
        element.style.objectFit = p.contentMode === "fill" ? "cover" : "contain";
        element.style.borderRadius = px(p.cornerRadius || 0);
        const screen = current ? current.id : "";
        element.addEventListener("error", () => failed("image_failed", screen, `${path}.url`), { once: true });
        return element;
      }
      case "spacer": {
        const element = box("div", "spacer", []);
        element.setAttribute("aria-hidden", "true");
        if (p.height !== undefined) element.style.height = px(p.height);
        if (p.width !== undefined) element.style.width = px(p.width);
        if (p.height === undefined && p.width === undefined) element.style.flex = "1";
        return element;
      }
      case "divider": {
        const element = box("hr", "divider", []);
        element.style.borderTop = `${px(p.thickness ?? 1)} solid ${cssColor(p.color) || "#d1d5db"}`;
        return element;
      }
      case "button": {
        const element = /** @type {HTMLButtonElement} */ (box("button", "button", []));
        element.type = "button";
        element.classList.add(`sk-button-${p.style || "primary"}`);
        element.textContent = String(p.label ?? "");
        element.disabled = p.isEnabled === false;
        element.addEventListener("click", () => tap(node, p.action));
        return element;
      }
      case "textField": {
        const wrapper = box("div", "textField", []);
        const input = document.createElement("input");
        const keyboard = /** @type {{[key: string]: string}} */ ({ email: "email", number: "number", url: "url", phone: "tel" });
        input.type = p.isSecure ? "password" : keyboard[p.keyboardType] || "text";
        input.placeholder = String(p.placeholder ?? "");
        input.setAttribute("aria-label", String(p.placeholder ?? p.stateKey ?? ""));
        if (p.isSecure) input.autocomplete = "current-password";
        else if (p.keyboardType === "email") input.autocomplete = "email";
        const key = String(p.stateKey || "");
        input.dataset.stateKey = key;
        const value = state.get(key);
        input.value = value === undefined || value === null ? "" : String(value);
        input.addEventListener("input", () => state.set(key, input.value));
        wrapper.append(input);
        return wrapper;
      }
      case "card": {
        const element = box("div", "card", children);
        element.style.padding = px(p.padding ?? 16);
        element.style.borderRadius = px(p.cornerRadius ?? 12);
        if (p.action) {
          const interactive = element.querySelector("button, a, input, [role=button]");
          if (!interactive) {
            element.setAttribute("role", "button");
            element.tabIndex = 0;
            element.addEventListener("keydown", (event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                tap(node, p.action);
              }
            });
          }
          element.addEventListener("click", (event) => {
            if (event.target instanceof Element && event.target.closest("button") && event.target !== element) return;
            tap(node, p.action);
          });
        }
        return element;
      }
      default:
        throw new UndrawableNode(`no component draws "${node.type}"`, "unknown_component", path);
    }
  }

  /**
   * A tap on `node`: its tap events, then its action.
   * @param {ScreenNode} node
   * @param {ScreenAction | undefined} action
   */
  function tap(node, action) {
    emitFrom(node, "tap");
    if (action) void run(action).catch(report);
  }

  /**
   * Runs `action`: the app's own runner for its kind, else the standard one. A failed API call
   * stops a sequence and is shown.
   * @param {ScreenAction} action
   * @returns {Promise<void>}
   */
  async function run(action) {
    const f = action.fields || {};
    const own = options.actions && options.actions[action.kind];
    if (own) return own(f, action);
    switch (action.kind) {
      case "navigate":
        if (f.presentation === "sheet") return void (await sheet(String(f.destination), f.params || {}));
        navigate(String(f.destination), f.params || {}, f.presentation === "fullScreenCover");
        return;
      case "apiCall":
        return apiCall(f);
      case "updateState":
        state.set(String(f.key), f.value);
        for (const input of options.root.querySelectorAll("input[data-state-key]")) {
          const field = /** @type {HTMLInputElement} */ (input);
          if (field.dataset.stateKey === f.key) field.value = f.value === null ? "" : String(f.value);
        }
        return;
      case "showAlert":
        return alertDialog(String(f.title ?? ""), f.message === undefined ? "" : String(f.message));
      case "openURL":
        window.open(String(f.url), "_blank", "noopener");
        return;
      case "share":
        if (navigator.share) {
          await navigator.share({ url: String(f.url), text: f.message });
        } else {
          window.open(String(f.url), "_blank", "noopener");
        }
        return;
      case "sequence":
        for (const next of f.actions || []) await run(next);
        return;
      default:
        report(new Error(`no runner for action kind "${action.kind}"`));
        failed("unknown_action", current ? current.id : "", null);
    }
  }

  /**
   * `apiCall`: the state keys it names as a JSON body; a failure is shown, and thrown to stop a sequence.
   * @param {{[key: string]: any}} f
   */
  async function apiCall(f) {
    const method = String(f.method || "POST").toUpperCase();
    /** @type {{[key: string]: unknown}} */
    const body = {};
    for (const key of f.bodyFromState || []) body[key] = state.has(key) ? state.get(key) : null;
    const url = /^[a-z]+:/i.test(String(f.endpoint)) ? String(f.endpoint) : base + String(f.endpoint);
    /** @type {RequestInit} */
    const request = {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "ScreenKit-Contract": String(options.contract) },
    };
    if (method !== "GET" && method !== "HEAD") request.body = JSON.stringify(body);
    let response;
    try {
      response = await doFetch(url, request);
    } catch (error) {
      const failure = new ScreenError("The request failed", "The server cannot be reached; check the connection.");
      await alertDialog(failure.title, failure.detail);
      throw failure;
    }
    if (!response.ok) {
      const failure = await responseError(response);
      await alertDialog(failure.title, failure.detail);
      throw failure;
    }
  }

  /**
   * Shows `destination` in place, and in the URL's hash.
   * @param {string} destination
   * @param {{[key: string]: string}} params
   * @param {boolean} replace
   */
  function navigate(destination, params, replace) {
    if (options.routing !== "none" && typeof history !== "undefined") {
      const hash = "#/" + encodeURIComponent(destination) + (Object.keys(params).length ? "?" + new URLSearchParams(params) : "");
      if (replace) history.replaceState(null, "", hash);
      else history.pushState(null, "", hash);
    }
    void show(destination, params);
  }

  /**
   * A modal dialog, labelled by its heading, closed by its button or Escape.
   * @param {string} title
   * @param {(dialog: HTMLDialogElement, body: HTMLElement) => void} fill
   * @param {string} role
   */
  function dialog(title, fill, role) {
    const element = document.createElement("dialog");
    element.className = "sk sk-dialog";
    element.setAttribute("role", role);
    const heading = document.createElement("h2");
    heading.className = "sk-text sk-text-headline";
    heading.id = "sk-dialog-" + Math.random().toString(36).slice(2);
    heading.textContent = title;
    element.setAttribute("aria-labelledby", heading.id);
    const body = document.createElement("div");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "sk sk-button sk-button-primary";
    close.textContent = role === "alertdialog" ? "OK" : "Close";
    element.append(heading, body, close);
    document.body.append(element);
    fill(element, body);
    return new Promise((resolve) => {
      close.addEventListener("click", () => element.close());
      element.addEventListener("close", () => {
        element.remove();
        resolve(undefined);
      });
      element.showModal();
    });
  }

  /**
   * `showAlert`: resolves when dismissed.
   * @param {string} title
   * @param {string} message
   */
  function alertDialog(title, message) {
    return dialog(title, (_, body) => {
      const text = document.createElement("p");
      text.className = "sk sk-text sk-text-body";
      text.textContent = message;
      body.append(text);
    }, "alertdialog");
  }

  /**
   * `navigate` presented as a sheet: the screen in a modal dialog over this one.
   * @param {string} destination
   * @param {{[key: string]: string}} params
   */
  function sheet(destination, params) {
    const shown = current;
    return dialog(destination, (element, body) => {
      element.classList.add("sk-sheet");
      void show(destination, params, body).then((envelope) => {
        const heading = element.querySelector("h2");
        if (heading && envelope) heading.textContent = envelope.title || envelope.id;
      });
    }, "dialog").then(() => {
      current = shown;
    });
  }

  /** @type {string | undefined} The screen `start` showed without a hash: Back to it shows it again. */
  let startScreen;
  if (options.routing !== "none" && typeof window !== "undefined") {
    window.addEventListener("popstate", () => {
      const route = routeFromHash();
      if (route) void show(route.id, route.params);
      else if (startScreen !== undefined) void show(startScreen, {});
    });
  }

  return {
    /**
     * Shows the screen the URL's hash names, else `initial`.
     * @param {string} initial
     */
    start(initial) {
      const route = options.routing === "none" ? undefined : routeFromHash();
      startScreen = initial;
      return show(route ? route.id : initial, route ? route.params : {});
    },
    /**
     * Shows screen `id` with `params`, as a `navigate` action does.
     * @param {string} id
     * @param {{[key: string]: string}} [params]
     */
    navigate(id, params = {}) {
      navigate(id, params, false);
    },
    show,
    run,
    /**
     * Queues the events node `id` of the screen shown sends on `trigger` (a custom component's own).
     * @param {string} id
     * @param {string} trigger
     */
    emit(id, trigger) {
      const node = current && find(current.root, id);
      if (node) emitFrom(node, trigger);
    },
    /** Sends the queued events now. */
    flush: () => flush(),
    /** The screen's state, by key. */
    state,
    /** The arms served so far in this page, by experiment. */
    arms,
    /** Counts: events sent, dropped and refused, screens shown, screens revalidated (304). */
    stats,
    /** The events waiting to be sent. */
    get queued() {
      return queue.length;
    },
  };
}

/**
 * The arms a `ScreenKit-Experiments` header names: `promo-order=control, cart-reminder=off`.
 * @param {string | null} header
 * @returns {{[experiment: string]: string}}
 */
export function parseExperiments(header) {
  /** @type {{[experiment: string]: string}} */
  const arms = {};
  for (const pair of (header || "").split(",")) {
    const [name, arm] = pair.trim().split("=");
    if (name && arm) arms[name] = arm;
  }
  return arms;
}

/** The text styles that are headings, most prominent first. */
const headingStyles = ["display", "largeTitle", "title", "headline"];

/**
 * The heading element of each heading style `root` uses: the most prominent one present is `h1`,
 * the next `h2`, and so on, so a screen's headings start at 1 and skip no level.
 * @param {ScreenNode} root
 * @returns {Map<string, string>}
 */
function headingLevels(root) {
  /** @type {Set<string>} */
  const used = new Set();
  /** @param {ScreenNode} node */
  const visit = (node) => {
    if (node.type === "text") used.add(node.props.style || "body");
    for (const child of node.children || []) visit(child);
  };
  visit(root);
  const levels = new Map();
  for (const style of headingStyles) if (used.has(style)) levels.set(style, `h${levels.size + 1}`);
  return levels;
}

/** The screen and params the URL's hash names (`#/product?sku=kettle`), if any. */
function routeFromHash() {
  if (typeof location === "undefined" || !location.hash.startsWith("#/")) return undefined;
  const [path, query] = location.hash.slice(2).split("?");
  if (!path) return undefined;
  return { id: decodeURIComponent(path), params: Object.fromEntries(new URLSearchParams(query || "")) };
}

/**
 * The node `id` below `node`, if any.
 * @param {ScreenNode} node
 * @param {string} id
 * @returns {ScreenNode | undefined}
 */
function find(node, id) {
  if (node.id === id) return node;
  for (const child of node.children || []) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * An element `tag` of the standard component `type`, holding `children`.
 * @param {string} tag
 * @param {string} type
 * @param {HTMLElement[]} children
 */
function box(tag, type, children) {
  const element = document.createElement(tag);
  element.className = `sk sk-${type}`;
  element.append(...children);
  return element;
}

/** @param {unknown} value */
function px(value) {
  return `${Number(value)}px`;
}

/**
 * Adds the stylesheet once, with each token's light literal and its dark one in dark mode.
 * @param {{[token: string]: {light: string, dark: string}} | undefined} tokens
 */
function installStyles(tokens) {
  if (typeof document === "undefined" || document.getElementById("screenkit-web-style")) return;
  const style = document.createElement("style");
  style.id = "screenkit-web-style";
  let text = styleSheet;
  if (tokens) {
    const light = [];
    const dark = [];
    for (const [name, value] of Object.entries(tokens)) {
      light.push(`${tokenVariable(name)}:${cssColor(value.light) || "inherit"}`);
      dark.push(`${tokenVariable(name)}:${cssColor(value.dark) || "inherit"}`);
    }
    text += `:root{${light.join(";")}}\n@media (prefers-color-scheme: dark){:root{${dark.join(";")}}}\n`;
  }
  style.textContent = text;
  document.head.append(style);
}

/** The standard component types the runtime draws itself. */
const STANDARD_TYPES = new Set([
  "column", "lazyVStack", "row", "scrollView", "text", "image", "spacer", "divider", "button", "textField", "card",
]);

/** The props a standard component cannot be drawn without. */
const REQUIRED_PROPS = /** @type {{[type: string]: string[]}} */ ({
  text: ["content"], image: ["url"], button: ["label", "action"], textField: ["placeholder", "stateKey"],
});

/** A node the runtime cannot draw; its message (with the JSON path) goes to `onError`. */
export class UndrawableNode extends Error {
  /** @param {string} message @param {string} reason @param {string} path */
  constructor(message, reason, path) {
    super(message);
    this.reason = reason;
    this.path = path;
  }
}

/**
 * What a page shows when a screen cannot be: the problem's title and detail (a server's problem
 * document), or words for a person when the payload itself cannot be read or drawn — the JSON path
 * of what failed goes to `onError`, never onto the screen — and a retry button.
 * @param {unknown} error
 * @param {() => void} retry
 */
function errorView(error, retry) {
  const view = document.createElement("div");
  view.className = "sk sk-error";
  view.setAttribute("role", "alert");
  const heading = document.createElement("h1");
  const detail = document.createElement("p");
  if (error instanceof ScreenError) {
    heading.textContent = error.title;
    detail.textContent = error.detail;
  } else {
    heading.textContent = "This screen cannot be shown";
    detail.textContent = "It needs a newer version of this app, or the server sent something it cannot read. "
      + "Try again later.";
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sk sk-button sk-button-primary";
  button.textContent = "Try again";
  button.addEventListener("click", retry);
  view.append(heading, detail, button);
  return view;
}
