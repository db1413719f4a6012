// Builds the package from the Rust sources: the wasm crate for wasm32-unknown-unknown, then
// wasm-bindgen's ES module glue into wasm/. Needs the wasm32 target and wasm-bindgen-cli at
// the version of the wasm-bindgen crate in Cargo.lock (scripts/test-js.sh installs both).
import { execFileSync } from "node:child_process";
import { readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);

const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
const pinned = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)?.[1];
const installed = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim().split(" ")[1];
if (pinned !== installed) {
  console.error(
    `wasm-bindgen-cli ${installed} does not match the wasm-bindgen crate ${pinned} in Cargo.lock:\n` +
      `  cargo install wasm-bindgen-cli --version ${pinned}`,
  );
  process.exit(1);
}

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });
run("cargo", ["build", "--target", "wasm32-unknown-unknown", "--release", "-p", "bitmove-wasm"]);
mkdirSync(join(js, "wasm"), { recursive: true });
run("wasm-bindgen", [
  "--target",
  "web",
  "--weak-refs",
  "--experimental-reset-state-function",
  "--out-dir",
  join(js, "wasm"),
  "--out-name",
  "bitmove_wasm",
  join(root, "target", "wasm32-unknown-unknown", "release", "bitmove_wasm.wasm"),
]);
