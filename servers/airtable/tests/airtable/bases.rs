use crate::{BASE, TABLE, airtable_error, req, setup};
use serde_json::{Value, json};

fn schema() -> Value {
    json!({"tables": [
        {
            "id": TABLE, "name": "Apartments", "description": "Apartments to track.",
            "primaryFieldId": "fld1VnoyuotSTyxW1",
            "fields": [
                {"id": "fld1VnoyuotSTyxW1", "name": "Name", "type": "singleLineText"},
                {"id": "fldoaIqdn5szURHpw", "name": "Pictures", "type": "multipleAttachments", "options": {"isReversed": false}},
                {"id": "fldumZe00w09RYTW6", "name": "District", "type": "multipleRecordLinks",
                 "options": {"inverseLinkFieldId": "fldWnCJlo2z6ttT8Y", "isReversed": false, "linkedTableId": "tblK6MZHez0ZvBChZ", "prefersSingleRecordLink": true}}
            ],
            "views": [{"id": "viwQpsuEDqHFqegkp", "name": "Grid view", "type": "grid", "visibleFieldIds": ["fld1VnoyuotSTyxW1"]}]
        },
        {
            "id": "tblK6MZHez0ZvBChZ", "name": "Districts", "primaryFieldId": "fldEVzvQOoULO38yl",
            "fields": [{"id": "fldEVzvQOoULO38yl", "name": "Name", "type": "singleLineText"}],
            "views": [{"id": "viwi3KXvrKug2mIBS", "name": "Grid view", "type": "grid"}]
        }
    ]})
}

