// The page's reader of its Fluent catalogs (crates/arbiter-server/web/fluent.js)
// against Project Fluent's own implementation (@fluent/bundle): every message and
// attribute of every catalog, with the counts that pick each plural form, must come out
// the same (the page writes no isolation marks, so neither does the bundle here).
// Run with `npm test` in this folder after `npm ci`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";

const web = join(dirname(fileURLToPath(import.meta.url)), "../../../arbiter-server/web");
// The page's module, loaded as the browser loads it: an ES module with no package.
const source = readFileSync(join(web, "fluent.js"), "utf8");
const { Catalog } = await import(`data:text/javascript,${encodeURIComponent(source)}`);

const locales = readdirSync(join(web, "locales")).filter((f) => f.endsWith(".ftl"));

test("there are catalogs to compare", () => {
  assert.ok(locales.includes("en.ftl") && locales.includes("zh-CN.ftl") && locales.includes("zh-TW.ftl"), locales.join(" "));
});

for (const file of locales) {
  const tag = file.replace(/\.ftl$/, "");
  const text = readFileSync(join(web, "locales", file), "utf8");

  test(`${file}: the page's reader formats every message as @fluent/bundle does`, () => {
    const bundle = new FluentBundle(tag, { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(text));
    assert.deepEqual(errors, [], `${file} has errors for @fluent/bundle`);
    const catalog = new Catalog(tag, text);
    const names = new Set([...text.matchAll(/\$([a-zA-Z][\w-]*)/g)].map((m) => m[1]));
    let compared = 0;
    for (const n of [0, 1, 2, 5, 21, 1500]) {
      const args = Object.fromEntries([...names].map((name) => [name, name === "n" ? n : `«${name}»`]));
      for (const id of catalog.messages.keys()) {
        const message = bundle.getMessage(id);
        assert.ok(message, `${file}: @fluent/bundle lacks ${id}`);
        if (message.value) {
          assert.equal(catalog.format(id, args), bundle.formatPattern(message.value, args), `${file}: ${id} with n=${n}`);
          compared++;
        }
        for (const [name, pattern] of Object.entries(message.attributes)) {
          assert.equal(catalog.format(id, args, name), bundle.formatPattern(pattern, args), `${file}: ${id}.${name}`);
          compared++;
        }
      }
    }
    // Every message of the file was read by both.
    const theirs = [...text.matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].length;
    assert.equal(catalog.messages.size, theirs, `${file}: messages read`);
    assert.ok(compared > 200, `${file}: only ${compared} compared`);
  });
}

test("the English catalog has every message another catalog has, so that each falls back on it", () => {
  const english = new Catalog("en", readFileSync(join(web, "locales", "en.ftl"), "utf8"));
  for (const file of locales) {
    const catalog = new Catalog(file.replace(/\.ftl$/, ""), readFileSync(join(web, "locales", file), "utf8"));
    // Refusals and options are in the server's own words in English: only other languages word them.
    const missing = [...catalog.messages.keys()].filter((id) => !english.has(id) && !id.startsWith("error-") && !id.startsWith("option-")
      && !["notation-default", "files-xiangqi-first", "files-xiangqi-second"].includes(id));
    assert.deepEqual(missing, [], `${file} has messages English lacks`);
  }
});
