// The compat projects (js/compat/*: projects written for chess.js) run on the packed package:
// `npm pack`, then in each project `npm ci` from its lockfile, the tarball installed under
// the name chess.js (not saved: the lockfiles pin only the projects' own tools), `npm test`.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const compat = join(js, "compat");
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: "inherit" });
const [{ filename }] = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", compat], { cwd: js, encoding: "utf8" }),
);
try {
  for (const name of readdirSync(compat, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const dir = join(compat, name.name);
    console.log(`== js/compat/${name.name}`);
    run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
    run("npm", ["install", "--no-save", "--no-audit", "--no-fund", `chess.js@file:../${filename}`], dir);
    run("npm", ["test"], dir);
  }
} finally {
  rmSync(join(compat, filename), { force: true });
}
