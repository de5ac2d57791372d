//! The bot's HTTP: JSON requests with its API token, and NDJSON streams read a line at
//! a time. The token goes only in the `Authorization` header, never in a message.

use std::time::Duration;

use serde_json::Value;

/// A request that takes longer than this failed (the streams excepted).
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// A stream that sends nothing (not even its keep-alive every 5 seconds) for this
/// long is taken as cut.
const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// The server and the bot's token.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

/// What a request got: its status and JSON body (`null` if it had none).
pub struct Answer {
    pub status: reqwest::StatusCode,
    pub body: Value,
}

impl Client {
    /// A client of the server at `base` with the bot's `token`.
    pub fn new(base: &str, token: &str) -> Result<Client, String> {
        let http =
            reqwest::Client::builder().connect_timeout(Duration::from_secs(10)).build().map_err(|e| e.to_string())?;
        Ok(Client { http, base: base.trim_end_matches('/').to_owned(), token: token.to_owned() })
    }

    /// `method` `path` with `body`; `Err` only when the server could not be reached.
    pub async fn send(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> Result<Answer, String> {
        let mut request =
            self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.token).timeout(REQUEST_TIME);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.map_err(|e| e.without_url().to_string())?;
        let status = response.status();
        let text = response.text().await.map_err(|e| e.without_url().to_string())?;
        Ok(Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::Null) })
    }

    pub async fn get(&self, path: &str) -> Result<Answer, String> {
        self.send(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Result<Answer, String> {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn stream(&self, path: &str) -> Result<Lines, String> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(|e| e.without_url().to_string())?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            return Err(format!("{path}: {status} {body}"));
        }
        Ok(Lines { response, buffer: Vec::new() })
    }
}

/// An NDJSON stream, read a line at a time.
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next JSON object of the stream (keep-alive lines skipped); `Ok(None)` when
    /// it ended, `Err` when it was cut or went silent.
    pub async fn next(&mut self) -> Result<Option<Value>, String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                return serde_json::from_str(text.trim()).map(Some).map_err(|e| format!("a line that is no JSON: {e}"));
            }
            let chunk = tokio::time::timeout(STREAM_SILENCE, self.response.chunk())
                .await
                .map_err(|_| "the stream went silent".to_owned())?
                .map_err(|e| e.without_url().to_string())?;
            match chunk {
                Some(bytes) => self.buffer.extend_from_slice(&bytes),
                None => return Ok(None),
            }
        }
    }
}
