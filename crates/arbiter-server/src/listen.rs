//! Accepting connections under the limits: at most `max_connections` at once, a
//! deadline for every request's headers (which also ends kept-alive connections that
//! sit idle), and every connection closed gracefully at shutdown.
//!
//! The few answers that hyper writes by itself, before any request reaches the
//! router (414 for an address over 64 KiB, 431 for headers over its buffer, 400 for a
//! request it cannot parse), are rewritten on their way out with a JSON body like
//! every other error: see [`JsonParseErrors`].

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

use tower_http::add_extension::AddExtension;

use crate::api::Peer;
use crate::config::Limits;
use crate::metrics::Metrics;

/// Each connection's kernel send buffer, fixed rather than grown by the kernel (up to
/// 4 MB on a common Linux): a client that stops reading holds at most this much of
/// the server's memory, and a watcher that falls behind is a backlog of updates behind
/// soon (and dropped) instead of after thousands of them. The kernel doubles it for
/// its own bookkeeping.
const SEND_BUFFER: usize = 64 * 1024;

/// How long open connections get to finish at shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `router` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    metrics: Arc<Metrics>,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.connections_allowed()));
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    let (stop, stopping) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors or a connection reset before accept: go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            // Over the limit: closed at once, so the server keeps its descriptors.
            metrics.connections_refused.inc();
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
        // Each request knows the address its connection came from.
        let service = TowerToHyperService::new(AddExtension::new(router.clone(), Peer(peer)));
        let connection = builder.serve_connection(TokioIo::new(JsonParseErrors::new(stream)), service).with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let stop = async move {
                // The guard that wait_for returns is not Send: drop it at once.
                let _ = stopping.wait_for(|&stop| stop).await.map(|_| ());
            };
            tokio::select! {
                _ = connection.as_mut() => {}
                () = stop => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(SHUTDOWN_GRACE, connection).await;
                }
            }
            drop(permit);
        });
    }
    let _ = stop.send(true);
    // Wait, a little, for the connections to finish what they were answering.
    let everyone = u32::try_from(limits.connections_allowed()).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, permits.acquire_many(everyone)).await;
    Ok(())
}

/// A connection whose outgoing automatic error answers from hyper (an error status
/// with `content-length: 0`, written before the router saw a request) are given a
/// JSON body. The router's own answers always have a body, so nothing else matches.
pub struct JsonParseErrors<S> {
    inner: S,
    /// The rewritten answer still to be written.
    pending: Vec<u8>,
    written: usize,
}

impl<S> JsonParseErrors<S> {
    /// Wraps the connection's service `inner`.
    pub fn new(inner: S) -> Self {
        JsonParseErrors { inner, pending: Vec::new(), written: 0 }
    }
}

/// The JSON answer for hyper's automatic error `head`, or `None` if it is not one.
fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status = text.strip_prefix("HTTP/1.1 ")?;
    let code: u16 = status.get(..3)?.parse().ok()?;
    let lower = text.to_ascii_lowercase();
    if code < 400 || !text.ends_with("\r\n\r\n") || !lower.contains("\r\ncontent-length: 0\r\n") {
        return None;
    }
    let reason = match code {
        414 => "the address is too long",
        431 => "the request's headers are too large",
        408 => "the request took too long",
        _ => "the request could not be read",
    };
    let body = format!("{{\"error\":\"{reason}\"}}");
    let mut out = String::with_capacity(text.len() + body.len() + 64);
    for line in text.trim_end_matches("\r\n").split("\r\n") {
        if line.to_ascii_lowercase().starts_with("content-length:") {
            continue;
        }
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str(&format!("content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len()));
    Some(out.into_bytes())
}

impl<S: AsyncWrite + Unpin> JsonParseErrors<S> {
    /// Writes what is pending of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n = std::task::ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonParseErrors<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonParseErrors<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        std::task::ready!(self.poll_pending(cx))?;
        if let Some(answer) = rewrite(buf) {
            self.pending = answer;
            // hyper's bytes count as written; the rewritten answer is flushed in their place.
            let _ = self.poll_pending(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        std::task::ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Left unvectored, so that hyper writes each answer's head as one buffer.
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn automatic_errors_get_a_json_body_and_nothing_else_changes() {
        let head = b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(head).unwrap()).unwrap();
        let body = r#"{"error":"the address is too long"}"#;
        assert!(out.starts_with("HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ndate: x\r\n"), "{out}");
        assert!(out.ends_with(&format!("content-length: {}\r\n\r\n{body}", body.len())), "{out}");
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(rewrite(ok), None);
        let with_body = b"HTTP/1.1 404 Not Found\r\ncontent-length: 20\r\n\r\n";
        assert_eq!(rewrite(with_body), None);
    }
}
