// The page's language: chosen from `?lang=`, else the one chosen before with the
// header's switch (kept by this browser), else the first of the browser's languages
// (`navigator.languages`) the server has a catalog for, else English. Its catalog (a
// Fluent file in /assets/locales/, read by fluent.js) gives every word the page shows;
// a message a catalog lacks falls back to the English catalog's.
//
// The languages are the catalogs the server carries (`/assets/locales.json`, made
// from the files of web/locales/ when the server is built): adding a language is
// adding its file. See docs/languages.md.
import { Catalog } from "/assets/fluent.js";

const KEY = "arbiter:lang";
const FALLBACK = "en";

export const language = { tag: FALLBACK, catalog: null, english: null, available: [] };

// Chinese is asked for by script as often as by region: these take the catalog of the
// region that writes the same script.
const SCRIPTS = { "zh-hant": "zh-TW", "zh-hk": "zh-TW", "zh-mo": "zh-TW", "zh-hans": "zh-CN", "zh-sg": "zh-CN", "zh": "zh-CN" };

// The catalog's tag for a language a person or browser asks for, or null: the same
// tag, its script's region, or the same language in another region.
export function match(asked, tags) {
  if (!asked) return null;
  const lower = asked.toLowerCase();
  const exact = tags.find((t) => t.toLowerCase() === lower);
  if (exact) return exact;
  for (const [prefix, tag] of Object.entries(SCRIPTS)) {
    if ((lower === prefix || lower.startsWith(`${prefix}-`)) && tags.includes(tag)) return tag;
  }
  const primary = lower.split("-")[0];
  return tags.find((t) => t.toLowerCase().split("-")[0] === primary) || null;
}

// Keeps a language chosen: in this browser's storage, and in a cookie that the pages
// the server writes itself (the runs pages) read.
function keep(tag) {
  localStorage.setItem(KEY, tag);
  document.cookie = `arbiter_lang=${encodeURIComponent(tag)}; path=/; max-age=31536000; SameSite=Lax`;
}

function chosen(tags) {
  const fromAddress = new URLSearchParams(location.search).get("lang");
  const address = match(fromAddress, tags);
  if (address) {
    keep(address);
    return address;
  }
  const kept = match(localStorage.getItem(KEY), tags);
  if (kept) return kept;
  for (const asked of navigator.languages || [navigator.language]) {
    const found = match(asked, tags);
    if (found) return found;
  }
  return FALLBACK;
}

async function catalog(tag) {
  const response = await fetch(`/assets/locales/${tag}.ftl`);
  if (!response.ok) throw new Error(`no catalog for ${tag}`);
  return new Catalog(tag, await response.text());
}

// Loads the language's catalog (and English's, to fall back on), sets `<html lang>`
// and translates the page's fixed words.
export async function loadLanguage() {
  try {
    language.available = await (await fetch("/assets/locales.json")).json();
  } catch (_) {
    language.available = [{ tag: FALLBACK, name: "English" }];
  }
  const tags = language.available.map((l) => l.tag);
  language.tag = chosen(tags);
  language.english = await catalog(FALLBACK);
  language.catalog = language.tag === FALLBACK ? language.english : await catalog(language.tag).catch(() => language.english);
  if (language.catalog === language.english) language.tag = FALLBACK;
  document.documentElement.lang = language.tag;
  localize(document);
  showSwitch();
}

// The message `id` in the page's language, with `args`; English if the catalog lacks
// it; `fallback` (or the id) if English lacks it too.
export function t(id, args = {}, fallback = null) {
  for (const c of [language.catalog, language.english]) {
    const text = c && c.format(id, args);
    if (text !== null && text !== undefined) return text;
  }
  return fallback === null ? id : fallback;
}

// Whether the page's language has a message of its own for `id` (not English's).
export function has(id) {
  return Boolean(language.catalog && language.catalog.has(id));
}

// Whether the page is in Chinese (the move list then shows Chinese notation first).
export function chinese() {
  return language.tag.toLowerCase().startsWith("zh");
}

// The words of the elements under `root` that name a message (`data-l10n-id`): its
// value as their text (the first text of an element that holds controls too), and
// its attributes (`.title`, `.placeholder`, `.aria-label`) as theirs.
export function localize(root) {
  for (const element of root.querySelectorAll("[data-l10n-id]")) {
    const id = element.dataset.l10nId;
    const catalogs = [language.catalog, language.english].filter(Boolean);
    const owner = catalogs.find((c) => c.has(id));
    if (!owner) continue;
    const value = owner.format(id);
    if (value !== null) {
      const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (element.children.length === 0) element.textContent = value;
      else if (text) text.textContent = `${value} `;
      else element.prepend(`${value} `);
    }
    for (const [name, text] of Object.entries(owner.attributes(id))) element.setAttribute(name, text);
  }
}

// The header's switch: each language by its own name; a choice is kept and the page
// reloaded in it.
function showSwitch() {
  const select = document.getElementById("language");
  if (!select) return;
  select.replaceChildren(...language.available.map((l) =>
    Object.assign(document.createElement("option"), { value: l.tag, textContent: l.name, lang: l.tag })));
  select.value = language.tag;
  select.hidden = language.available.length < 2;
  select.addEventListener("change", () => {
    keep(select.value);
    const address = new URL(location.href);
    if (address.searchParams.has("lang")) {
      address.searchParams.delete("lang");
      location.replace(address.toString());
    } else {
      location.reload();
    }
  });
}
