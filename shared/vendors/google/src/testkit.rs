//! Fakes of Google APIs' own answers, for the Google servers' tests.

use serde_json::{Value, json};
use wiremock::ResponseTemplate;

/// The API whose error a fake answers with: its `googleapis.com` service, the RPC method
/// named in the error's `ErrorInfo`, and whether its errors carry the legacy `errors` list
/// (the v3-era APIs: Gmail, Calendar, Drive) besides `status`.
pub struct GoogleApi {
    pub service: &'static str,
    pub method: &'static str,
    pub legacy_errors: bool,
}

/// Google's 403 for a token without the OAuth scope a method needs: the `WWW-Authenticate`
/// header naming the scope, and the error body with its `ErrorInfo` detail.
pub fn insufficient_scope(api: &GoogleApi, scope: &str) -> ResponseTemplate {
    let mut error = json!({
        "code": 403,
        "message": "Request had insufficient authentication scopes.",
        "status": "PERMISSION_DENIED",
        "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
            "domain": "googleapis.com",
            "metadata": {"service": api.service, "method": api.method}
        }]
    });
    if api.legacy_errors {
        error["errors"] = json!([{"message": "Insufficient Permission", "domain": "global", "reason": "insufficientPermissions"}]);
    }
    ResponseTemplate::new(403)
        .insert_header(
            "www-authenticate",
            format!(
                "Bearer realm=\"https://accounts.google.com/\", error=\"insufficient_scope\", scope=\"{scope}\""
            )
            .as_str(),
        )
        .set_body_json(json!({ "error": error }))
}

/// A Google error body: `{"error": {code, message, status}}`, with the legacy `errors` list
/// when `reason` is given.
pub fn google_error(code: u16, status: &str, reason: Option<&str>, message: &str) -> Value {
    let mut error = json!({"code": code, "message": message, "status": status});
    if let Some(reason) = reason {
        error["errors"] = json!([{"message": message, "domain": "global", "reason": reason}]);
    }
    json!({ "error": error })
}

// ---------------------------------------------------------------------------------------------
// Shared by the Gmail, Google Calendar and Google Drive tests: exact requests, Google's v3
// error bodies, retries, the tool surface, and the contact search every server with
// `crate::contacts` lists. (Paths are written out in full
// here so that no `use` of this section collides with another section's.)

/// A mock of `method path` on a Google API with exactly these query pairs and the bearer
/// `token`; the body is left to the caller (a body matcher, or a test that decodes it).
pub fn request(
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    token: &str,
) -> wiremock::MockBuilder {
    use wiremock::matchers;
    wiremock::Mock::given(matchers::method(method))
        .and(matchers::path(path))
        .and(mcp_testkit::QueryExact(
            query
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        ))
        .and(matchers::header(
            "authorization",
            format!("Bearer {token}").as_str(),
        ))
}

/// The older error body of the v3 APIs, without `status` (Calendar's and Drive's rate limits
/// and not-founds): `{"error": {"code", "message", "errors": [{"message", "domain",
/// "reason"}]}}`.
pub fn legacy_error(code: u16, domain: &str, reason: &str, message: &str) -> Value {
    json!({
        "error": {
            "code": code,
            "message": message,
            "errors": [{"message": message, "domain": domain, "reason": reason}]
        }
    })
}

/// Google's rate limit as a 403 (`rateLimitExceeded`, `userRateLimitExceeded`), which the
/// servers retry like a 429.
pub fn rate_limit_403(reason: &str, message: &str) -> Value {
    legacy_error(403, "usageLimits", reason, message)
}

/// Answer the first `failures` requests that `mock` matches with `failure`, the next one with
/// `success`; both counts are verified when the fake drops (a retry test's arrangement).
pub async fn fail_then_succeed(
    fake: &wiremock::MockServer,
    mock: impl Fn() -> wiremock::MockBuilder,
    failure: ResponseTemplate,
    failures: u64,
    success: ResponseTemplate,
) {
    mock()
        .respond_with(failure)
        .up_to_n_times(failures)
        .expect(failures)
        .mount(fake)
        .await;
    mock().respond_with(success).expect(1).mount(fake).await;
}

// The surface checks first written for the Google servers serve every server.
pub use mcp_testkit::surface::{
    assert_annotations, assert_beyond_catalog, assert_catalog_enums_and_defaults, listed_tools,
    param_schema,
};

