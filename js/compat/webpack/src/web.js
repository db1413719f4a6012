import { report } from "../shared/app.js";

try {
  window.compatReport = report();
} catch (error) {
  window.compatError = String(error?.stack ?? error);
}
