//! A tool handler that panics costs that call only. The panic is caught around the handler
//! (its synchronous start and every poll of its future), the call is answered with an
//! `internal` tool error, and the process, its sessions and every other tenant's calls go on.
//!
//! The release profiles unwind (`panic = "unwind"` in the workspace) for this. The panic
//! message is never logged: it can quote what a caller sent (`byte index 5 is not a char
//! boundary; it is inside 'é' of `éééx``) or a credential. The process-wide hook records only
//! the location of a panic that happens inside a tool call, and [`contained`] logs one line
//! with the tool's name and that location; a panic anywhere else goes to the previous hook as
//! before.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::Once;
use std::task::{Context, Poll};

use super::{BoxFuture, ToolResult};
use crate::error::{ErrorKind, ToolError};

thread_local! {
    /// How many tool handlers this thread is polling right now (nested calls count).
    static IN_TOOL: Cell<u32> = const { Cell::new(0) };
    /// Where the last panic inside a tool call on this thread happened (`file:line`).
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Install the process-wide panic hook (once; every `McpServer` asks for it).
pub(crate) fn install_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_TOOL.with(Cell::get) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|l| *l.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

/// Marks this thread as running a tool handler while it lives.
struct InTool;

impl InTool {
    fn enter() -> Self {
        IN_TOOL.with(|d| d.set(d.get().saturating_add(1)));
        InTool
    }
}

impl Drop for InTool {
    fn drop(&mut self) {
        IN_TOOL.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// The handler's future, each poll inside `catch_unwind`.
struct Contained {
    inner: Option<BoxFuture>,
}

impl Future for Contained {
    type Output = Result<ToolResult, ()>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let Some(inner) = self.inner.as_mut() else {
            return Poll::Ready(Err(()));
        };
        let polled = {
            let _in = InTool::enter();
            catch_unwind(AssertUnwindSafe(|| inner.as_mut().poll(cx)))
        };
        match polled {
            Ok(Poll::Ready(r)) => Poll::Ready(Ok(r)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(_) => {
                // A future that panicked is never polled again; drop it now.
                self.inner = None;
                Poll::Ready(Err(()))
            }
        }
    }
}

/// Run a tool's handler (`start` builds its future) so that a panic in it becomes this
/// call's error: "internal error in <tool>; the server is still running".
pub(super) async fn contained(tool: &str, start: impl FnOnce() -> BoxFuture) -> ToolResult {
    let started = {
        let _in = InTool::enter();
        catch_unwind(AssertUnwindSafe(start))
    };
    let outcome = match started {
        Ok(fut) => Contained { inner: Some(fut) }.await,
        Err(_) => Err(()),
    };
    outcome.unwrap_or_else(|()| {
        let at = LOCATION.with(|l| l.borrow_mut().take());
        tracing::error!(
            tool,
            location = at.as_deref().unwrap_or("unknown"),
            "a tool handler panicked; the call failed, the server goes on"
        );
        Err(internal(tool))
    })
}

fn internal(tool: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Internal,
        format!("internal error in {tool}; the server is still running."),
    )
    .with_hint(
        "this is a bug in the server, not in your request or at the vendor: the same \
         arguments will fail the same way. Try other arguments or another tool, and report it \
         with the tool's name and the time.",
    )
}