/// Expands to a `google_contacts` test module: every [`Contacts`] scenario for the server
/// `$spec` (binary `$bin`) whose contact search tool is `$tool`, with a client sending
/// `$token` (a `&'static str`).
#[macro_export]
macro_rules! google_contacts_suite {
    ($spec:path, $bin:literal, $tool:literal, $token:expr) => {
        mod google_contacts {
            use $crate::testkit::Contacts;

            async fn contacts() -> Contacts {
                Contacts::start(&$spec, $tool, $token).await
            }

            #[tokio::test]
            async fn personal_contacts() {
                contacts().await.personal().await;
            }

            #[tokio::test]
            async fn other_contacts_with_their_read_mask() {
                contacts().await.other().await;
            }

            #[tokio::test]
            async fn the_directory_by_pages() {
                contacts().await.directory_by_pages().await;
            }

            #[tokio::test]
            async fn all_sources_with_a_directory_that_fails() {
                contacts().await.all_with_a_failing_directory().await;
            }

            #[tokio::test]
            async fn all_sources_for_the_next_directory_page() {
                contacts().await.all_next_directory_page().await;
            }

            #[tokio::test]
            async fn without_the_contacts_scope() {
                contacts().await.without_the_contacts_scope().await;
            }

            #[tokio::test]
            async fn every_source_failing() {
                contacts().await.every_source_failing().await;
            }

            #[tokio::test]
            async fn bad_arguments_never_reach_google() {
                contacts().await.bad_arguments().await;
            }

            #[tokio::test]
            async fn the_binary_reads_people_api_base_url() {
                Contacts::binary_reads_the_people_base_url(
                    &$spec,
                    env!(concat!("CARGO_BIN_EXE_", $bin)),
                    $tool,
                    $token,
                )
                .await;
            }
        }
    };
}

/// The Gmail API, for its errors.
pub const GMAIL_API: GoogleApi = GoogleApi {
    service: "gmail.googleapis.com",
    method: "caribou.api.proto.MailboxService.SendMessage",
    legacy_errors: true,
};

/// The Calendar API, for its errors.
pub const CALENDAR_API: GoogleApi = GoogleApi {
    service: "calendar-json.googleapis.com",
    method: "calendar.v3.Events.Insert",
    legacy_errors: true,
};

/// The Drive API, for its errors.
pub const DRIVE_API: GoogleApi = GoogleApi {
    service: "drive.googleapis.com",
    method: "google.apps.drive.v3.DriveFiles.Create",
    legacy_errors: true,
};

/// The People API, for its errors (its scope is `contacts.readonly`).
pub const PEOPLE_API: GoogleApi = GoogleApi {
    service: "people.googleapis.com",
    method: "google.people.v1.PeopleService.SearchContacts",
    legacy_errors: true,
};

/// The read mask of a person search (personal contacts, the directory).
const PERSON_MASK: &str = "names,emailAddresses,phoneNumbers,organizations";
/// The read mask of an other-contacts search (the fields that method accepts).
const OTHER_MASK: &str = "names,emailAddresses,phoneNumbers";
const SEARCH_CONTACTS: &str = "/v1/people:searchContacts";
const SEARCH_OTHER: &str = "/v1/otherContacts:search";
const SEARCH_DIRECTORY: &str = "/v1/people:searchDirectoryPeople";

/// A person as the People API returns it under [`PERSON_MASK`].
pub fn person(id: &str, name: &str, email: &str) -> Value {
    let given = name.split(' ').next().unwrap_or(name);
    json!({
        "resourceName": format!("people/{id}"),
        "etag": "%EgUBAi43PRoEAQIFByIMR0xCc0FMcVBJQmc9",
        "names": [{
            "metadata": {"primary": true, "source": {"type": "CONTACT", "id": id}},
            "displayName": name, "familyName": "Example", "givenName": given,
            "displayNameLastFirst": format!("Example, {name}")
        }],
        "emailAddresses": [{"metadata": {"primary": true}, "value": email, "type": "work", "formattedType": "Work"}],
        "phoneNumbers": [{"value": "+1 555-0100", "canonicalForm": "+15550100", "type": "mobile"}],
        "organizations": [{"name": "Example Corp", "title": "Engineer"}]
    })
}

/// The contact search of a Google server (`gmail_search_contacts`,
/// `google_calendar_search_contacts`: one implementation in mcp-shared) against a fake People
/// API, the server's main API at another fake that must get nothing; each scenario is one
/// method, which a server's test calls.
pub struct Contacts {
    pub people: wiremock::MockServer,
    pub main: wiremock::MockServer,
    pub server: mcp_testkit::TestServer,
    pub client: mcp_testkit::Client,
    tool: &'static str,
    token: &'static str,
}

