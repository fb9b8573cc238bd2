use crate::{SITE, req, setup, wp_error};
use serde_json::{Value, json};

fn post(id: u64, title: &str, content: &str) -> Value {
    json!({
        "ID": id, "site_ID": 12345678,
        "author": {"ID": 1, "login": "jane", "name": "Jane Doe", "URL": ""},
        "date": "2024-05-01T10:00:00+00:00", "modified": "2024-05-02T09:30:00+00:00",
        "title": title, "URL": format!("https://{SITE}/2024/05/01/p{id}/"),
        "short_URL": format!("https://wp.me/p1-{id}"),
        "content": content,
        "excerpt": "<p>Short &amp; sweet&#8230;</p>\n",
        "slug": format!("p{id}"), "status": "publish", "sticky": false, "password": "",
        "parent": false, "type": "post", "format": "standard",
        "discussion": {"comments_open": true, "comment_status": "open", "pings_open": true, "ping_status": "open", "comment_count": 2},
        "like_count": 3,
        "categories": {"News": {"ID": 3, "name": "News", "slug": "news", "post_count": 4, "parent": 0}},
        "tags": {"rust": {"ID": 9, "name": "rust", "slug": "rust", "post_count": 1}},
        "attachments": {}, "metadata": []
    })
}

#[tokio::test]
async fn create_post_sends_markdown_as_html() {
    let s = setup().await;
    req("POST", &format!("/sites/{SITE}/posts/new"))
        .json_body(json!({
            "title": "Hello",
            "content": "<h2>Intro</h2>\n<p>Some <strong>bold</strong> text and a <a href=\"https://example.com\">link</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
            "status": "draft",
            "excerpt": "Short",
            "categories": ["News"],
            "tags": ["rust", "mcp"]
        }))
        .respond(&s.fake, 200, post(42, "Hello", "<h2>Intro</h2>"))
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_create_post",
            json!({
                "site": SITE, "title": " Hello ", "status": "draft", "excerpt": "Short",
                "content": "## Intro\n\nSome **bold** text and a [link](https://example.com).\n\n- one\n- two\n",
                "categories": ["News"], "tags": ["rust", " ", "mcp"]
            }),
        )
        .await;
    assert_eq!(v["ID"], 42);
    assert_eq!(v["URL"], format!("https://{SITE}/2024/05/01/p42/"));
    assert_eq!(v["author"], "Jane Doe");
    assert_eq!(v["excerpt"], "Short & sweet…");
    assert_eq!(v["categories"], json!(["News"]));
    assert_eq!(v["tags"], json!(["rust"]));
}

