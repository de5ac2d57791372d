// A reader of the Fluent (https://projectfluent.org) catalogs the page is translated
// with, and a formatter of their messages. It reads the subset of Fluent syntax the
// catalogs in /assets/locales/ use, and formats it as @fluent/bundle does with
// `useIsolating: false` (a test compares the two on every message of every catalog):
//
//   # a comment (also ## and ###)
//   message-id = Text with { $variable }, { other-message } and { -term } in it
//       .attribute = An attribute's text (title, placeholder, aria-label)
//   -term = A term, used only inside other messages
//   counted = { $n ->
//       [one] one move
//       [0] no move
//      *[other] { $n } moves
//   }
//
// A value or variant goes on one line; a select expression chooses on a variable by
// its exact number, else its plural category in the language (Intl.PluralRules), else
// the default variant (`*`). Numbers are written as the language writes them
// (Intl.NumberFormat). A message the catalog lacks is null: the caller falls back.

// Splits the catalog into entries: a line at column 0 opens one, indented lines
// continue it; comments and blank lines end nothing.
function entries(text) {
  const found = [];
  let current = null;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^#/.test(raw)) { current = null; continue; }
    if (raw.trim() === "") continue;
    // Indented lines continue the entry; so does the brace that closes a select.
    if (/^\s/.test(raw) || /^\}/.test(raw)) {
      if (current) current.lines.push(raw.trim());
      continue;
    }
    const head = /^(-?[a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(raw);
    if (!head) throw new SyntaxError(`unreadable catalog line: ${raw}`);
    current = { id: head[1], lines: [head[2].trim()] };
    found.push(current);
  }
  return found;
}

// A pattern's text and placeables as parts: strings, {variable}, {message}, {term},
// {selector, variants}.
function parsePattern(source) {
  const parts = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf("{", at);
    if (open < 0) { parts.push(source.slice(at)); break; }
    if (open > at) parts.push(source.slice(at, open));
    const close = matching(source, open);
    parts.push(parsePlaceable(source.slice(open + 1, close).trim()));
    at = close + 1;
  }
  return parts;
}

// The index of the brace that closes the one at `open`.
function matching(source, open) {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "{") depth++;
    else if (source[i] === "}" && --depth === 0) return i;
  }
  throw new SyntaxError(`unclosed placeable: ${source}`);
}

function parsePlaceable(inner) {
  const select = /^\$([\w-]+)\s*->\s*([\s\S]*)$/.exec(inner);
  if (select) {
    const variants = [];
    for (const line of select[2].split("\n").map((l) => l.trim()).filter(Boolean)) {
      const variant = /^(\*?)\[([^\]]+)\]\s?(.*)$/.exec(line);
      if (!variant) throw new SyntaxError(`unreadable variant: ${line}`);
      variants.push({ key: variant[2].trim(), isDefault: variant[1] === "*", pattern: parsePattern(variant[3]) });
    }
    if (variants.filter((v) => v.isDefault).length !== 1) throw new SyntaxError(`a select needs one default: ${inner}`);
    return { selector: select[1], variants };
  }
  const variable = /^\$([\w-]+)$/.exec(inner);
  if (variable) return { variable: variable[1] };
  const literal = /^"((?:[^"\\]|\\.)*)"$/.exec(inner);
  if (literal) return literal[1].replace(/\\(.)/g, "$1");
  const reference = /^(-?)([a-zA-Z][\w-]*)$/.exec(inner);
  if (reference) return reference[1] ? { term: reference[2] } : { message: reference[2] };
  throw new SyntaxError(`unsupported placeable: {${inner}}`);
}

// An entry's lines as its value and attributes. A select's variants sit on lines of
// their own, so the entry's lines are joined again before the value is read.
function parseEntry(entry) {
  const value = [];
  const attributes = {};
  let target = value;
  for (const line of entry.lines) {
    const attribute = /^\.([\w-]+)\s*=\s?(.*)$/.exec(line);
    if (attribute) {
      target = [attribute[2]];
      attributes[attribute[1]] = target;
    } else {
      target.push(line);
    }
  }
  const read = (lines) => {
    const text = lines.join("\n").trim();
    return text === "" ? null : parsePattern(text);
  };
  return { value: read(value), attributes: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, read(v)])) };
}

// The messages and terms of one language's catalog.
export class Catalog {
  constructor(locale, text) {
    this.locale = locale;
    this.messages = new Map();
    this.terms = new Map();
    for (const entry of entries(text)) {
      const parsed = parseEntry(entry);
      if (entry.id.startsWith("-")) this.terms.set(entry.id.slice(1), parsed);
      else this.messages.set(entry.id, parsed);
    }
    this.plurals = new Intl.PluralRules(locale);
    this.numbers = new Intl.NumberFormat(locale);
  }

  has(id) {
    return this.messages.has(id);
  }

  // The message `id` (or its attribute) with `args`, or null if the catalog lacks it.
  format(id, args = {}, attribute = null) {
    const message = this.messages.get(id);
    if (!message) return null;
    const pattern = attribute ? message.attributes[attribute] : message.value;
    return pattern ? this.write(pattern, args, 0) : null;
  }

  // The message's attributes, formatted.
  attributes(id, args = {}) {
    const message = this.messages.get(id);
    if (!message) return {};
    return Object.fromEntries(Object.entries(message.attributes).map(([name, pattern]) => [name, this.write(pattern, args, 0)]));
  }

  write(pattern, args, depth) {
    if (depth > 10) throw new RangeError("messages refer to each other in a loop");
    return pattern.map((part) => this.part(part, args, depth)).join("");
  }

  part(part, args, depth) {
    if (typeof part === "string") return part;
    if (part.variable) return this.argument(args[part.variable], part.variable);
    if (part.message) {
      const message = this.messages.get(part.message);
      return message && message.value ? this.write(message.value, args, depth + 1) : `{${part.message}}`;
    }
    if (part.term) {
      const term = this.terms.get(part.term);
      return term && term.value ? this.write(term.value, {}, depth + 1) : `{-${part.term}}`;
    }
    const value = args[part.selector];
    const key = typeof value === "number" ? this.plurals.select(value) : String(value);
    const chosen = part.variants.find((v) => typeof value === "number" && Number(v.key) === value)
      || part.variants.find((v) => v.key === key)
      || part.variants.find((v) => v.isDefault);
    return this.write(chosen.pattern, args, depth + 1);
  }

  argument(value, name) {
    if (value === undefined || value === null) return `{$${name}}`;
    return typeof value === "number" ? this.numbers.format(value) : String(value);
  }
}
