// The compat projects (js/compat/*: projects written for chess.js) run twice, once on chess.js
// itself (the version of js/package.json's devDependency: the oracle) and once on the packed
// bitmove tarball, each installed under the name chess.js:
//
//   1. `npm pack`; each project copied into a temporary folder (so that no chess.js above it,
//      such as js/node_modules/chess.js, can be resolved instead) with js/compat/shared/ as
//      its shared/, and `npm ci` from its lockfile;
//   2. for each of the two: `npm install --no-save` it as chess.js (the lockfiles pin only the
//      projects' own tools), `npm test` (which must pass on both), then the reports collected:
//      each out/*.json the test wrote, and each page of the project's `compat.pages` loaded
//      in headless Chromium from a server on 127.0.0.1 (its `window.compatReport`);
//   3. the reports on bitmove must equal chess.js's.
//
//   node scripts/compat.mjs [project ...]      # all of js/compat/ by default
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { launchChromium, serveStatic } from "../browser-test/chromium.mjs";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const compat = join(js, "compat");
const version = JSON.parse(readFileSync(join(js, "package.json"), "utf8")).devDependencies["chess.js"];
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: "inherit" });
const projects =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(compat).filter(
        (name) => name !== "shared" && existsSync(join(compat, name, "package.json")),
      );

// The first path at which two reports differ, with both values there.
function difference(a, b, path = "") {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = difference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path || "(the report)"}: chess.js ${JSON.stringify(a)?.slice(0, 400)}, bitmove ${JSON.stringify(b)?.slice(0, 400)}`;
}

let browser;
async function loadPage(dir, page) {
  browser ??= await launchChromium();
  const server = await serveStatic(dir);
  const tab = await browser.newPage();
  try {
    const errors = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    await tab.goto(`${server.origin}/${page}`);
    await tab.waitForFunction(() => "compatReport" in window || "compatError" in window, null, {
      timeout: 60_000,
    });
    const { report, error } = await tab.evaluate(() => ({
      report: window.compatReport,
      error: window.compatError,
    }));
    if (error || errors.length) throw new Error(`${page}: ${error ?? errors.join("; ")}`);
    return report;
  } finally {
    await tab.close();
    await server.close();
  }
}

async function reports(dir) {
  const found = {};
  const out = join(dir, "out");
  for (const name of existsSync(out) ? readdirSync(out).filter((n) => n.endsWith(".json")) : []) {
    found[`out/${name}`] = JSON.parse(readFileSync(join(out, name), "utf8"));
  }
  const { compat: settings = {} } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  for (const page of settings.pages ?? []) found[page] = await loadPage(dir, page);
  return found;
}

const work = mkdtempSync(join(tmpdir(), "bitmove-compat-"));
const failed = [];
try {
  const [{ filename }] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: js, encoding: "utf8" }),
  );
  const flavours = [
    { label: `chess.js ${version}`, spec: `chess.js@${version}`, name: "chess.js" },
    { label: "bitmove", spec: `chess.js@file:${join(work, filename)}`, name: "bitmove" },
  ];
  for (const project of projects) {
    const started = Date.now();
    const dir = join(work, project);
    cpSync(join(compat, project), dir, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|out)$/.test(source),
    });
    cpSync(join(compat, "shared"), join(dir, "shared"), { recursive: true });
    try {
      console.log(`== js/compat/${project}: npm ci`);
      run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
      const seen = [];
      for (const flavour of flavours) {
        console.log(`== js/compat/${project} on ${flavour.label}`);
        rmSync(join(dir, "out"), { recursive: true, force: true });
        run(
          "npm",
          ["install", "--no-save", "--no-audit", "--no-fund", "--prefer-offline", flavour.spec],
          dir,
        );
        const installed = JSON.parse(
          readFileSync(join(dir, "node_modules", "chess.js", "package.json"), "utf8"),
        );
        if (installed.name !== flavour.name)
          throw new Error(`chess.js is ${installed.name}, not ${flavour.name}`);
        run("npm", ["test"], dir);
        seen.push(await reports(dir));
      }
      const [oracle, ours] = seen;
      const diff = difference(oracle, ours);
      if (diff) throw new Error(`the reports differ at ${diff}`);
      const names = Object.keys(ours);
      console.log(
        `ok js/compat/${project}: npm test passed on both; ${names.length ? `reports equal (${names.join(", ")})` : "no reports"}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      console.log(`not ok js/compat/${project}: ${error.message}`);
      failed.push(project);
    }
  }
} finally {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${projects.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) process.exit(1);