impl Contacts {
    /// `spec`'s server with its `people` API at one fake and its main API at another, and a
    /// client sending `token`.
    pub async fn start(
        spec: &'static mcp_shared::ServerSpec,
        tool: &'static str,
        token: &'static str,
    ) -> Self {
        let people = wiremock::MockServer::start().await;
        let main = wiremock::MockServer::start().await;
        let settings = mcp_testkit::settings_for(&main.uri()).with_api("people", &people.uri());
        let server = mcp_testkit::TestServer::start(spec, settings).await;
        let client = server.client(token).await;
        Self {
            people,
            main,
            server,
            client,
            tool,
            token,
        }
    }

    /// A search of `path` with this query, read mask and page size, and the bearer token.
    fn search(&self, path: &str, query: &str, mask: &str, size: u64) -> mcp_testkit::Expect {
        mcp_testkit::expect("GET", path)
            .bearer(self.token)
            .query("query", query)
            .query("readMask", mask)
            .query("pageSize", size)
    }

    /// The warmup request Google asks for before a personal or other-contacts search.
    async fn warmup(&self, path: &str) {
        self.search(path, "", "names", 1)
            .respond(&self.people, 200, json!({}))
            .await;
    }

    /// A directory search with these sources.
    fn directory(&self, query: &str, size: u64, sources: &[&str]) -> mcp_testkit::Expect {
        sources.iter().fold(
            self.search(SEARCH_DIRECTORY, query, PERSON_MASK, size),
            |e, s| e.query("sources", s),
        )
    }

    /// Check every expectation so far and forget them (for a scenario in several steps).
    async fn done(&self) {
        self.people.verify().await;
        self.people.reset().await;
    }

    /// The main API got nothing: contacts are the People API's.
    async fn assert_main_untouched(&self) {
        assert!(
            self.main
                .received_requests()
                .await
                .unwrap_or_default()
                .is_empty(),
            "a contact search reached the server's main API"
        );
    }

    /// Personal contacts: the warmup, then the search with the page size capped at 30; the
    /// concise result.
    pub async fn personal(&self) {
        self.warmup(SEARCH_CONTACTS).await;
        self.search(SEARCH_CONTACTS, "ann", PERSON_MASK, 30)
            .respond(
                &self.people,
                200,
                json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
            )
            .await;
        let v = self
            .client
            .call_ok(
                self.tool,
                json!({"query": "ann", "contactType": "personal", "pageSize": 50}),
            )
            .await;
        assert_eq!(
            v,
            json!({"contactType": "personal", "contacts": [{
                "resourceName": "people/c1", "name": "Ann Example", "emails": ["ann@example.com"],
                "phones": ["+1 555-0100"], "organizations": [{"name": "Example Corp", "title": "Engineer"}]
            }]})
        );
        self.assert_main_untouched().await;
    }

    /// Other contacts (people emailed): their own read mask.
    pub async fn other(&self) {
        self.warmup(SEARCH_OTHER).await;
        self.search(SEARCH_OTHER, "bob@", OTHER_MASK, 10)
            .respond(
                &self.people,
                200,
                json!({"results": [{"person": {"resourceName": "otherContacts/c9", "emailAddresses": [{"value": "bob@example.com"}]}}]}),
            )
            .await;
        let v = self
            .client
            .call_ok(self.tool, json!({"query": "bob@", "contactType": "other"}))
            .await;
        assert_eq!(
            v,
            json!({"contactType": "other", "contacts": [{"resourceName": "otherContacts/c9", "emails": ["bob@example.com"]}]})
        );
        self.assert_main_untouched().await;
    }

