//! Declared vendor auth and tenant hosts, end to end: a server declares how its vendor takes
//! the credential and where the vendor lives, and every request a tool makes carries exactly
//! that, to exactly that host; a foreign host is refused before anything is sent.

use mcp_shared::auth::encode_auth_data;
use mcp_shared::{
    Auth, Base, Ctx, Effect, Method, Part, ServerSpec, TenantUrl, ToolDef, ToolError, Toolset, tool,
};
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{TestServer, expect, settings_for};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Call the vendor's probe endpoint.
#[derive(Deserialize, JsonSchema)]
struct Probe {}

async fn probe(ctx: Ctx, _a: Probe) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, "/probe")?.send_json().await
}

fn tools() -> Vec<ToolDef> {
    vec![tool("probe", "Probe", Effect::Read, probe).toolset("probe")]
}

const TOOLSETS: &[Toolset] = &[Toolset {
    name: "probe",
    description: "The probe.",
    default: true,
}];

macro_rules! spec {
    ($name:ident, $auth:expr) => {
        spec!($name, $auth, Base::Fixed("https://api.probe.invalid"), &[]);
    };
    ($name:ident, $auth:expr, $base:expr) => {
        spec!($name, $auth, $base, &[]);
    };
    ($name:ident, $auth:expr, $base:expr, $token_headers:expr) => {
        static $name: ServerSpec = ServerSpec {
            service: "probe",
            display_name: "Probe",
            binary: "probe-mcp-server",
            version: "0",
            base: $base,
            auth: $auth,
            token_headers: $token_headers,
            toolsets: TOOLSETS,
            tools,
            ..ServerSpec::DEFAULT
        };
    };
}

spec!(BEARER, Auth::Bearer(&["api_key", "access_token"]));
spec!(RAW, Auth::Raw(&["access_token"]));
spec!(
    LINEAR_LIKE,
    Auth::RawIfPrefixed {
        fields: &["access_token"],
        prefixes: &["lin_api_"],
    }
);
spec!(
    BASIC_FIELDS,
    Auth::Basic {
        user: Part::Field(&["email"]),
        password: Part::Field(&["api_token"]),
    }
);
spec!(
    BASIC_KEY_X,
    Auth::Basic {
        user: Part::Field(&["api_key"]),
        password: Part::Fixed("X"),
    }
);
spec!(
    HEADER,
    Auth::Header {
        name: "x-subscription-token",
        prefix: "",
        fields: &["api_key"],
    }
);
spec!(
    TOKEN_PREFIX,
    Auth::Header {
        name: "authorization",
        prefix: "Token ",
        fields: &["api_key"],
    }
);
spec!(
    QUERY,
    Auth::Query {
        name: "api_key",
        fields: &["api_key"],
    }
);
spec!(
    BOTH_QUERY,
    Auth::All(&[
        Auth::Query {
            name: "key",
            fields: &["api_key"],
        },
        Auth::Query {
            name: "token",
            fields: &["token"],
        },
    ])
);
spec!(
    FIRST_OF,
    Auth::FirstOf(&[
        Auth::Basic {
            user: Part::Field(&["api_key"]),
            password: Part::Fixed(""),
        },
        Auth::BEARER,
    ])
);
spec!(
    OPTIONAL,
    Auth::Optional(&Auth::Header {
        name: "x-api-key",
        prefix: "",
        fields: &["api_key"],
    })
);
spec!(
    TOKEN_HEADERS,
    Auth::BEARER,
    Base::Fixed("https://api.probe.invalid"),
    &[("x-auth-token", "access_token")]
);

fn b64(s: &str) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(s)
}

/// Call the probe on `spec` with `creds` in x-auth-data; the fake expects exactly `want`.
async fn probe_with(
    spec: &'static ServerSpec,
    creds: Value,
    want: mcp_testkit::Expect,
) -> Result<Value, String> {
    let fake = MockServer::start().await;
    want.respond(&fake, 200, json!({"ok": true})).await;
    let server = TestServer::start(spec, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[("x-auth-data", &encode_auth_data(&creds))])
        .await;
    let r = client
        .call("probe", json!({}))
        .await
        .map_err(|e| e.to_string())?;
    let text = mcp_testkit::text_of(&r);
    if r.is_error == Some(true) {
        Err(text)
    } else {
        serde_json::from_str(&text).map_err(|e| e.to_string())
    }
}

