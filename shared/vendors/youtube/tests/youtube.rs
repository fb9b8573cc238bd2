//! The parts of the client that need no fake: ids from URLs, language lists, and timedtext
//! bodies. The requests themselves are tested through the servers (youtube_transcript's
//! tests, the youtube server's toolathlon profile), against a fake www.youtube.com.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_vendor_youtube::captions::parse;
use mcp_vendor_youtube::video::unescape_html;
use mcp_vendor_youtube::{Snippet, languages, video_id};

#[test]
fn video_ids_from_every_url_form() {
    for input in [
        "dQw4w9WgXcQ",
        " dQw4w9WgXcQ ",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
        "youtube.com/watch?v=dQw4w9WgXcQ",
        "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://youtu.be/dQw4w9WgXcQ?si=x",
        "https://www.youtube.com/shorts/dQw4w9WgXcQ",
        "https://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://www.youtube.com/live/dQw4w9WgXcQ",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ] {
        assert_eq!(video_id(input).unwrap(), "dQw4w9WgXcQ", "{input}");
    }
    for bad in [
        "",
        "dQw4w9WgXc",
        "https://vimeo.com/dQw4w9WgXcQ",
        "https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw",
        "javascript:alert(1)",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ%00",
    ] {
        let e = video_id(bad).unwrap_err();
        assert!(
            e.message.contains("not a YouTube video id or URL"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn languages_in_order_with_english_when_none() {
    assert_eq!(languages("de, en ,,fr"), ["de", "en", "fr"]);
    assert_eq!(languages(""), ["en"]);
    assert_eq!(languages(" , "), ["en"]);
}

#[test]
fn timedtext_xml_and_json3_become_clean_lines() {
    let xml = r#"<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="1.5">it&amp;#39;s &lt;i&gt;here&lt;/i&gt;</text><text start="2" dur="1"></text><text start="3" dur="2">A &amp;amp; B</text></transcript>"#;
    assert_eq!(
        parse(xml).unwrap(),
        [
            Snippet {
                text: "it's here".into(),
                start: 0.5,
                duration: 1.5
            },
            Snippet {
                text: "A & B".into(),
                start: 3.0,
                duration: 2.0
            }
        ]
    );
    let json3 = r#"{"events":[{"tStartMs":1000,"dDurationMs":2500,"segs":[{"utf8":"one\n"},{"utf8":"two"}]},{"tStartMs":4000}]}"#;
    assert_eq!(
        parse(json3).unwrap(),
        [Snippet {
            text: "one two".into(),
            start: 1.0,
            duration: 2.5
        }]
    );
    let e = parse("{\"events\": [").unwrap_err();
    assert!(e.message.contains("could not be read"), "{e}");
}

#[test]
fn html_references_are_decoded_and_unknown_ones_kept() {
    assert_eq!(
        unescape_html("&lt;a&gt; &amp; &#39;b&#x27; &quot;c&quot; &bogus; & d"),
        "<a> & 'b' \"c\" &bogus; & d"
    );
}
