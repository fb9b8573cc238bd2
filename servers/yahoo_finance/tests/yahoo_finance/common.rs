//! A fake Yahoo: `GET /` sets the cookie (with a 404, as fc.yahoo.com does), `GET
//! /v1/test/getcrumb` hands out the crumb for that cookie, and the data paths.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};

pub const COOKIE: &str = "A3=d=AQABBKx9&S=AQAAAk1";
pub const CRUMB: &str = "Xc9.aB3kQ0p";

pub struct Fake {
    pub fake: MockServer,
    #[allow(dead_code)]
    pub server: TestServer,
    pub client: Client,
}

impl Fake {
    /// The fake with its cookie and crumb answers mounted once each: one session per process.
    pub async fn start() -> Self {
        let f = Self::bare().await;
        mount_session(&f.fake, CRUMB, 1).await;
        f
    }

    /// The fake with nothing mounted.
    pub async fn bare() -> Self {
        let fake = MockServer::start().await;
        let settings = settings_for(&fake.uri()).with_api("cookie", &fake.uri());
        let server = TestServer::start(&yahoo_finance_mcp_server::SPEC, settings).await;
        let client = server.client_with(&[]).await;
        Self {
            fake,
            server,
            client,
        }
    }
}

pub async fn mount_session(fake: &MockServer, crumb: &str, times: u64) {
    expect("GET", "/")
        .times(times)
        .respond_with(
            fake,
            ResponseTemplate::new(404)
                .insert_header(
                    "set-cookie",
                    format!("{COOKIE}; Expires=Thu, 02 Dec 2027 06:00:00 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; Secure; SameSite=None").as_str(),
                )
                .set_body_string("<html>404</html>"),
        )
        .await;
    expect("GET", "/v1/test/getcrumb")
        .header("cookie", COOKIE)
        .times(times)
        .respond_with(fake, ResponseTemplate::new(200).set_body_string(crumb))
        .await;
}

/// A data request with the session's cookie and crumb and these query parameters.
pub fn yahoo(path: &str, query: &[(&str, &str)]) -> Expect {
    query
        .iter()
        .fold(expect("GET", path).header("cookie", COOKIE), |e, (k, v)| {
            e.query(k, v)
        })
        .query("crumb", CRUMB)
}