#[tokio::test]
async fn each_scheme_sends_exactly_its_credential() {
    let ok = json!({"ok": true});
    let cases: Vec<(&'static ServerSpec, Value, mcp_testkit::Expect)> = vec![
        (
            &BEARER,
            json!({"api_key": "k1", "access_token": "ignored"}),
            expect("GET", "/probe").bearer("k1"),
        ),
        (
            &BEARER,
            json!({"access_token": "t1"}),
            expect("GET", "/probe").bearer("t1"),
        ),
        (
            &RAW,
            json!({"access_token": "pk_123"}),
            expect("GET", "/probe").header("authorization", "pk_123"),
        ),
        (
            &LINEAR_LIKE,
            json!({"access_token": "lin_api_abc"}),
            expect("GET", "/probe").header("authorization", "lin_api_abc"),
        ),
        (
            &LINEAR_LIKE,
            json!({"access_token": "oauth-token"}),
            expect("GET", "/probe").bearer("oauth-token"),
        ),
        (
            &BASIC_FIELDS,
            json!({"email": "me@acme.io", "api_token": "at"}),
            expect("GET", "/probe")
                .header("authorization", &format!("Basic {}", b64("me@acme.io:at"))),
        ),
        (
            &BASIC_KEY_X,
            json!({"api_key": "fd-key"}),
            expect("GET", "/probe").header("authorization", &format!("Basic {}", b64("fd-key:X"))),
        ),
        (
            &HEADER,
            json!({"api_key": "brave"}),
            expect("GET", "/probe").header("x-subscription-token", "brave"),
        ),
        (
            &TOKEN_PREFIX,
            json!({"api_key": "m0"}),
            expect("GET", "/probe").header("authorization", "Token m0"),
        ),
        (
            &QUERY,
            json!({"api_key": "serp"}),
            expect("GET", "/probe").query("api_key", "serp"),
        ),
        (
            &BOTH_QUERY,
            json!({"api_key": "tk", "token": "tt"}),
            expect("GET", "/probe")
                .query("key", "tk")
                .query("token", "tt"),
        ),
        (
            &FIRST_OF,
            json!({"api_key": "close-key"}),
            expect("GET", "/probe")
                .header("authorization", &format!("Basic {}", b64("close-key:"))),
        ),
        (
            &FIRST_OF,
            json!({"access_token": "oauth"}),
            expect("GET", "/probe").bearer("oauth"),
        ),
        (
            &OPTIONAL,
            json!({"api_key": "c7"}),
            expect("GET", "/probe").header("x-api-key", "c7"),
        ),
    ];
    for (spec, creds, want) in cases {
        let got = probe_with(spec, creds.clone(), want).await;
        assert_eq!(got.as_ref().ok(), Some(&ok), "{creds}: {got:?}");
    }
}

#[tokio::test]
async fn missing_fields_are_named_and_nothing_is_sent() {
    for (spec, creds, field) in [
        (&BASIC_FIELDS, json!({"email": "me@acme.io"}), "`api_token`"),
        (&BOTH_QUERY, json!({"api_key": "tk"}), "`token`"),
        (&HEADER, json!({"access_token": "x"}), "`api_key`"),
        (&FIRST_OF, json!({"other": "x"}), "`api_key`"),
    ] {
        let fake = MockServer::start().await;
        let server = TestServer::start(spec, settings_for(&fake.uri())).await;
        let client = server
            .client_with(&[("x-auth-data", &encode_auth_data(&creds))])
            .await;
        let err = client.call_err("probe", json!({})).await;
        assert!(err.contains(field) && err.contains("x-auth-data"), "{err}");
        mcp_testkit::assert_no_requests(&fake).await;
        // One of several credentials: the others are named too.
        if std::ptr::eq(spec, &FIRST_OF) {
            assert!(err.contains("Or send `access_token` instead."), "{err}");
        }
    }
    // An optional key that is absent sends nothing and still calls the vendor.
    let got = probe_with(&OPTIONAL, json!({}), expect("GET", "/probe")).await;
    assert!(got.is_ok(), "{got:?}");
}

#[tokio::test]
async fn a_query_parameter_key_never_shows_in_an_error() {
    let fake = MockServer::start().await;
    expect("GET", "/probe")
        .query("api_key", "serp-secret-1")
        .respond(&fake, 401, json!({"error": "Invalid API key."}))
        .await;
    let server = TestServer::start(&QUERY, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"api_key": "serp-secret-1"})),
        )])
        .await;
    let err = client.call_err("probe", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid API key"),
        "{err}"
    );
    assert!(!err.contains("serp-secret-1"), "{err}");
}

