//! The fake vendor's side: wiremock matchers, expected requests ([`Expect`]), multipart.

use serde_json::Value;
use wiremock::{Match, Mock, MockServer, ResponseTemplate};

/// The fake vendor received no request at all (a refusal happened before anything was sent).
pub async fn assert_no_requests(fake: &MockServer) {
    let got = fake.received_requests().await.unwrap_or_default();
    assert!(
        got.is_empty(),
        "expected no vendor request, got {}: {:?}",
        got.len(),
        got.iter()
            .map(|r| format!("{} {}", r.method, r.url.path()))
            .collect::<Vec<_>>()
    );
}

/// Matches when the request's query parameters are exactly these (order-insensitive).
pub struct QueryExact(pub Vec<(String, String)>);

impl Match for QueryExact {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let mut got: Vec<(String, String)> = request
            .url
            .query_pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut want = self.0.clone();
        got.sort();
        want.sort();
        got == want
    }
}

/// Matches when the request has no body, or an empty one.
pub struct NoBody;

impl Match for NoBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        request.body.is_empty()
    }
}

/// Matches a form-encoded body (`application/x-www-form-urlencoded`) with exactly these
/// fields, in any order.
pub struct FormBody(pub Vec<(String, String)>);

impl Match for FormBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let form = request
            .headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let mut got: Vec<(String, String)> = url::form_urlencoded::parse(&request.body)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut want = self.0.clone();
        got.sort();
        want.sort();
        form && got == want
    }
}

/// The JSON bodies the fake received for `method path`, in order (for multi-request tools).
pub async fn request_bodies(fake: &MockServer, method: &str, path: &str) -> Vec<Value> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.method.as_str() == method && r.url.path() == path)
        .map(|r| serde_json::from_slice(&r.body).unwrap_or(Value::Null))
        .collect()
}

enum BodyExpect {
    Empty,
    Json(Value),
    Form(Vec<(String, String)>),
    Multipart(MultipartBody),
    GraphQl(GraphqlOp),
    Any,
}

/// One expected part of a `multipart/form-data` body ([`Expect::multipart_body`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FormPartExpect {
    pub name: String,
    /// The file name and content type of a file part; `None` for a text field.
    pub file: Option<(String, String)>,
    pub data: Vec<u8>,
}

impl FormPartExpect {
    pub fn text(name: &str, value: &str) -> Self {
        Self {
            name: name.to_owned(),
            file: None,
            data: value.as_bytes().to_vec(),
        }
    }

    pub fn file(name: &str, filename: &str, content_type: &str, data: &[u8]) -> Self {
        Self {
            name: name.to_owned(),
            file: Some((filename.to_owned(), content_type.to_owned())),
            data: data.to_vec(),
        }
    }
}

/// Matches a `multipart/form-data` body with exactly these parts, in this order.
struct MultipartBody(Vec<FormPartExpect>);

/// The parts of a `multipart/form-data` request, parsed with `multer`; `None` when the
/// request is not one or does not parse.
pub fn multipart_parts(request: &wiremock::Request) -> Option<Vec<FormPartExpect>> {
    let ct = request.headers.get("content-type")?.to_str().ok()?;
    let boundary = multer::parse_boundary(ct).ok()?;
    let body = request.body.clone();
    let stream = futures::stream::once(async move { Ok::<_, std::io::Error>(body) });
    let mut form = multer::Multipart::new(stream, boundary);
    futures::executor::block_on(async {
        let mut parts = Vec::new();
        while let Some(field) = form.next_field().await.ok()? {
            let name = field.name()?.to_owned();
            let file = match (field.file_name(), field.content_type()) {
                (Some(f), Some(ct)) => Some((f.to_owned(), ct.to_string())),
                (Some(f), None) => Some((f.to_owned(), String::new())),
                _ => None,
            };
            let data = field.bytes().await.ok()?.to_vec();
            parts.push(FormPartExpect { name, file, data });
        }
        Some(parts)
    })
}

impl Match for MultipartBody {
    fn matches(&self, request: &wiremock::Request) -> bool {
        multipart_parts(request).is_some_and(|got| got == self.0)
    }
}

/// A header with exactly this whole value (wiremock's own matcher splits values at commas,
/// so a JSON or field-mask header could never match it).
struct HeaderRaw(String, String);

impl Match for HeaderRaw {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let mut values = request.headers.get_all(self.0.as_str()).iter();
        matches!(
            (values.next(), values.next()),
            (Some(v), None) if v.as_bytes() == self.1.as_bytes()
        )
    }
}

/// Matches a GraphQL request body: `operationName`, a document that starts with
/// `query <operation>(` or `mutation <operation>(` (or `query <operation> {`), and exactly
/// these `variables`.
pub struct GraphqlOp {
    pub operation: String,
    pub variables: Value,
}

