// The shared program on a page: its report as `window.compatReport` (or the failure as
// `window.compatError`), which scripts/compat.mjs reads in headless Chromium.
import { report } from "./app.js";

try {
  window.compatReport = report();
} catch (error) {
  window.compatError = String(error?.stack ?? error);
}