    /// The directory: each `directorySources` value as its source types, the page size capped
    /// at 500, the page token passed on and the next one returned, no warmup.
    pub async fn directory_by_pages(&self) {
        for (sources, types) in [
            (
                "DOMAIN_DIRECTORY",
                &["DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"][..],
            ),
            (
                "DOMAIN_CONTACTS",
                &["DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT"][..],
            ),
            (
                "UNSPECIFIED",
                &[
                    "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE",
                    "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT",
                ][..],
            ),
        ] {
            self.directory("dan", 500, types)
                .query("pageToken", "dir-p2")
                .respond(
                    &self.people,
                    200,
                    json!({"people": [person("d1", "Dan Example", "dan@example.com")], "nextPageToken": "dir-p3", "totalSize": 1204}),
                )
                .await;
            let v = self
                .client
                .call_ok(
                    self.tool,
                    json!({"query": "dan", "contactType": "directory", "pageSize": 900, "pageToken": "dir-p2", "directorySources": sources}),
                )
                .await;
            assert_eq!(v["contactType"], "directory", "{sources}");
            assert_eq!(v["nextPageToken"], "dir-p3", "{sources}");
            assert_eq!(v["totalSize"], 1204, "{sources}");
            assert_eq!(
                v["contacts"][0]["emails"],
                json!(["dan@example.com"]),
                "{sources}"
            );
            self.done().await;
        }
        self.assert_main_untouched().await;
    }

    /// `all` (the default): the three result sets; a directory that is not available (a
    /// consumer account) reports its error in its place without failing the others.
    pub async fn all_with_a_failing_directory(&self) {
        self.warmup(SEARCH_CONTACTS).await;
        self.warmup(SEARCH_OTHER).await;
        self.search(SEARCH_CONTACTS, "ann", PERSON_MASK, 10)
            .respond(
                &self.people,
                200,
                json!({"results": [{"person": person("c1", "Ann Example", "ann@example.com")}]}),
            )
            .await;
        self.search(SEARCH_OTHER, "ann", OTHER_MASK, 10)
            .respond(&self.people, 200, json!({}))
            .await;
        self.directory(
            "ann",
            10,
            &[
                "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE",
                "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT",
            ],
        )
        .respond(
            &self.people,
            400,
            google_error(
                400,
                "FAILED_PRECONDITION",
                Some("failedPrecondition"),
                "Must be a G Suite domain user.",
            ),
        )
        .await;
        let v = self
            .client
            .call_ok(self.tool, json!({"query": "ann"}))
            .await;
        assert_eq!(v["contactType"], "all");
        assert_eq!(v["personal"]["contacts"][0]["name"], "Ann Example");
        assert_eq!(v["other"]["contacts"], json!([]));
        let dir_err = v["directory"]["error"].as_str().unwrap_or_default();
        assert!(
            dir_err.contains("Google People API error 400")
                && dir_err.contains("Must be a G Suite domain user"),
            "{v}"
        );
        self.assert_main_untouched().await;
    }

    /// `all` with a page token: the directory's next page only (the other sources do not
    /// page).
    pub async fn all_next_directory_page(&self) {
        self.directory(
            "ann",
            10,
            &[
                "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE",
                "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT",
            ],
        )
        .query("pageToken", "dir-p2")
        .respond(&self.people, 200, json!({"people": [], "totalSize": 0}))
        .await;
        let v = self
            .client
            .call_ok(self.tool, json!({"query": "ann", "pageToken": "dir-p2"}))
            .await;
        assert_eq!(
            v,
            json!({"contactType": "all", "directory": {"contacts": [], "totalSize": 0}})
        );
        self.assert_main_untouched().await;
    }

    /// A token without the contacts scope: the People API's 403, with the scope named.
    pub async fn without_the_contacts_scope(&self) {
        self.warmup(SEARCH_CONTACTS).await;
        self.search(SEARCH_CONTACTS, "zed", PERSON_MASK, 10)
            .respond_with(
                &self.people,
                insufficient_scope(
                    &PEOPLE_API,
                    "https://www.googleapis.com/auth/contacts.readonly",
                ),
            )
            .await;
        let err = self
            .client
            .call_err(
                self.tool,
                json!({"query": "zed", "contactType": "personal"}),
            )
            .await;
        assert!(err.contains("Google People API error 403"), "{err}");
        assert!(err.contains("auth/contacts.readonly"), "{err}");
        self.assert_main_untouched().await;
    }

    /// `all` with every source failing is an error, with Google's message.
    pub async fn every_source_failing(&self) {
        for path in [SEARCH_CONTACTS, SEARCH_OTHER, SEARCH_DIRECTORY] {
            wiremock::Mock::given(wiremock::matchers::path(path))
                .respond_with(ResponseTemplate::new(401).set_body_json(google_error(
                    401,
                    "UNAUTHENTICATED",
                    Some("authError"),
                    "Invalid Credentials",
                )))
                .mount(&self.people)
                .await;
        }
        let err = self.client.call_err(self.tool, json!({"query": "x"})).await;
        assert!(
            err.contains("401") && err.contains("Invalid Credentials"),
            "{err}"
        );
        self.assert_main_untouched().await;
    }

