// Writes out/index.html: the shared program as <script type="module">, with an import map
// that points `chess.js` at the file the installed package gives `import` (its exports, else
// its `module` field), as a page without a bundler would.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync("node_modules/chess.js/package.json", "utf8"));
const conditions = pkg.exports?.["."]?.import ?? pkg.exports?.["."];
const entry = conditions?.browser ?? conditions?.default ?? conditions ?? pkg.module ?? pkg.main;
if (typeof entry !== "string") throw new Error(`no ES module entry in ${JSON.stringify(pkg.exports)}`);
const importMap = { imports: { "chess.js": new URL(entry, "http://x/node_modules/chess.js/").pathname } };
mkdirSync("out", { recursive: true });
writeFileSync(
  "out/index.html",
  `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <title>import map</title>
    <script type="importmap">${JSON.stringify(importMap)}</script>
    <script type="module" src="../shared/page.js"></script>
  </head>
  <body></body>
</html>
`,
);
console.log(`out/index.html: chess.js is ${importMap.imports["chess.js"]}`);
