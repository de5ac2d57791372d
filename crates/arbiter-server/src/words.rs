//! The server's words to people, in their language: the pages it writes itself (the
//! runs pages) read the same Fluent catalogs as the browser page (`web/locales/*.ftl`,
//! built in by `build.rs`), through Project Fluent's own `fluent-bundle`. The language
//! is the one asked for with `?lang=`, else the one the page's switch keeps (the
//! `arbiter_lang` cookie), else the first of the browser's `Accept-Language` the server
//! has a catalog for, else English; a message a catalog lacks is English's.

use std::sync::OnceLock;

use axum::http::{HeaderMap, Uri, header};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod catalogs {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

pub use catalogs::LOCALES;

/// The language every catalog falls back on.
const FALLBACK: &str = "en";

/// The cookie the page's language switch sets.
const COOKIE: &str = "arbiter_lang";

type Bundle = FluentBundle<FluentResource>;

/// Each catalog read once, by its tag.
fn bundles() -> &'static [(&'static str, Bundle)] {
    static BUNDLES: OnceLock<Vec<(&'static str, Bundle)>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        LOCALES
            .iter()
            .filter_map(|&(tag, _, text)| {
                let language: LanguageIdentifier = tag.parse().ok()?;
                let mut bundle = FluentBundle::new_concurrent(vec![language]);
                // Plain text in HTML: no Unicode isolation marks around arguments.
                bundle.set_use_isolating(false);
                // A catalog with a line Fluent cannot read keeps the rest of its messages.
                let resource = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(resource, _)| resource);
                bundle.add_resource_overriding(resource);
                Some((tag, bundle))
            })
            .collect()
    })
}

/// The catalog's tag for a language asked for: the same tag, the region that writes
/// the same script (`zh-Hant` is `zh-TW`), or the same language in another region.
fn matching(asked: &str) -> Option<&'static str> {
    let asked = asked.trim().to_ascii_lowercase();
    if asked.is_empty() {
        return None;
    }
    let tags = || LOCALES.iter().map(|&(tag, _, _)| tag);
    if let Some(tag) = tags().find(|tag| tag.to_ascii_lowercase() == asked) {
        return Some(tag);
    }
    const SCRIPTS: [(&str, &str); 6] = [
        ("zh-hant", "zh-TW"),
        ("zh-hk", "zh-TW"),
        ("zh-mo", "zh-TW"),
        ("zh-hans", "zh-CN"),
        ("zh-sg", "zh-CN"),
        ("zh", "zh-CN"),
    ];
    for (prefix, tag) in SCRIPTS {
        if (asked == prefix || asked.starts_with(&format!("{prefix}-"))) && tags().any(|t| t == tag) {
            return tags().find(|t| *t == tag);
        }
    }
    let primary = asked.split('-').next().unwrap_or_default();
    tags().find(|tag| tag.to_ascii_lowercase().split('-').next() == Some(primary))
}

/// A page's words, in one language.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    tag: &'static str,
}

impl Words {
    /// The words of `tag`'s catalog (English if the server has none for it).
    #[cfg(test)]
    #[must_use]
    pub fn of(tag: &str) -> Words {
        Words { tag: matching(tag).unwrap_or(FALLBACK) }
    }

