//! Long vendor jobs (a crawl, a batch scrape, a research task): start them, then poll their
//! status until they finish, reporting MCP progress to the client while they run, within a
//! bounded total time. One loop for every server, so that none writes its own.
//!
//! ```ignore
//! let outcome = poll::until_done(&ctx, Poll::every(Duration::from_secs(2)).at_most(max), |_| async {
//!     let s: Value = ctx.authorized(Method::GET, &status_path)?.send_json().await?;
//!     Ok(match s["status"].as_str() {
//!         Some("completed") => Step::Done(s),
//!         _ => Step::Pending(Some(Progress::of(done, total)).message("crawling")),
//!     })
//! }).await?;
//! ```

use std::future::Future;
use std::time::{Duration, Instant};

use crate::call::context::Ctx;
use crate::error::ToolError;

/// How often to ask and for how long at most.
#[derive(Debug, Clone, Copy)]
pub struct Poll {
    every: Duration,
    at_most: Duration,
}

impl Poll {
    /// Poll every `every`, for at most two minutes unless [`Poll::at_most`] says otherwise.
    pub fn every(every: Duration) -> Self {
        Self {
            every,
            at_most: Duration::from_secs(120),
        }
    }

    /// The total time the tool waits before it answers with the job still running.
    pub fn at_most(mut self, at_most: Duration) -> Self {
        self.at_most = at_most;
        self
    }
}

/// How far a running job is, as the vendor says it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    /// Done so far (pages crawled, URLs scraped...).
    pub done: Option<f64>,
    pub total: Option<f64>,
    pub message: Option<String>,
}

impl Progress {
    pub fn of(done: impl Into<f64>, total: Option<impl Into<f64>>) -> Self {
        Self {
            done: Some(done.into()),
            total: total.map(Into::into),
            message: None,
        }
    }

    /// Only a status line (the vendor gives no counts).
    pub fn status(message: impl Into<String>) -> Self {
        Self {
            message: Some(message.into()),
            ..Self::default()
        }
    }

    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }
}

/// What one status check found.
pub enum Step<T> {
    Done(T),
    Pending(Progress),
}

/// How the wait ended.
#[derive(Debug)]
pub enum Outcome<T> {
    Done(T),
    /// Still running at the time limit: the tool says so and how to check again later.
    StillRunning {
        waited: Duration,
        last: Progress,
    },
}

/// Check, report progress, sleep, until the job is done or `poll`'s time is up. `check`
/// gets the attempt number (0 first) and is called at least once; its errors end the wait.
///
/// Progress notifications go out only when the client asked for them (a `progressToken` in
/// the call's `_meta`); their `progress` value always increases, as the protocol requires
/// (the vendor's count where it rises, else the attempt number). `MCP_POLL_INTERVAL_MS`
/// replaces every interval (tests make it short; an operator can slow polling down).
pub async fn until_done<T, F, Fut>(
    ctx: &Ctx,
    poll: Poll,
    mut check: F,
) -> Result<Outcome<T>, ToolError>
where
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<Step<T>, ToolError>>,
{
    let started = Instant::now();
    let every = ctx.poll_interval.unwrap_or(poll.every);
    let mut reported = 0.0_f64;
    let mut attempt = 0u32;
    loop {
        let last = match check(attempt).await? {
            Step::Done(v) => return Ok(Outcome::Done(v)),
            Step::Pending(p) => p,
        };
        // Strictly increasing, whatever the vendor's counts do.
        let value = match last.done {
            Some(d) if d > reported => d,
            _ => reported + 1.0,
        };
        reported = value;
        let total = last.total.filter(|t| *t >= value);
        ctx.progress(value, total, last.message.clone()).await;
        let waited = started.elapsed();
        if waited + every > poll.at_most {
            return Ok(Outcome::StillRunning { waited, last });
        }
        tokio::time::sleep(every).await;
        attempt = attempt.saturating_add(1);
    }
}
