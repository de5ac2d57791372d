// Accounts in the page: who is signed in (the session is an HttpOnly cookie, which no
// script reads: the server says who it is), signing up, in and out, and the header's
// link to the player's own page.
import { $, api } from "/assets/common.js";
import { t } from "/assets/i18n.js";

let current = null;

// The signed-in account ({name, created_at, ratings}), or null; asked once a page.
export function me() {
  if (!current) {
    current = fetch("/api/me", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  }
  return current;
}

export function playerLink(name) {
  return Object.assign(document.createElement("a"), { href: `/players/${encodeURIComponent(name)}`, textContent: name, className: "player-link" });
}

// The header: the signed-in player's name, opening their page, or a way to sign in.
export async function showNav() {
  const account = await me();
  const nav = $("account-nav");
  if (!nav) return account;
  if (account) {
    const out = Object.assign(document.createElement("button"), { type: "button", className: "quiet small", textContent: t("sign-out") });
    out.addEventListener("click", signOut);
    nav.replaceChildren(playerLink(account.name), " ", out);
  } else {
    nav.replaceChildren(Object.assign(document.createElement("a"), { href: "/#account-card", textContent: t("sign-in") }));
  }
  return account;
}

async function send(path, name, password) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
}

export async function signIn(name, password) {
  await send("/api/session", name, password);
  current = null;
}

export async function signUp(name, password) {
  await send("/api/accounts", name, password);
  current = null;
}

export async function signOut() {
  try { await api("/api/session", { method: "DELETE" }); } catch (_) { /* signed out either way */ }
  current = null;
  location.reload();
}
