// The smallest web client of a ScreenKit package: the runtime and the contract's generated module,
// nothing of the app's own. WebRuntimeBrowserTests compiles it with tsc --strict; the "Rendering on
// the client" article shows it.
// snippet: minimal-web-app
import { createScreenKit } from "./screenkit-web.mjs";
import { contractVersion, decode } from "./ScreenModel.js";

const root = document.querySelector("main");
if (root) {
  const screenkit = createScreenKit({ baseURL: "https://screens.example.com", contract: contractVersion, root, decode });
  void screenkit.start("home");
}
// snippet: end