#[tokio::test]
async fn create_post_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "wordpress_create_post",
            json!({"site": SITE, "title": "", "content": "x"}),
        )
        .await;
    assert!(err.contains("`title`"), "{err}");
    let err = s
        .client
        .call_err(
            "wordpress_create_post",
            json!({"site": SITE, "title": "T", "content": "x", "status": "live"}),
        )
        .await;
    assert!(err.contains("status"), "{err}");
    req("POST", &format!("/sites/{SITE}/posts/new"))
        .json_body(json!({"title": "T", "content": "<p>x</p>"}))
        .respond(
            &s.fake,
            403,
            wp_error("unauthorized", "User cannot publish posts"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "wordpress_create_post",
            json!({"site": SITE, "title": "T", "content": "x"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("User cannot publish posts"), "{err}");
    assert!(err.contains("capability"), "{err}");
}

#[tokio::test]
async fn get_posts_pages_with_found() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/posts/"))
        .queries(&[("number", "10"), ("page", "1")])
        .respond(
            &s.fake,
            200,
            json!({"found": 12, "posts": [post(7, "First &amp; best", "<p>a</p>"), post(6, "Second", "<p>b</p>")], "meta": {"links": {}, "next_page": "value=2024-05-01&id=6"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_posts", json!({"site": SITE}))
        .await;
    assert_eq!(v["found"], 12);
    assert_eq!(v["next_page"], 2);
    assert_eq!(v["posts"][0]["title"], "First & best");
    assert!(v["posts"][0].get("content").is_none());
    assert_eq!(v["posts"][1]["ID"], 6);

    req("GET", "/sites/12345678/posts/")
        .queries(&[
            ("number", "5"),
            ("page", "3"),
            ("status", "draft"),
            ("search", "launch"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"found": 12, "posts": [post(1, "Last", "")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_get_posts",
            json!({"site": "12345678", "number": 5, "page": 3, "status": "draft", "search": "launch"}),
        )
        .await;
    assert_eq!(v["next_page"], Value::Null);
}

#[tokio::test]
async fn get_posts_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("wordpress_get_posts", json!({"site": SITE, "number": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err("wordpress_get_posts", json!({"site": SITE, "page": 0}))
        .await;
    assert!(err.contains("page starts at 1"), "{err}");
    req("GET", "/sites/nosuch.example/posts/")
        .queries(&[("number", "10"), ("page", "1")])
        .respond(&s.fake, 404, wp_error("unknown_blog", "Unknown blog"))
        .await;
    let err = s
        .client
        .call_err("wordpress_get_posts", json!({"site": "nosuch.example"}))
        .await;
    assert!(err.contains("unknown_blog"), "{err}");
    assert!(err.contains("wordpress_get_user_sites"), "{err}");
}

#[tokio::test]
async fn get_post_returns_markdown() {
    let s = setup().await;
    let html = "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Why &#8220;Rust&#8221;?</h2>\n<!-- /wp:heading -->\n\n\
<p>It is <em>fast</em> and <strong>safe</strong>; see <a href=\"https://www.rust-lang.org/\">the site</a>.<br>\nNew line.</p>\n\
<ol><li>Install</li><li>Build<ul><li>debug</li></ul></li></ol>\n\
<blockquote class=\"wp-block-quote\"><p>Quoted text</p></blockquote>\n\
<pre class=\"wp-block-code\"><code>fn main() {\n    println!(\"hi &lt;3\");\n}</code></pre>\n\
<figure class=\"wp-block-image\"><img src=\"https://example.files.wordpress.com/a.png\" alt=\"A chart\" /></figure>\n\
<hr class=\"wp-block-separator\"/>\n<p>Use <code>cargo</code>.</p><script>alert(1)</script>";
    req("GET", &format!("/sites/{SITE}/posts/42"))
        .respond(&s.fake, 200, post(42, "Why Rust", html))
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_post", json!({"site": SITE, "postId": 42}))
        .await;
    let want = "## Why “Rust”?\n\n\
It is *fast* and **safe**; see [the site](https://www.rust-lang.org/).  \n New line.\n\n\
1.  Install\n2.  Build\n    *   debug\n\n\
> Quoted text\n\n\
```\nfn main() {\n    println!(\"hi <3\");\n}\n```\n\n\
![A chart](https://example.files.wordpress.com/a.png)\n\n\
* * *\n\n\
Use `cargo`.";
    assert_eq!(v["content"], want, "{}", v["content"]);
    assert_eq!(v["slug"], "p42");
    assert_eq!(v["comment_count"], 2);
    assert_eq!(v["like_count"], 3);
    assert_eq!(v["categories"], json!(["News"]));
}

#[tokio::test]
async fn get_post_not_found() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/posts/999"))
        .respond(&s.fake, 404, wp_error("unknown_post", "Unknown post"))
        .await;
    let err = s
        .client
        .call_err("wordpress_get_post", json!({"site": SITE, "postId": 999}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("Unknown post"), "{err}");
    let err = s
        .client
        .call_err("wordpress_get_post", json!({"site": SITE, "postId": 0}))
        .await;
    assert!(err.contains("`postId`"), "{err}");
}

#[tokio::test]
async fn update_post_sends_only_what_changes() {
    let s = setup().await;
    req("POST", &format!("/sites/{SITE}/posts/42"))
        .json_body(json!({"content": "<p>New <em>body</em></p>", "status": "publish"}))
        .respond(&s.fake, 200, post(42, "Hello", "<p>New <em>body</em></p>"))
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_update_post",
            json!({"site": SITE, "postId": 42, "content": "New *body*", "status": "publish"}),
        )
        .await;
    assert_eq!(v["ID"], 42);
    assert_eq!(v["status"], "publish");
}

#[tokio::test]
async fn update_post_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("wordpress_update_post", json!({"site": SITE, "postId": 42}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    req("POST", &format!("/sites/{SITE}/posts/43"))
        .json_body(json!({"title": "T"}))
        .respond(&s.fake, 404, wp_error("unknown_post", "Unknown post"))
        .await;
    let err = s
        .client
        .call_err(
            "wordpress_update_post",
            json!({"site": SITE, "postId": 43, "title": "T"}),
        )
        .await;
    assert!(err.contains("unknown_post"), "{err}");
    assert!(err.contains("wordpress_get_posts"), "{err}");
}

#[tokio::test]
async fn delete_post_trashes() {
    let s = setup().await;
    let mut trashed = post(42, "Hello", "");
    trashed["status"] = json!("trash");
    req("POST", &format!("/sites/{SITE}/posts/42/delete"))
        .respond(&s.fake, 200, trashed)
        .await;
    let v = s
        .client
        .call_ok("wordpress_delete_post", json!({"site": SITE, "postId": 42}))
        .await;
    assert_eq!(
        v,
        json!({"ID": 42, "status": "trash", "title": "Hello", "URL": format!("https://{SITE}/2024/05/01/p42/")})
    );
}

#[tokio::test]
async fn delete_post_error() {
    let s = setup().await;
    req("POST", &format!("/sites/{SITE}/posts/5/delete"))
        .respond(
            &s.fake,
            403,
            wp_error("unauthorized", "User cannot delete post"),
        )
        .await;
    let err = s
        .client
        .call_err("wordpress_delete_post", json!({"site": SITE, "postId": 5}))
        .await;
    assert!(err.contains("User cannot delete post"), "{err}");
}

#[tokio::test]
async fn list_categories_and_tags() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/categories"))
        .queries(&[("number", "100"), ("page", "1")])
        .respond(
            &s.fake,
            200,
            json!({"found": 2, "categories": [
                {"ID": 1, "name": "Uncategorized", "slug": "uncategorized", "description": "", "post_count": 5, "parent": 0, "meta": {"links": {}}},
                {"ID": 3, "name": "News", "slug": "news", "description": "Updates", "post_count": 4, "parent": 0, "meta": {"links": {}}}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok("wordpress_list_categories", json!({"site": SITE}))
        .await;
    assert_eq!(v["found"], 2);
    assert_eq!(
        v["categories"][1],
        json!({"ID": 3, "name": "News", "slug": "news", "description": "Updates", "post_count": 4, "parent": 0})
    );
    assert_eq!(v["next_page"], Value::Null);

    req("GET", &format!("/sites/{SITE}/tags"))
        .queries(&[("number", "2"), ("page", "1"), ("search", "ru")])
        .respond(
            &s.fake,
            200,
            json!({"found": 3, "tags": [
                {"ID": 9, "name": "rust", "slug": "rust", "description": "", "post_count": 1},
                {"ID": 10, "name": "ruby", "slug": "ruby", "description": "", "post_count": 2}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_list_tags",
            json!({"site": SITE, "number": 2, "search": "ru"}),
        )
        .await;
    assert_eq!(v["tags"][0]["name"], "rust");
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn list_categories_and_tags_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("wordpress_list_tags", json!({"site": SITE, "number": 1001}))
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
    req("GET", "/sites/gone.example/categories")
        .queries(&[("number", "100"), ("page", "1")])
        .respond(&s.fake, 404, wp_error("unknown_blog", "Unknown blog"))
        .await;
    let err = s
        .client
        .call_err("wordpress_list_categories", json!({"site": "gone.example"}))
        .await;
    assert!(err.contains("Unknown blog"), "{err}");
}

/// Hostile markup: nesting far deeper than any real post is refused with a message in the
/// result (never a stack overflow that would end the process), and the server goes on.
#[tokio::test]
async fn get_post_survives_hostile_markup() {
    let s = setup().await;
    let html = format!(
        "{}text{}<ul>{}<li>deep</li> a < b <p unclosed",
        "<blockquote><a href=\"x\">".repeat(3000),
        "</a>".repeat(10),
        "<ul>".repeat(3000)
    );
    req("GET", &format!("/sites/{SITE}/posts/1"))
        .respond(&s.fake, 200, post(1, "x", &html))
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_post", json!({"site": SITE, "postId": 1}))
        .await;
    assert!(v.get("content").is_none(), "{v}");
    let why = v["content_error"].as_str().unwrap();
    assert!(why.contains("levels deep"), "{why}");
    assert_eq!(v["title"], "x");
    // Unclosed tags and a stray `<` in a shallow post still convert.
    req("GET", &format!("/sites/{SITE}/posts/2"))
        .respond(&s.fake, 200, post(2, "y", "<p>a < b <p unclosed <em>deep"))
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_post", json!({"site": SITE, "postId": 2}))
        .await;
    assert!(v["content"].as_str().unwrap().contains("a < b"), "{v}");
}