#[tokio::test]
async fn a_declared_token_header_is_read_after_x_auth_data() {
    let fake = MockServer::start().await;
    expect("GET", "/probe")
        .bearer("raw-tok")
        .respond(&fake, 200, json!({"ok": 1}))
        .await;
    expect("GET", "/probe")
        .bearer("from-auth-data")
        .respond(&fake, 200, json!({"ok": 2}))
        .await;
    let server = TestServer::start(&TOKEN_HEADERS, settings_for(&fake.uri())).await;
    let c = server.client_with(&[("x-auth-token", "raw-tok")]).await;
    assert_eq!(c.call_ok("probe", json!({})).await["ok"], 1);
    let c = server
        .client_with(&[
            ("x-auth-token", "raw-tok"),
            (
                "x-auth-data",
                &encode_auth_data(&json!({"access_token": "from-auth-data"})),
            ),
        ])
        .await;
    assert_eq!(c.call_ok("probe", json!({})).await["ok"], 2);
}

// ---- tenant hosts ----

const SALESFORCE_LIKE: &[TenantUrl] = &[TenantUrl {
    template: "{instance_url}/services/data/v62.0",
    hosts: &["*.my.salesforce.com"],
    derive: None,
    requires: &[],
}];
spec!(TENANT, Auth::BEARER, Base::Tenant(SALESFORCE_LIKE));

async fn tenant_call(
    settings: mcp_shared::Settings,
    creds: Value,
) -> (TestServer, Result<Value, String>) {
    let server = TestServer::start(&TENANT, settings).await;
    let client = server
        .client_with(&[("x-auth-data", &encode_auth_data(&creds))])
        .await;
    let r = client.call("probe", json!({})).await.expect("call");
    let text = mcp_testkit::text_of(&r);
    let out = if r.is_error == Some(true) {
        Err(text)
    } else {
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    };
    (server, out)
}

fn no_base(mut s: mcp_shared::Settings) -> mcp_shared::Settings {
    s.api_base_url = None;
    s
}

#[tokio::test]
async fn the_tenant_host_comes_from_the_credentials_when_allowed() {
    let fake = MockServer::start().await;
    expect("GET", "/services/data/v62.0/probe")
        .bearer("sf")
        .respond(&fake, 200, json!({"tenant": "mine"}))
        .await;
    let mut settings = no_base(settings_for(&fake.uri()));
    // The operator allows loopback (as a self-hosted or test deployment would).
    settings.tenant_hosts = vec!["127.0.0.1".into()];
    let (_s, out) = tenant_call(
        settings,
        json!({"access_token": "sf", "instance_url": fake.uri()}),
    )
    .await;
    assert_eq!(out, Ok(json!({"tenant": "mine"})));
}

#[tokio::test]
async fn a_foreign_tenant_host_is_refused_and_receives_nothing() {
    // A live listener the credentials point at: it must never see a request (nor the token).
    let foreign = MockServer::start().await;
    foreign
        .register(
            mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::any())
                .respond_with(ResponseTemplate::new(200).set_body_json(json!({"stolen": true}))),
        )
        .await;
    for instance_url in [
        foreign.uri(),
        "https://evil.example.com".to_owned(),
        "https://acme.my.salesforce.com.evil.io".to_owned(),
        "https://my.salesforce.com".to_owned(),
    ] {
        let (_s, out) = tenant_call(
            no_base(settings_for(&foreign.uri())),
            json!({"access_token": "sf-secret", "instance_url": instance_url}),
        )
        .await;
        let err = out.expect_err("refused");
        assert!(
            err.contains("Refusing the host") && err.contains("*.my.salesforce.com"),
            "{instance_url}: {err}"
        );
        assert!(err.contains("PROBE_ALLOWED_HOSTS"), "{err}");
        assert!(!err.contains("sf-secret"), "{err}");
    }
    assert!(
        foreign
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty(),
        "the foreign host was called"
    );
}

#[tokio::test]
async fn bad_tenant_values_and_plain_http_are_refused() {
    let fake = MockServer::start().await;
    for (instance_url, says) in [
        ("http://acme.my.salesforce.com", "only called over https"),
        ("https://acme.my.salesforce.com/x?y=1", "not usable"),
        ("https://user:pw@acme.my.salesforce.com", "not usable"),
    ] {
        let (_s, out) = tenant_call(
            no_base(settings_for(&fake.uri())),
            json!({"access_token": "sf", "instance_url": instance_url}),
        )
        .await;
        let err = out.expect_err("refused");
        assert!(err.contains(says), "{instance_url}: {err}");
    }
    let (_s, out) = tenant_call(
        no_base(settings_for(&fake.uri())),
        json!({"access_token": "sf"}),
    )
    .await;
    let err = out.expect_err("missing");
    assert!(err.contains("`instance_url` is missing"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn an_operator_template_fills_tenant_fields_into_the_path() {
    // `<SERVICE>_API_BASE_URL` may itself be a template; its literal host is the operator's.
    let fake = MockServer::start().await;
    expect("GET", "/acme/api/v2/probe")
        .bearer("t")
        .respond(&fake, 200, json!({"ok": true}))
        .await;
    let mut settings = settings_for(&fake.uri());
    settings.api_base_url = Some(format!("{}/{{domain}}/api/v2", fake.uri()));
    static FRESHDESK_LIKE: &[TenantUrl] = &[TenantUrl {
        template: "https://{domain}.freshdesk.com/api/v2",
        hosts: &["*.freshdesk.com"],
        derive: None,
        requires: &[],
    }];
    spec!(FD, Auth::BEARER, Base::Tenant(FRESHDESK_LIKE));
    let server = TestServer::start(&FD, settings).await;
    let client = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"access_token": "t", "domain": "acme"})),
        )])
        .await;
    assert_eq!(client.call_ok("probe", json!({})).await["ok"], true);
}

