//! The standard suite's redirect check (#42): the fake vendor answers the smoke call with a
//! redirect to a second listener on another port (another origin), and no credential of the
//! call's `x-auth-data` may reach that listener, in a header, the URL or the body, whatever the
//! server does with the redirect (refuse it, or follow it without credentials).

use wiremock::{Mock, MockServer, ResponseTemplate};

use super::{SmokeRun, Upstream, secrets_of, smoke};
use crate::TestServer;
use mcp_shared::ServerSpec;

/// Run the smoke call against a vendor that redirects every request to another origin
/// (each of 301, 302, 303, 307 and 308), and check the other origin saw no credential.
pub async fn check_redirect(spec: &'static ServerSpec, manifest_dir: &str) {
    let body = match smoke(manifest_dir).upstream {
        Upstream::Http(body) => body,
        Upstream::None | Upstream::Connector => return,
    };
    for status in [301u16, 302, 303, 307, 308] {
        let other = MockServer::start().await;
        Mock::given(wiremock::matchers::any())
            .respond_with(ResponseTemplate::new(200).set_body_json(body.clone()))
            .mount(&other)
            .await;
        // `localhost` and another port: another host name and another origin.
        let target = format!(
            "{}/redirected/here?x=1",
            other.uri().replace("127.0.0.1", "localhost")
        );
        let answer = ResponseTemplate::new(status).insert_header("location", target.as_str());
        let run = SmokeRun::start_answering(spec, smoke(manifest_dir), Some(answer)).await;
        let server = TestServer::start(spec, run.settings()).await;
        let auth = mcp_shared::auth::encode_auth_data(&run.credentials);
        let client = server.client_with(&[("x-auth-data", &auth)]).await;
        let r = client
            .call(&run.tool, run.arguments.clone())
            .await
            .unwrap_or_else(|e| panic!("{status}: a redirect must give a tool result, not {e}"));
        let text = crate::text_of(&r);
        let secrets = secrets_of(&run.credentials);
        for s in &secrets {
            assert!(
                !text.contains(s.as_str()),
                "{status}: a credential in the result"
            );
        }
        for req in other.received_requests().await.unwrap_or_default() {
            let mut seen = format!("{} {}\n", req.method, req.url);
            for (k, v) in &req.headers {
                seen.push_str(&format!("{k}: {}\n", String::from_utf8_lossy(v.as_bytes())));
            }
            seen.push_str(&String::from_utf8_lossy(&req.body));
            for s in &secrets {
                assert!(
                    !seen.contains(s.as_str()),
                    "{status}: a credential of x-auth-data reached the host the vendor redirected to:\n{}",
                    seen.replace(s.as_str(), "<credential>")
                );
            }
            assert!(
                !seen.to_ascii_lowercase().contains("\nauthorization:"),
                "{status}: an Authorization header reached the other host"
            );
        }
        server.stop().await;
    }
}
