//! rmcp's way into the server (stdio, and HTTP requests the direct path leaves to rmcp): the
//! rmcp `ServerHandler` of [`McpServer`]. It reads the request (the HTTP head rmcp keeps in
//! the request's extensions, or none on stdio) into a `CallEnv` and hands it to the server.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CustomRequest, CustomResult, ErrorCode,
    ListToolsResult, PaginatedRequestParams, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};

use crate::call::context::ProgressSink;
use crate::server::McpServer;
use crate::server::oauth::ScopeSlot;
use crate::telemetry::trace::TraceContext;
use crate::transport::edge;

/// The HTTP head of an rmcp request; `None` on stdio.
fn head(ctx: &RequestContext<RoleServer>) -> Option<&http::request::Parts> {
    ctx.extensions.get::<http::request::Parts>()
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        self.info()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let filter = head(&context).and_then(|p| edge::filter(&p.headers));
        Ok(ListToolsResult::with_all_items(self.list(filter.as_ref())))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let before = self.session_generation();
        let mut env = match head(&context) {
            Some(p) => edge::call_env(self, &p.headers, p.extensions.get::<ScopeSlot>()),
            None => self.pipe_env(),
        };
        env.progress = progress_sink(&request, &context);
        // The caller's trace: `_meta` (protocol 2026-07-28; rmcp moves the request's `_meta`
        // into the context), else the HTTP headers.
        let meta = TraceContext::from_meta(&context.meta.0).or_else(|| {
            request
                .meta
                .as_ref()
                .and_then(|m| TraceContext::from_meta(&m.0))
        });
        if meta.is_some() {
            env.trace = meta;
        }
        let result = self.call(&request.name, request.arguments, env).await?;
        if self.session_generation() != before
            && let Err(e) = context.peer.notify_tool_list_changed().await
        {
            tracing::debug!(error = %e, "could not send tools/list_changed");
        }
        Ok(result.into())
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        // A `tools/call` rmcp could not parse (e.g. `arguments` not an object) lands here on
        // stdio: invalid params, as over HTTP, not "method not found".
        if request.method == "tools/call"
            && let Some(problem) =
                crate::server::jsonrpc::tool_call_params_problem(request.params.as_ref())
        {
            return Err(ErrorData::invalid_params(problem, None));
        }
        Err(ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            format!("Method not found: `{}`", request.method),
            None,
        ))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.visible_tool(name)
    }
}

/// Where the progress of a call goes: the client's token (rmcp moves the call's `_meta` into
/// the request context) and the session's peer.
fn progress_sink(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<ProgressSink> {
    let token = context
        .meta
        .get_progress_token()
        .or_else(|| request.meta.as_ref().and_then(|m| m.get_progress_token()))?;
    Some(ProgressSink {
        token,
        peer: context.peer.clone(),
    })
}
