// Every `js` example of docs/javascript.md runs: the blocks in order, as one module, in
// Node, from the clone's root, with the package imported by its name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const entry = new URL("../index.js", import.meta.url).href;

// The examples that load the package with `require`, for CommonJS projects: each its
// own `.cjs` file, the package required by its path.
const cjsEntry = fileURLToPath(new URL("../index.cjs", import.meta.url));
const requires = (block) => block.includes('require("arbiter-referee")');

test("every example of docs/javascript.md runs", () => {
  const page = readFileSync(join(root, "docs/javascript.md"), "utf8");
  const blocks = [...page.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]).filter((b) => !requires(b));
  assert.ok(blocks.length >= 7, `only ${blocks.length} examples found`);
  const code = blocks.join("\n").replaceAll('from "arbiter-referee"', `from ${JSON.stringify(entry)}`);
  const dir = mkdtempSync(join(tmpdir(), "arbiter-docs-"));
  try {
    writeFileSync(join(dir, "examples.mjs"), code);
    const printed = execFileSync(process.execPath, [join(dir, "examples.mjs")], { cwd: root, encoding: "utf8" });
    assert.match(printed, /black wins by perpetual chase \(AXF rule 18\): red's chariot chased the cannon on b7/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every CommonJS example of docs/javascript.md runs", () => {
  const page = readFileSync(join(root, "docs/javascript.md"), "utf8");
  const blocks = [...page.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]).filter(requires);
  assert.ok(blocks.length >= 1, "no CommonJS example found");
  const dir = mkdtempSync(join(tmpdir(), "arbiter-docs-"));
  try {
    for (const [i, block] of blocks.entries()) {
      const code = block.replaceAll('require("arbiter-referee")', `require(${JSON.stringify(cjsEntry)})`);
      writeFileSync(join(dir, `example${i}.cjs`), code);
      const printed = execFileSync(process.execPath, [join(dir, `example${i}.cjs`)], { cwd: root, encoding: "utf8" });
      assert.ok(printed.length > 0, `example ${i} printed nothing`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