impl Match for GraphqlOp {
    fn matches(&self, request: &wiremock::Request) -> bool {
        let Ok(body) = serde_json::from_slice::<Value>(&request.body) else {
            return false;
        };
        let query = body["query"].as_str().unwrap_or_default().trim_start();
        let op = &self.operation;
        let named = ["query", "mutation"].iter().any(|kind| {
            query
                .strip_prefix(kind)
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix(op.as_str()))
                .is_some_and(|rest| rest.starts_with(['(', ' ', '{']))
        });
        body["operationName"] == op.as_str() && named && body["variables"] == self.variables
    }
}

/// One expected upstream request: exact method, path, query, bearer token and JSON body,
/// answered with a vendor-shaped response. Mounted with `.expect(1)`, so the test fails when
/// it is not called exactly once with exactly this request.
pub struct Expect {
    method: &'static str,
    path: String,
    query: Vec<(String, String)>,
    bearer: Option<String>,
    body: BodyExpect,
    headers: Vec<(String, String)>,
    times: u64,
}

/// Expect `method path` (path without query).
pub fn expect(method: &'static str, path: impl Into<String>) -> Expect {
    Expect {
        method,
        path: path.into(),
        query: Vec::new(),
        bearer: None,
        body: BodyExpect::Empty,
        headers: Vec::new(),
        times: 1,
    }
}

impl Expect {
    pub fn query(mut self, k: &str, v: impl ToString) -> Self {
        self.query.push((k.to_owned(), v.to_string()));
        self
    }

    /// Each of these query parameters, in order (the whole query: see [`Expect::query`]).
    pub fn queries(mut self, pairs: &[(&str, &str)]) -> Self {
        for (k, v) in pairs {
            self = self.query(k, v);
        }
        self
    }

    pub fn bearer(mut self, token: &str) -> Self {
        self.bearer = Some(token.to_owned());
        self
    }

    pub fn json_body(mut self, body: Value) -> Self {
        self.body = BodyExpect::Json(body);
        self
    }

    /// A form-encoded body with exactly these fields.
    pub fn form_body(mut self, fields: &[(&str, &str)]) -> Self {
        self.body = BodyExpect::Form(
            fields
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        );
        self
    }

    /// A `multipart/form-data` body with exactly these parts, in this order.
    pub fn multipart_body(mut self, parts: &[FormPartExpect]) -> Self {
        self.body = BodyExpect::Multipart(MultipartBody(parts.to_vec()));
        self
    }

    /// A GraphQL body: this operation (by name, in `operationName` and the document) with
    /// exactly these variables.
    pub fn graphql(mut self, operation: &str, variables: Value) -> Self {
        self.body = BodyExpect::GraphQl(GraphqlOp {
            operation: operation.to_owned(),
            variables,
        });
        self
    }

    /// Any body (for failure-path tests whose request body another test asserts).
    pub fn any_body(mut self) -> Self {
        self.body = BodyExpect::Any;
        self
    }

    /// A header with exactly this value (the whole value, commas included), sent once.
    pub fn header(mut self, k: &str, v: &str) -> Self {
        self.headers.push((k.to_owned(), v.to_owned()));
        self
    }

    pub fn times(mut self, n: u64) -> Self {
        self.times = n;
        self
    }

    fn mock(self, response: ResponseTemplate) -> Mock {
        use wiremock::matchers;
        let mut m = Mock::given(matchers::method(self.method))
            .and(matchers::path(self.path.clone()))
            .and(QueryExact(self.query.clone()));
        if let Some(t) = &self.bearer {
            m = m.and(matchers::header(
                "authorization",
                format!("Bearer {t}").as_str(),
            ));
        }
        for (k, v) in &self.headers {
            m = m.and(HeaderRaw(k.to_ascii_lowercase(), v.clone()));
        }
        m = match self.body {
            BodyExpect::Json(b) => m.and(matchers::body_json(b)),
            BodyExpect::Form(f) => m.and(FormBody(f)),
            BodyExpect::Multipart(p) => m.and(p),
            BodyExpect::GraphQl(g) => m.and(g),
            BodyExpect::Empty => m.and(NoBody),
            BodyExpect::Any => m,
        };
        m.respond_with(response).expect(self.times)
    }

    /// Answer with `status` and this JSON body.
    pub async fn respond(self, fake: &MockServer, status: u16, body: Value) {
        self.mock(ResponseTemplate::new(status).set_body_json(body))
            .mount(fake)
            .await;
    }

    /// Answer with a custom response.
    pub async fn respond_with(self, fake: &MockServer, response: ResponseTemplate) {
        self.mock(response).mount(fake).await;
    }
}
