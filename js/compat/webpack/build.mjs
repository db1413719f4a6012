// Two production bundles of the shared program (shared/app.js): one for Node (out/node.cjs,
// run by `npm test`) and one for browsers (out/bundle.js, loaded by index.html). A warning
// fails the build as an error does (the size hints are off: the engine is large).
import webpack from "webpack";
import { fileURLToPath } from "node:url";

const out = fileURLToPath(new URL("out", import.meta.url));
const common = { mode: "production", performance: { hints: false } };
const configs = [
  { ...common, target: "node", entry: "./src/node.js", output: { path: out, filename: "node.cjs" } },
  { ...common, target: "web", entry: "./src/web.js", output: { path: out, filename: "bundle.js" } },
];

const stats = await new Promise((resolve, reject) =>
  webpack(configs, (error, result) => (error ? reject(error) : resolve(result))),
);
console.log(stats.toString({ colors: false, modules: false, assets: true }));
if (stats.hasErrors() || stats.hasWarnings()) process.exit(1);