#[tokio::test]
async fn list_bases_pages_by_offset() {
    let s = setup().await;
    req("GET", "/meta/bases")
        .respond(
            &s.fake,
            200,
            json!({"bases": [
                {"id": "appLkNDICXNqxSDhG", "name": "Apartment Hunting", "permissionLevel": "create"},
                {"id": "appSW9R5uCNmRmfl6", "name": "Project Tracker", "permissionLevel": "edit"}
            ], "offset": "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6"}),
        )
        .await;
    let v = s
        .client
        .call_ok("airtable_list_bases_info", json!({}))
        .await;
    assert_eq!(
        v["bases"][1],
        json!({"id": "appSW9R5uCNmRmfl6", "name": "Project Tracker", "permissionLevel": "edit"})
    );
    assert_eq!(v["offset"], "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6");
    req("GET", "/meta/bases")
        .query("offset", "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6")
        .respond(&s.fake, 200, json!({"bases": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_list_bases_info",
            json!({"offset": "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6"}),
        )
        .await;
    assert_eq!(v, json!({"bases": [], "offset": null}));
}

#[tokio::test]
async fn list_bases_error() {
    let s = setup().await;
    req("GET", "/meta/bases")
        .respond(
            &s.fake,
            401,
            airtable_error("AUTHENTICATION_REQUIRED", "Authentication required"),
        )
        .await;
    let err = s
        .client
        .call_err("airtable_list_bases_info", json!({}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("AUTHENTICATION_REQUIRED"), "{err}");
}

#[tokio::test]
async fn list_tables_keeps_field_types() {
    let s = setup().await;
    req("GET", &format!("/meta/bases/{BASE}/tables"))
        .respond(&s.fake, 200, schema())
        .await;
    let v = s
        .client
        .call_ok("airtable_list_tables_info", json!({"base_id": BASE}))
        .await;
    let t = &v["tables"][0];
    assert_eq!(t["id"], TABLE);
    assert_eq!(t["primaryFieldId"], "fld1VnoyuotSTyxW1");
    assert_eq!(
        t["fields"][2],
        json!({"id": "fldumZe00w09RYTW6", "name": "District", "type": "multipleRecordLinks"})
    );
    assert_eq!(
        t["views"][0],
        json!({"id": "viwQpsuEDqHFqegkp", "name": "Grid view", "type": "grid"})
    );
    assert_eq!(v["tables"][1]["name"], "Districts");
}

#[tokio::test]
async fn list_tables_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("airtable_list_tables_info", json!({"base_id": " "}))
        .await;
    assert!(err.contains("`base_id`"), "{err}");
    req("GET", "/meta/bases/appNope/tables")
        .respond(&s.fake, 404, json!({"error": "NOT_FOUND"}))
        .await;
    let err = s
        .client
        .call_err("airtable_list_tables_info", json!({"base_id": "appNope"}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("NOT_FOUND"), "{err}");
}

#[tokio::test]
async fn get_base_schema_keeps_options_and_filters_tables() {
    let s = setup().await;
    req("GET", &format!("/meta/bases/{BASE}/tables"))
        .query("include[]", "visibleFieldIds")
        .times(2)
        .respond(&s.fake, 200, schema())
        .await;
    let v = s
        .client
        .call_ok("airtable_get_base_schema", json!({"base_id": BASE}))
        .await;
    assert_eq!(v, schema());
    let v = s
        .client
        .call_ok(
            "airtable_get_base_schema",
            json!({"base_id": BASE, "tables": ["Districts"]}),
        )
        .await;
    assert_eq!(v["tables"].as_array().unwrap().len(), 1);
    assert_eq!(v["tables"][0]["id"], "tblK6MZHez0ZvBChZ");
}

#[tokio::test]
async fn get_base_schema_unknown_table() {
    let s = setup().await;
    req("GET", &format!("/meta/bases/{BASE}/tables"))
        .query("include[]", "visibleFieldIds")
        .respond(&s.fake, 200, schema())
        .await;
    let err = s
        .client
        .call_err(
            "airtable_get_base_schema",
            json!({"base_id": BASE, "tables": ["Flats"]}),
        )
        .await;
    assert!(err.contains("no table Flats"), "{err}");
    assert!(err.contains("Apartments, Districts"), "{err}");
}

#[tokio::test]
async fn get_user_info() {
    let s = setup().await;
    req("GET", "/meta/whoami")
        .respond(
            &s.fake,
            200,
            json!({"id": "usrL2PNC5o3H4lBEi", "email": "foo@bar.com"}),
        )
        .await;
    let v = s.client.call_ok("airtable_get_user_info", json!({})).await;
    assert_eq!(
        v,
        json!({"id": "usrL2PNC5o3H4lBEi", "email": "foo@bar.com"})
    );
}

#[tokio::test]
async fn get_user_info_error() {
    let s = setup().await;
    req("GET", "/meta/whoami")
        .respond(
            &s.fake,
            401,
            airtable_error("AUTHENTICATION_REQUIRED", "Authentication required"),
        )
        .await;
    let err = s.client.call_err("airtable_get_user_info", json!({})).await;
    assert!(err.contains("Authentication required"), "{err}");
}

#[tokio::test]
async fn create_table_sends_fields() {
    let s = setup().await;
    let fields = json!([
        {"name": "Name", "type": "singleLineText", "description": "Name of the apartment"},
        {"name": "Address", "type": "singleLineText"},
        {"name": "Visited", "type": "checkbox", "options": {"color": "greenBright", "icon": "check"}}
    ]);
    req("POST", &format!("/meta/bases/{BASE}/tables"))
        .json_body(json!({"name": "Apartments", "description": "A to-do list of places to visit", "fields": fields}))
        .respond(
            &s.fake,
            200,
            json!({
                "id": "tblTJFSpuoB5qFZjE", "name": "Apartments", "description": "A to-do list of places to visit",
                "primaryFieldId": "fld1VnoyuotSTyxW1",
                "fields": [
                    {"id": "fld1VnoyuotSTyxW1", "name": "Name", "type": "singleLineText", "description": "Name of the apartment"},
                    {"id": "fldoi0c3GaRQJ3xnI", "name": "Address", "type": "singleLineText"},
                    {"id": "fldumZe00w09RYTW6", "name": "Visited", "type": "checkbox", "options": {"color": "redBright", "icon": "star"}}
                ],
                "views": [{"id": "viwQpsuEDqHFqegkp", "name": "Grid view", "type": "grid"}]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_create_table",
            json!({"base_id": BASE, "name": " Apartments ", "description": "A to-do list of places to visit", "fields": fields}),
        )
        .await;
    assert_eq!(v["id"], "tblTJFSpuoB5qFZjE");
    assert_eq!(
        v["fields"][2],
        json!({"id": "fldumZe00w09RYTW6", "name": "Visited", "type": "checkbox"})
    );
}

#[tokio::test]
async fn create_table_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_create_table",
            json!({"base_id": BASE, "name": "T", "fields": []}),
        )
        .await;
    assert!(err.contains("at least one field"), "{err}");
    let err = s
        .client
        .call_err(
            "airtable_create_table",
            json!({"base_id": BASE, "name": "T", "fields": [{"name": "Name"}]}),
        )
        .await;
    assert!(
        err.contains("`fields[0]` needs a `name` and a `type`"),
        "{err}"
    );
    req("POST", &format!("/meta/bases/{BASE}/tables"))
        .json_body(json!({"name": "T", "fields": [{"name": "Name", "type": "formula"}]}))
        .respond(
            &s.fake,
            422,
            airtable_error(
                "INVALID_FIELD_TYPE",
                "Field type formula is not supported for creation",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_create_table",
            json!({"base_id": BASE, "name": "T", "fields": [{"name": "Name", "type": "formula"}]}),
        )
        .await;
    assert!(err.contains("INVALID_FIELD_TYPE"), "{err}");
}

#[tokio::test]
async fn update_table_sends_only_given_fields() {
    let s = setup().await;
    req("PATCH", &format!("/meta/bases/{BASE}/tables/{TABLE}"))
        .json_body(json!({"name": "Flats"}))
        .respond(
            &s.fake,
            200,
            json!({"id": TABLE, "name": "Flats", "primaryFieldId": "fld1VnoyuotSTyxW1",
                   "fields": [{"id": "fld1VnoyuotSTyxW1", "name": "Name", "type": "singleLineText"}],
                   "views": [{"id": "viwQpsuEDqHFqegkp", "name": "Grid view", "type": "grid"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_update_table",
            json!({"base_id": BASE, "table_id": TABLE, "name": "Flats"}),
        )
        .await;
    assert_eq!(v["name"], "Flats");
    assert_eq!(v["fields"][0]["type"], "singleLineText");
}

#[tokio::test]
async fn update_table_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_update_table",
            json!({"base_id": BASE, "table_id": TABLE}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    req("PATCH", &format!("/meta/bases/{BASE}/tables/tblNope"))
        .json_body(json!({"description": "x"}))
        .respond(&s.fake, 404, json!({"error": "NOT_FOUND"}))
        .await;
    let err = s
        .client
        .call_err(
            "airtable_update_table",
            json!({"base_id": BASE, "table_id": "tblNope", "description": "x"}),
        )
        .await;
    assert!(err.contains("NOT_FOUND"), "{err}");
}

#[tokio::test]
async fn create_field_with_options() {
    let s = setup().await;
    let options = json!({"choices": [{"name": "Open"}, {"name": "Done"}]});
    req("POST", &format!("/meta/bases/{BASE}/tables/{TABLE}/fields"))
        .json_body(json!({"name": "Status", "type": "singleSelect", "description": "Where it stands", "options": options}))
        .respond(
            &s.fake,
            200,
            json!({"id": "fldqCjrs1UhXgHUIc", "name": "Status", "type": "singleSelect", "description": "Where it stands",
                   "options": {"choices": [{"id": "selA", "name": "Open", "color": "blueLight2"}, {"id": "selB", "name": "Done", "color": "cyanLight2"}]}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "airtable_create_field",
            json!({"base_id": BASE, "table_id": TABLE, "name": "Status", "type": "singleSelect", "description": "Where it stands", "options": options}),
        )
        .await;
    assert_eq!(v["id"], "fldqCjrs1UhXgHUIc");
    assert_eq!(v["type"], "singleSelect");
    assert_eq!(v["options"]["choices"][1]["id"], "selB");
}

#[tokio::test]
async fn create_field_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_create_field",
            json!({"base_id": BASE, "table_id": TABLE, "name": "X", "type": " "}),
        )
        .await;
    assert!(err.contains("`type`"), "{err}");
    req("POST", &format!("/meta/bases/{BASE}/tables/{TABLE}/fields"))
        .json_body(json!({"name": "Name", "type": "singleLineText"}))
        .respond(
            &s.fake,
            422,
            airtable_error(
                "DUPLICATE_OR_EMPTY_FIELD_NAME",
                "Field names must be unique",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "airtable_create_field",
            json!({"base_id": BASE, "table_id": TABLE, "name": "Name", "type": "singleLineText"}),
        )
        .await;
    assert!(err.contains("Field names must be unique"), "{err}");
}

#[tokio::test]
async fn update_field_renames() {
    let s = setup().await;
    req(
        "PATCH",
        &format!("/meta/bases/{BASE}/tables/{TABLE}/fields/fldqCjrs1UhXgHUIc"),
    )
    .json_body(json!({"name": "State", "description": ""}))
    .respond(
        &s.fake,
        200,
        json!({"id": "fldqCjrs1UhXgHUIc", "name": "State", "type": "singleSelect", "options": {"choices": []}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "airtable_update_field",
            json!({"base_id": BASE, "table_id": TABLE, "field_id": "fldqCjrs1UhXgHUIc", "name": "State", "description": ""}),
        )
        .await;
    assert_eq!(v["name"], "State");
    assert_eq!(v["type"], "singleSelect");
}

#[tokio::test]
async fn update_field_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "airtable_update_field",
            json!({"base_id": BASE, "table_id": TABLE, "field_id": ""}),
        )
        .await;
    assert!(err.contains("`field_id`"), "{err}");
    req(
        "PATCH",
        &format!("/meta/bases/{BASE}/tables/{TABLE}/fields/fldX"),
    )
    .json_body(json!({"name": "Y"}))
    .respond(
        &s.fake,
        403,
        airtable_error(
            "INVALID_PERMISSIONS",
            "You are not permitted to perform this operation",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "airtable_update_field",
            json!({"base_id": BASE, "table_id": TABLE, "field_id": "fldX", "name": "Y"}),
        )
        .await;
    assert!(err.contains("INVALID_PERMISSIONS"), "{err}");
    assert!(err.contains("scope"), "{err}");
}