    /// Arguments Google would refuse never reach it: a page token outside the directory, an
    /// empty query, an unknown contact type.
    pub async fn bad_arguments(&self) {
        for (args, want) in [
            (
                json!({"query": "ann", "contactType": "personal", "pageToken": "p"}),
                "directory searches only",
            ),
            (
                json!({"query": "ann", "contactType": "other", "pageToken": "p"}),
                "directory searches only",
            ),
            (json!({"query": "  "}), "`query` must not be empty"),
            (json!({"query": "a", "contactType": "everyone"}), "everyone"),
        ] {
            let err = self.client.call_err(self.tool, args.clone()).await;
            assert!(err.contains(want), "{args}: {err}");
        }
        assert!(
            self.people
                .received_requests()
                .await
                .unwrap_or_default()
                .is_empty(),
            "a refused search reached the People API"
        );
        self.assert_main_untouched().await;
    }

    /// The binary `bin` (over stdio, the token in `AUTH_DATA`) reaches the People API at
    /// `PEOPLE_API_BASE_URL`, and its main API (at `spec`'s base URL variable) not at all.
    pub async fn binary_reads_the_people_base_url(
        spec: &'static mcp_shared::ServerSpec,
        bin: &str,
        tool: &'static str,
        token: &'static str,
    ) {
        let people = wiremock::MockServer::start().await;
        let main = wiremock::MockServer::start().await;
        mcp_testkit::expect("GET", SEARCH_DIRECTORY)
            .bearer(token)
            .queries(&[
                ("query", "ann"),
                ("readMask", PERSON_MASK),
                ("pageSize", "10"),
                ("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"),
                ("sources", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT"),
            ])
            .respond(
                &people,
                200,
                json!({"people": [person("c1", "Ann Example", "ann@example.com")]}),
            )
            .await;
        let (main_uri, people_uri) = (main.uri(), people.uri());
        let auth = json!({ "access_token": token }).to_string();
        let main_var = spec.base_url_var();
        let client = mcp_testkit::spawn_stdio(
            bin,
            &[],
            &[
                (main_var.as_str(), main_uri.as_str()),
                ("PEOPLE_API_BASE_URL", people_uri.as_str()),
                ("AUTH_DATA", auth.as_str()),
            ],
        )
        .await;
        let v = client
            .call_ok(tool, json!({"query": "ann", "contactType": "directory"}))
            .await;
        assert_eq!(v["contacts"][0]["emails"], json!(["ann@example.com"]));
        client.close().await;
        assert!(
            main.received_requests()
                .await
                .unwrap_or_default()
                .is_empty(),
            "a contact search reached {main_var}"
        );
    }
}

// --- Docs, Sheets and Slides (editors) ---
// Shared by the tests of the three editors' servers: Google's errors as their APIs send them
// (`error.status`, no legacy `errors` list), what a `batchUpdate` answers, the Drive listing
// each of them offers, and calls without credentials. Paths are written in full, as above.

/// Google's 403 for a file the caller may not open (not shared with the account): a plain
/// `PERMISSION_DENIED`, not a scope problem, so no `WWW-Authenticate`.
pub fn permission_denied() -> ResponseTemplate {
    ResponseTemplate::new(403).set_body_json(google_error(
        403,
        "PERMISSION_DENIED",
        None,
        "The caller does not have permission",
    ))
}

/// Google's 404 for an id that names no file the caller can see.
pub fn not_found() -> ResponseTemplate {
    ResponseTemplate::new(404).set_body_json(google_error(
        404,
        "NOT_FOUND",
        None,
        "Requested entity was not found.",
    ))
}

/// Google's 429 for the per-user write quota of `service` (`docs.googleapis.com`, ...):
/// `RESOURCE_EXHAUSTED` with an `ErrorInfo` whose reason is `RATE_LIMIT_EXCEEDED` and whose
/// metadata names the quota, and the `Help` link Google adds.
pub fn write_quota_exceeded(service: &str) -> ResponseTemplate {
    let message = format!(
        "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service '{service}' for consumer 'project_number:123456789'."
    );
    ResponseTemplate::new(429).set_body_json(json!({
        "error": {
            "code": 429,
            "message": message,
            "status": "RESOURCE_EXHAUSTED",
            "details": [
                {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_LIMIT_EXCEEDED",
                 "domain": "googleapis.com",
                 "metadata": {"service": service, "consumer": "projects/123456789",
                              "quota_metric": format!("{service}/write_requests"),
                              "quota_limit": "WriteRequestsPerMinutePerUser", "quota_limit_value": "60"}},
                {"@type": "type.googleapis.com/google.rpc.Help",
                 "links": [{"description": "Request a higher quota limit.",
                            "url": "https://cloud.google.com/docs/quota#requesting_higher_quota"}]}
            ]
        }
    }))
}

/// What an editor's `batchUpdate` answers: the file's id under `id_field` (`documentId`,
/// `presentationId`, `spreadsheetId`), one reply per request (`{}` for a request without
/// one), and, where the API has one (Docs, Slides), the revision after the change in
/// `writeControl.requiredRevisionId`.
pub fn batch_update_reply(
    id_field: &str,
    id: &str,
    replies: Value,
    revision: Option<&str>,
) -> Value {
    let mut reply = json!({ id_field: id, "replies": replies });
    if let Some(revision) = revision {
        reply["writeControl"] = json!({ "requiredRevisionId": revision });
    }
    reply
}

/// Drive's `files.list` as an editor's listing tool sends it without arguments, with `token`:
/// the files of `mime_type` (`application/vnd.google-apps.document`, ...) not in the trash,
/// newest first, 100 a page, these `fields`.
pub fn drive_files_list(token: &str, mime_type: &str, fields: &str) -> mcp_testkit::Expect {
    let q = format!("mimeType='{mime_type}' and trashed=false");
    mcp_testkit::expect("GET", "/drive/v3/files")
        .bearer(token)
        .queries(&[
            ("q", q.as_str()),
            ("orderBy", "modifiedTime desc"),
            ("pageSize", "100"),
            ("fields", fields),
        ])
}

/// The binary `bin` of `spec` over stdio (the token in `AUTH_DATA`) lists the editor's files
/// through Drive at `GOOGLE_DRIVE_API_BASE_URL`, which the standard suite (calling the
/// editor's own API) does not reach: the listing `tool` sends `files.list` for the files of
/// `mime_type` (not trashed, newest first, 100 a page, these `fields`), its result lists the
/// file Drive answered under `listed`, and the editor's own API got no request.
pub async fn binary_lists_through_drive(
    spec: &'static mcp_shared::ServerSpec,
    bin: &str,
    tool: &str,
    (mime_type, fields): (&str, &str),
    listed: &str,
) {
    const EDITOR_TOKEN: &str = "ya29.editor-drive-variable-token";
    let (drive, editor) = (
        wiremock::MockServer::start().await,
        wiremock::MockServer::start().await,
    );
    drive_files_list(EDITOR_TOKEN, mime_type, fields)
        .respond(
            &drive,
            200,
            json!({"files": [{"id": "1EditorFileOnDrive", "name": "Plan"}]}),
        )
        .await;
    let editor_var = spec.base_url_var();
    let env = [
        (editor_var.clone(), editor.uri()),
        ("GOOGLE_DRIVE_API_BASE_URL".to_owned(), drive.uri()),
        (
            "AUTH_DATA".to_owned(),
            json!({ "access_token": EDITOR_TOKEN }).to_string(),
        ),
    ];
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let client = mcp_testkit::spawn_stdio(bin, &[], &env).await;
    let listing = client.call_ok(tool, json!({})).await;
    client.close().await;
    assert_eq!(
        listing[listed][0]["id"], "1EditorFileOnDrive",
        "{tool}: {listing}"
    );
    let stray = editor.received_requests().await.unwrap_or_default();
    assert!(stray.is_empty(), "{tool} reached {editor_var}");
}

/// Each of `calls` (a tool and its arguments), sent to `server` without any credentials,
/// fails with a message that names what to set (the `access_token` field and `AUTH_DATA`),
/// and none of the `apis` (the fakes the server's APIs point at) received a request.
pub async fn assert_calls_need_credentials(
    server: &mcp_testkit::TestServer,
    calls: &[(&str, Value)],
    apis: &[&wiremock::MockServer],
) {
    let client = server.client_with(&[]).await;
    for (tool, args) in calls {
        let err = client.call_err(tool, args.clone()).await;
        assert!(
            err.contains("access_token") && err.contains("AUTH_DATA"),
            "{tool}: {err}"
        );
    }
    client.close().await;
    for api in apis {
        let got = api.received_requests().await.unwrap_or_default();
        assert!(
            got.is_empty(),
            "a call without credentials reached {}",
            api.uri()
        );
    }
}