// ---- tenants on hosts of their own (ANY_PUBLIC_HOST: a self-hosted store, a mail server) ----

const SELF_HOSTED: &[TenantUrl] = &[TenantUrl {
    template: "{store_url}/api",
    hosts: &[mcp_shared::ANY_PUBLIC_HOST],
    derive: None,
    requires: &[],
}];
spec!(SELF_HOSTED_SPEC, Auth::BEARER, Base::Tenant(SELF_HOSTED));

async fn self_hosted_call(
    settings: mcp_shared::Settings,
    store_url: &str,
) -> Result<Value, String> {
    let server = TestServer::start(&SELF_HOSTED_SPEC, settings).await;
    let creds = json!({"access_token": "store-secret", "store_url": store_url});
    let client = server
        .client_with(&[("x-auth-data", &encode_auth_data(&creds))])
        .await;
    let r = client.call("probe", json!({})).await.expect("call");
    let text = mcp_testkit::text_of(&r);
    if r.is_error == Some(true) {
        Err(text)
    } else {
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

#[tokio::test]
async fn a_self_hosted_tenant_on_this_machine_or_a_private_network_is_refused() {
    let fake = MockServer::start().await;
    let port = fake.address().port();
    for store_url in [
        fake.uri(),
        format!("https://127.0.0.1:{port}"),
        format!("https://localhost:{port}"),
        format!("https://[::1]:{port}"),
        "https://10.0.0.5".to_owned(),
        "https://169.254.169.254".to_owned(),
    ] {
        let out = self_hosted_call(no_base(settings_for(&fake.uri())), &store_url).await;
        let err = out.expect_err("refused");
        assert!(
            err.contains("not a public internet host") && err.contains("PROBE_ALLOWED_HOSTS"),
            "{store_url}: {err}"
        );
        assert!(!err.contains("store-secret"), "{err}");
    }
    let err = self_hosted_call(
        no_base(settings_for(&fake.uri())),
        "http://shop.example.com",
    )
    .await
    .expect_err("plain http");
    assert!(err.contains("only called over https"), "{err}");
    mcp_testkit::assert_no_requests(&fake).await;
}

#[tokio::test]
async fn an_operator_allows_a_self_hosted_tenant_on_its_own_network() {
    let fake = MockServer::start().await;
    expect("GET", "/api/probe")
        .bearer("store-secret")
        .respond(&fake, 200, json!({"store": "mine"}))
        .await;
    let mut settings = no_base(settings_for(&fake.uri()));
    settings.tenant_hosts = vec!["127.0.0.1".into()];
    let out = self_hosted_call(settings, &fake.uri()).await;
    assert_eq!(out, Ok(json!({"store": "mine"})));
}

#[tokio::test]
async fn a_tenant_host_for_another_protocol_must_resolve_to_public_addresses() {
    use mcp_shared::upstream::fetch::resolve_public;
    let err = resolve_public("localhost", 993, &[], "MAIL_ALLOWED_HOSTS")
        .await
        .expect_err("loopback");
    assert!(
        err.message.contains("loopback") && err.message.contains("MAIL_ALLOWED_HOSTS"),
        "{}",
        err.message
    );
    let err = resolve_public("192.168.1.10", 25, &[], "MAIL_ALLOWED_HOSTS")
        .await
        .expect_err("private");
    assert!(err.message.contains("private"), "{}", err.message);
    let allow = ["127.0.0.1".to_owned(), "::1".to_owned()];
    let ok = resolve_public("localhost", 993, &allow, "MAIL_ALLOWED_HOSTS")
        .await
        .expect("allowed by the operator");
    assert!(ok.iter().all(|a| a.port() == 993), "{ok:?}");
    let ok = resolve_public("[2606:4700:4700::1111]", 465, &[], "MAIL_ALLOWED_HOSTS")
        .await
        .expect("a public address");
    assert_eq!(ok.len(), 1);
}
