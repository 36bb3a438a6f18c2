// The example app's web client, as a team writes it: the ScreenKit web runtime, the contract's
// generated TypeScript module (its decoder, its renderer interface, its colour tokens) and one
// component of the app's own. WebRuntimeBrowserTests compiles it with tsc --strict and drives it
// in Chromium; the "Rendering on the client" article shows it.
// snippet: web-app
import { createScreenKit } from "./screenkit-web.mjs";
import { colorTokens, decode, type Renderer } from "./ScreenModel.js";

// The app's own component, typed by the contract's renderer interface: tsc refuses a prop the
// contract version lacks.
const components: Partial<Renderer<HTMLElement>> = {
  productCard: (props, _rendered, node) => {
    const card = document.createElement("button");
    card.type = "button";
    card.className = "sk sk-card product-card";
    const title = document.createElement("span");
    title.className = "sk sk-text sk-text-headline";
    title.textContent = props.title;
    const price = document.createElement("span");
    price.className = "sk sk-text sk-text-subheadline";
    price.textContent = props.price;
    card.append(title, price);
    if (props.badge) card.append(Object.assign(document.createElement("span"), { textContent: props.badge }));
    card.addEventListener("click", () => {
      screenkit.emit(node.id, "tap");
      void screenkit.run(props.action);
    });
    return card;
  },
};

const query = new URLSearchParams(location.search);
const root = document.getElementById("screen");
if (!root) throw new Error("the page has no #screen");
const screenkit = createScreenKit({
  baseURL: location.origin,
  contract: 4,
  root,
  decode,
  components,
  tokens: colorTokens,
  unit: { value: query.get("user") ?? "guest", query: "user" },
  flushInterval: 1000,
  onError: (error) => console.warn("screenkit:", error.message),
});
void screenkit.start("home");
// snippet: end
(window as unknown as { screenkit: typeof screenkit }).screenkit = screenkit;
