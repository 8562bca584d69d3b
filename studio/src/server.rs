//! The HTTP server: [`handle`](super::handle) behind `tiny_http`, on a few worker threads so that
//! requests are served concurrently (a long search occupies one worker, not the server).

use std::io::Read;
use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread;

use tiny_http::{Header, Request, Server};

use super::{Response, StudioLimits, handle};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound (in use, not local, no permission).
    #[error("cannot listen on {address}: {reason}")]
    Bind {
        /// The address asked for.
        address: SocketAddr,
        /// What the system said.
        reason: String,
    },
}

/// Serves the studio on `address` with `workers` threads until the process ends; `ready` is
/// called with the bound address (the real port when `address` asked for port 0).
///
/// # Errors
///
/// [`ServeError::Bind`] when the address cannot be bound.
pub fn serve(
    address: SocketAddr,
    workers: usize,
    limits: StudioLimits,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let server = Server::http(address).map_err(|error| ServeError::Bind {
        address,
        reason: error.to_string(),
    })?;
    let bound = server.server_addr().to_ip().unwrap_or(address);
    ready(bound);
    let server = Arc::new(server);
    let limits = Arc::new(limits);
    let threads: Vec<_> = (0..workers.max(1))
        .map(|_| {
            let server = Arc::clone(&server);
            let limits = Arc::clone(&limits);
            thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    answer(request, &limits);
                }
            })
        })
        .collect();
    for thread in threads {
        let _ = thread.join();
    }
    Ok(())
}

/// Reads one request (at most the body limit, plus one byte to tell a longer one) and answers it.
fn answer(mut request: Request, limits: &StudioLimits) {
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(limits.max_body as u64 + 1)
        .read_to_end(&mut body);
    let response = match read {
        Err(error) => Response::error(400, format!("cannot read the request: {error}")),
        Ok(_) => {
            let method = request.method().as_str().to_string();
            let url = request.url().to_string();
            // `handle` never panics on input; if a bug makes it, the worker answers 500 and
            // serves on.
            catch_unwind(AssertUnwindSafe(|| handle(&method, &url, &body, limits))).unwrap_or_else(|_| {
                Response::error(
                    500,
                    "internal error: the studio failed on this request (please report it)",
                )
            })
        }
    };
    let header = Header::from_bytes("Content-Type", response.content_type).expect("a valid header");
    let reply = tiny_http::Response::from_data(response.body)
        .with_status_code(response.status)
        .with_header(header);
    // A client that went away is not the server's problem.
    let _ = request.respond(reply);
}
