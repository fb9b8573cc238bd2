//! OData options: literals and filters escaped, the query encoded once in a fixed order.

use mcp_vendor_microsoft::{Filter, Lit, Query, literal, page_size};

#[test]
fn odata_literals_and_filters_are_escaped_and_combined() {
    assert_eq!(literal("O'Neil's"), "'O''Neil''s'");
    assert_eq!(
        Filter::eq("from/emailAddress/address", "o'neil@example.com").as_str(),
        "from/emailAddress/address eq 'o''neil@example.com'"
    );
    let f = Filter::eq("isRead", false)
        .and(Filter::ge(
            "receivedDateTime",
            Lit::datetime("2026-01-31T08:00:00Z", "since").unwrap(),
        ))
        .or(Filter::starts_with("subject", "Q3"));
    assert_eq!(
        f.as_str(),
        "(isRead eq false and receivedDateTime ge 2026-01-31T08:00:00Z) or startswith(subject,'Q3')"
    );
    assert_eq!(
        Filter::any_eq("resourceProvisioningOptions", "Team").as_str(),
        "resourceProvisioningOptions/any(x:x eq 'Team')"
    );
    assert!(
        Lit::datetime("yesterday", "since")
            .unwrap_err()
            .to_string()
            .contains("`since`")
    );
    assert!(Lit::datetime("2026-01-31' or 1 eq 1", "since").is_err());
}

#[test]
fn odata_query_is_encoded_once_in_a_fixed_order() {
    let q = Query::new()
        .top(5)
        .select(["id", "subject"])
        .filter(Filter::eq("displayName", "R&D = 100%+"))
        .search("budget \"Q3\"")
        .orderby("receivedDateTime", true)
        .expand("attachments($select=name,size)")
        .param("includeHiddenFolders", true);
    assert_eq!(
        q.encode(),
        "$select=id,subject&$expand=attachments($select%3Dname,size)&$filter=displayName%20eq%20'R%26D%20%3D%20100%25%2B'&$search=%22budget%20%5C%22Q3%5C%22%22&$orderby=receivedDateTime%20desc&$top=5&includeHiddenFolders=true"
    );
    assert_eq!(q.on("/me/messages"), format!("/me/messages?{}", q.encode()));
    assert_eq!(Query::new().on("/me"), "/me");
    assert_eq!(
        Query::new()
            .filter(Filter::raw("a eq 1"))
            .filter(Filter::raw("b eq 2"))
            .pairs(),
        vec![("$filter".to_owned(), "a eq 1 and b eq 2".to_owned())]
    );
    // An agent's lists are checked.
    let e = Query::new()
        .select_list(Some("id, subject;drop"), &[], "select")
        .unwrap_err();
    assert!(e.to_string().contains("`select`"), "{e}");
    let e = Query::new()
        .orderby_raw(Some("receivedDateTime sideways"), "orderby")
        .unwrap_err();
    assert!(e.to_string().contains("asc or desc"), "{e}");
    let q = Query::new()
        .select_list(None, &["id"], "select")
        .unwrap()
        .orderby_raw(Some("receivedDateTime DESC, subject"), "orderby")
        .unwrap();
    assert_eq!(
        q.encode(),
        "$select=id&$orderby=receivedDateTime%20desc,subject"
    );
    assert_eq!(page_size(None, 10, 50, "top").unwrap(), 10);
    assert!(
        page_size(Some(0), 10, 50, "top")
            .unwrap_err()
            .to_string()
            .contains("between 1 and 50")
    );
}
