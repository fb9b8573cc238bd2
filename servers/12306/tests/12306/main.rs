//! 12306 server tests: station tools on the bundled table, ticket tools against a fake 12306 on
//! 127.0.0.1 that asserts the exact requests (session cookie included), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod stations;
mod tickets;

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, settings_for};

mcp_testkit::standard_suite!(mcp_server_12306::SPEC, "mcp-server-12306");

pub struct Setup {
    pub fake: MockServer,
    pub client: Client,
    _server: TestServer,
}

/// A fake 12306 and a client; `refresh` leaves the station-table download on.
pub async fn setup_with(refresh: bool) -> Setup {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    if !refresh {
        settings.flags = vec!["no-station-refresh".into()];
    }
    let server = TestServer::start(&mcp_server_12306::SPEC, settings).await;
    let client = server.client_with(&[]).await;
    Setup {
        fake,
        client,
        _server: server,
    }
}

pub async fn setup() -> Setup {
    setup_with(false).await
}

/// A date 12306 would sell: tomorrow in China.
pub fn tomorrow() -> String {
    use chrono::{Days, Utc};
    let d = Utc::now()
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .date_naive();
    (d + Days::new(1)).format("%Y-%m-%d").to_string()
}
