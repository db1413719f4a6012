// Headless Chromium for the browser tests: Debian's `chromium` (or $CHROMIUM) driven by
// playwright-core, and a static file server on 127.0.0.1 (a free port). Callers close both,
// also on failure.
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".cjs": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

/** Launches headless Chromium: $CHROMIUM, else Debian's. */
export function launchChromium() {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const executablePath = candidates.find((path) => existsSync(path));
  if (!executablePath)
    throw new Error(`no Chromium found (tried ${candidates.join(", ")}): apt-get install -y chromium`);
  return chromium.launch({ executablePath, args: ["--no-sandbox"], headless: true });
}

/** Serves the files under `root` on 127.0.0.1: `{ origin, close() }`. */
export async function serveStatic(root) {
  const server = createServer(async (request, response) => {
    try {
      const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
      if (path.includes("..")) throw new Error("outside");
      const file = join(root, path.endsWith("/") ? path + "index.html" : path);
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