    /// The language a request asks for: `?lang=`, the page's cookie, `Accept-Language`.
    #[must_use]
    pub fn for_request(uri: &Uri, headers: &HeaderMap) -> Words {
        let query = uri.query().unwrap_or_default().split('&').find_map(|pair| pair.strip_prefix("lang="));
        let cookie = headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()).find_map(|cookies| {
            cookies.split(';').find_map(|c| c.trim().strip_prefix(COOKIE).and_then(|rest| rest.strip_prefix('=')))
        });
        if let Some(tag) = query.and_then(matching).or_else(|| cookie.and_then(matching)) {
            return Words { tag };
        }
        let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or_default();
        let mut asked: Vec<(f32, &str)> = accept
            .split(',')
            .filter_map(|part| {
                let mut pieces = part.split(';');
                let tag = pieces.next()?.trim();
                let q = pieces.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.parse().ok()).unwrap_or(1.0);
                Some((q, tag))
            })
            .collect();
        // Most wanted first; equal weights keep the browser's order.
        asked.sort_by(|a, b| b.0.total_cmp(&a.0));
        Words { tag: asked.iter().find_map(|(_, tag)| matching(tag)).unwrap_or(FALLBACK) }
    }

    /// The language's tag, for `<html lang>`.
    #[must_use]
    pub fn tag(self) -> &'static str {
        self.tag
    }

    /// The message `id`.
    #[must_use]
    pub fn get(self, id: &str) -> String {
        self.with(id, &[])
    }

    /// The message `id`, or `fallback` if no catalog has it (a value stored by a newer
    /// version, say).
    #[must_use]
    pub fn get_or(self, id: &str, fallback: &str) -> String {
        let text = self.get(id);
        if text == id { fallback.to_owned() } else { text }
    }

    /// The message `id` with its arguments; English's if this language lacks it, the id
    /// itself if English lacks it too.
    #[must_use]
    pub fn with(self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        for tag in [self.tag, FALLBACK] {
            let Some((_, bundle)) = bundles().iter().find(|(t, _)| *t == tag) else { continue };
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else { continue };
            let mut errors = Vec::new();
            return bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
        }
        id.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_matched_by_tag_script_and_language() {
        assert_eq!(Words::of("zh-CN").tag(), "zh-CN");
        assert_eq!(Words::of("zh-Hant-HK").tag(), "zh-TW");
        assert_eq!(Words::of("zh").tag(), "zh-CN");
        assert_eq!(Words::of("en-GB").tag(), "en");
        assert_eq!(Words::of("xx").tag(), "en");
    }

    #[test]
    fn the_query_then_the_cookie_then_the_browsers_languages_choose() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, "fr;q=0.9, zh-TW;q=0.8, en;q=0.5".parse().unwrap());
        assert_eq!(Words::for_request(&"/runs".parse().unwrap(), &headers).tag(), "zh-TW");
        headers.insert(header::COOKIE, "a=b; arbiter_lang=zh-CN".parse().unwrap());
        assert_eq!(Words::for_request(&"/runs".parse().unwrap(), &headers).tag(), "zh-CN");
        assert_eq!(Words::for_request(&"/runs?lang=en".parse().unwrap(), &headers).tag(), "en");
    }

    #[test]
    fn every_language_words_the_runs_pages_and_falls_back_on_english() {
        for (tag, _, _) in LOCALES {
            let words = Words::of(tag);
            assert_ne!(words.get("runs-heading"), "runs-heading", "{tag}");
            let games = words.with("runs-games-of", &[("games", 3.into()), ("scheduled", 12.into())]);
            assert!(games.contains('3') && games.contains("12"), "{tag}: {games}");
        }
        assert_eq!(Words::of("en").with("runs-games-of", &[("games", 3.into()), ("scheduled", 12.into())]), "3 of 12");
        assert_eq!(Words::of("zh-CN").get("no-such-message"), "no-such-message");
    }

    /// The page words an ending by its termination's name (`web/words.js`, `endingName`):
    /// a termination added to the library without its words would show as a raw name.
    #[test]
    fn every_language_words_every_termination() {
        for (tag, _, _) in LOCALES {
            let words = Words::of(tag);
            for termination in arbiter::Termination::ALL {
                let hyphenated: Vec<String> = termination
                    .as_str()
                    .to_ascii_lowercase()
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|word| !word.is_empty())
                    .map(str::to_owned)
                    .collect();
                let id = format!("ending-{}", hyphenated.join("-"));
                let text = words.get(&id);
                assert_ne!(text, id, "{tag} has no words for {termination:?}");
                if *tag != FALLBACK {
                    assert_ne!(text, Words::of(FALLBACK).get(&id), "{tag} words {id} in English");
                }
            }
        }
    }
}
