use std::time::Duration;

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{expect, tools_beyond_catalog};
use serde_json::json;

use crate::{setup, setup_with};

#[tokio::test]
async fn catalog_tools_and_nothing_else() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    assert_eq!(tools_beyond_catalog(&tools, "12306"), Vec::<String>::new());
}

#[tokio::test]
async fn current_date_is_chinas() {
    let s = setup().await;
    let r = s.client.call("get-current-date", json!({})).await.unwrap();
    let text = mcp_testkit::text_of(&r);
    let china = chrono::Utc::now()
        .with_timezone(&chrono_tz::Asia::Shanghai)
        .format("%Y-%m-%d")
        .to_string();
    assert_eq!(text, china);
}

#[tokio::test]
async fn stations_of_a_city() {
    let s = setup().await;
    let v = s
        .client
        .call_ok("get-stations-code-in-city", json!({"city": "上海"}))
        .await;
    assert_eq!(
        v,
        json!([
            {"station_code": "SHH", "station_name": "上海"},
            {"station_code": "SNH", "station_name": "上海南"},
            {"station_code": "AOH", "station_name": "上海虹桥"},
            {"station_code": "SXH", "station_name": "上海西"}
        ])
    );
    let err = s
        .client
        .call_err("get-stations-code-in-city", json!({"city": "Atlantis"}))
        .await;
    assert!(
        err.contains("No station found for the city `Atlantis`"),
        "{err}"
    );
}

#[tokio::test]
async fn main_station_of_each_city() {
    let s = setup().await;
    let v = s
        .client
        .call_ok(
            "get-station-code-of-citys",
            json!({"citys": "北京|武汉|火星"}),
        )
        .await;
    assert_eq!(
        v["北京"],
        json!({"station_code": "BJP", "station_name": "北京"})
    );
    assert_eq!(
        v["武汉"],
        json!({"station_code": "WHN", "station_name": "武汉"})
    );
    assert!(v["火星"]["error"].as_str().unwrap().contains("no city"));
    let err = s
        .client
        .call_err("get-station-code-of-citys", json!({"citys": " | "}))
        .await;
    assert!(err.contains("`citys` is empty"), "{err}");
}

#[tokio::test]
async fn stations_by_name() {
    let s = setup().await;
    let v = s
        .client
        .call_ok(
            "get-station-code-by-names",
            json!({"stationNames": "北京南站|上海虹桥"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "北京南站": {"station_code": "VNP", "station_name": "北京南"},
            "上海虹桥": {"station_code": "AOH", "station_name": "上海虹桥"}
        })
    );
    let err = s
        .client
        .call_err(
            "get-station-code-by-names",
            json!({"stationNames": "不存在"}),
        )
        .await;
    assert!(err.contains("No station found"), "{err}");
}

#[tokio::test]
async fn station_by_telecode() {
    let s = setup().await;
    let v = s
        .client
        .call_ok("get-station-by-telecode", json!({"stationTelecode": "vnp"}))
        .await;
    assert_eq!(
        v,
        json!({"station_code": "VNP", "station_name": "北京南", "pinyin": "beijingnan", "city": "北京"})
    );
    let err = s
        .client
        .call_err("get-station-by-telecode", json!({"stationTelecode": "ZZZ"}))
        .await;
    assert!(err.contains("telecode `ZZZ`"), "{err}");
}

/// The first lookup starts one download of 12306's current table; later lookups see it.
#[tokio::test]
async fn the_table_is_refreshed_from_12306_once() {
    let s = setup_with(true).await;
    let script = "var station_names ='@xyz|新站|XZZ|xinzhan|xz|0|9999|新城|||@bjn|北京南|VNP|beijingnan|bjn|1|0357|北京|||';";
    expect("GET", "/otn/resources/js/framework/station_name.js")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_raw(script.as_bytes().to_vec(), "application/javascript"),
        )
        .await;
    // Served from the snapshot while the download runs.
    let first = s
        .client
        .call_ok("get-station-by-telecode", json!({"stationTelecode": "VNP"}))
        .await;
    assert_eq!(first["station_name"], "北京南");
    let mut seen = None;
    for _ in 0..50 {
        let r = s
            .client
            .call("get-station-by-telecode", json!({"stationTelecode": "XZZ"}))
            .await
            .unwrap();
        if r.is_error != Some(true) {
            seen = Some(mcp_testkit::text_of(&r));
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen = seen.expect("the refreshed table is used");
    assert!(seen.contains("新站"), "{seen}");
}

/// A download that fails keeps the snapshot.
#[tokio::test]
async fn a_failed_refresh_keeps_the_snapshot() {
    let s = setup_with(true).await;
    expect("GET", "/otn/resources/js/framework/station_name.js")
        .respond(&s.fake, 404, json!({}))
        .await;
    for _ in 0..3 {
        let v = s
            .client
            .call_ok("get-station-by-telecode", json!({"stationTelecode": "SHH"}))
            .await;
        assert_eq!(v["station_name"], "上海");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
