use mcp_testkit::expect;
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use serde_json::{Value, json};

use crate::{setup, tomorrow};

const COOKIE: &str = "JSESSIONID=8F2C1A; BIGipServerotn=1490616586.50210.0000";

/// `/otn/leftTicket/init` setting the session cookies, expected `times` times.
async fn init(fake: &MockServer) {
    expect("GET", "/otn/leftTicket/init")
        .respond_with(
            fake,
            ResponseTemplate::new(200)
                .append_header("set-cookie", "JSESSIONID=8F2C1A; Path=/otn")
                .append_header(
                    "set-cookie",
                    "BIGipServerotn=1490616586.50210.0000; path=/; Httponly",
                )
                .set_body_raw(b"<html>...</html>".to_vec(), "text/html"),
        )
        .await;
}

/// One `leftTicket/query` row: 57 `|` fields, the ones tests read set by position.
fn row(
    train_no: &str,
    code: &str,
    from: &str,
    to: &str,
    times: [&str; 3],
    yp: &str,
    dw: &str,
) -> String {
    let mut f = vec![String::new(); 57];
    let date = tomorrow().replace('-', "");
    let set = |f: &mut Vec<String>, i: usize, v: &str| f[i] = v.to_owned();
    set(&mut f, 0, "c2VjcmV0");
    set(&mut f, 1, "预订");
    set(&mut f, 2, train_no);
    set(&mut f, 3, code);
    set(&mut f, 4, from);
    set(&mut f, 5, to);
    set(&mut f, 6, from);
    set(&mut f, 7, to);
    set(&mut f, 8, times[0]);
    set(&mut f, 9, times[1]);
    set(&mut f, 10, times[2]);
    set(&mut f, 11, "Y");
    set(&mut f, 12, yp);
    set(&mut f, 13, &date);
    set(&mut f, 14, "3");
    set(&mut f, 15, "P2");
    set(&mut f, 16, "01");
    set(&mut f, 17, "05");
    set(&mut f, 18, "1");
    set(&mut f, 19, "0");
    set(&mut f, 26, "无"); // wz
    set(&mut f, 30, "有"); // ze
    set(&mut f, 31, "12"); // zy
    set(&mut f, 32, "候补"); // swz
    set(&mut f, 34, "O0M090");
    set(&mut f, 35, "OM9");
    set(&mut f, 39, yp);
    set(&mut f, 46, dw);
    f.join("|")
}

fn answer() -> Value {
    json!({
        "httpstatus": 200,
        "data": {
            "result": [
                row("24000000G10I", "G1", "VNP", "AOH", ["07:00", "11:29", "04:29"], "O055300021M0935000129174800000", "5#1#0#S#z#0#z#z"),
                row("2400000D310D", "D311", "VNP", "AOH", ["19:12", "07:40", "12:28"], "O030900021O030903000", "0#0#0#S#z#0#z#z"),
                row("240000G1410Q", "G141", "VNP", "AOH", ["13:58", "19:56", "05:58"], "O055300021", "0#1#0#S#z#0#z#z"),
            ],
            "flag": "1",
            "map": {"VNP": "北京南", "AOH": "上海虹桥"}
        },
        "messages": "",
        "status": true
    })
}

fn ticket_query(date: &str) -> mcp_testkit::Expect {
    expect("GET", "/otn/leftTicket/query")
        .query("leftTicketDTO.train_date", date)
        .query("leftTicketDTO.from_station", "VNP")
        .query("leftTicketDTO.to_station", "AOH")
        .query("purpose_codes", "ADULT")
        .header("cookie", COOKIE)
}

#[tokio::test]
async fn tickets_parse_the_positional_rows() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    ticket_query(&date).respond(&s.fake, 200, answer()).await;
    // Station names resolve to telecodes.
    let v = s
        .client
        .call_ok(
            "get-tickets",
            json!({"date": date, "fromStation": "北京南", "toStation": "AOH"}),
        )
        .await;
    assert_eq!(v["count"], 3);
    assert_eq!(
        v["trains"][0],
        json!({
            "train_code": "G1",
            "train_no": "24000000G10I",
            "start_date": date,
            "from_station": "北京南",
            "from_station_telecode": "VNP",
            "to_station": "上海虹桥",
            "to_station_telecode": "AOH",
            "start_time": "07:00",
            "arrive_time": "11:29",
            "duration": "04:29",
            "bookable": true,
            "seats": [
                {"seat": "二等座", "price": 553.0, "left": "有"},
                {"seat": "一等座", "price": 935.0, "left": "12"},
                {"seat": "商务座", "price": 1748.0, "left": "候补"}
            ],
            "features": ["智能动车组", "复兴号"]
        })
    );
    // A count of 3000 and over is the standing-ticket price.
    assert_eq!(
        v["trains"][1]["seats"][1],
        json!({"seat": "无座", "price": 309.0, "left": "无"})
    );
}

#[tokio::test]
async fn tickets_filter_sort_limit_and_csv() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    ticket_query(&date).respond(&s.fake, 200, answer()).await;
    let v = s
        .client
        .call_ok(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH", "trainFilterFlags": "G",
                   "sortFlag": "duration", "sortReverse": true, "earliestStartTime": 6, "latestStartTime": 20}),
        )
        .await;
    let codes: Vec<&str> = v["trains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["train_code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["G141", "G1"]);

    let s = setup().await;
    init(&s.fake).await;
    ticket_query(&date).respond(&s.fake, 200, answer()).await;
    let r = s
        .client
        .call(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH", "trainFilterFlags": "F",
                   "sortFlag": "startTime", "limitedNum": 1, "csvFormat": true}),
        )
        .await
        .unwrap();
    let csv = mcp_testkit::text_of(&r);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[0].starts_with("train_code,train_no"), "{csv}");
    assert_eq!(
        lines[1],
        "G1,24000000G10I,北京南,VNP,上海虹桥,AOH,07:00,11:29,04:29,二等座:有:553 一等座:12:935 商务座:候补:1748"
    );
}

#[tokio::test]
async fn tickets_follow_a_renamed_query() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    ticket_query(&date)
        .respond(
            &s.fake,
            200,
            json!({"c_url": "leftTicket/queryG", "c_name": "CLeftTicketUrl", "status": false}),
        )
        .await;
    expect("GET", "/otn/leftTicket/queryG")
        .query("leftTicketDTO.train_date", &date)
        .query("leftTicketDTO.from_station", "VNP")
        .query("leftTicketDTO.to_station", "AOH")
        .query("purpose_codes", "ADULT")
        .header("cookie", COOKIE)
        .respond(&s.fake, 200, answer())
        .await;
    let v = s
        .client
        .call_ok(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert_eq!(v["count"], 3);
}

#[tokio::test]
async fn tickets_failures_are_clear() {
    let s = setup().await;
    let date = tomorrow();
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": "2020-01-01", "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert!(err.contains("before today"), "{err}");
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": "tomorrow", "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert!(err.contains("YYYY-MM-DD"), "{err}");
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": date, "fromStation": "不存在站", "toStation": "AOH"}),
        )
        .await;
    assert!(
        err.contains("`fromStation`") && err.contains("不存在站"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH", "sortFlag": "price"}),
        )
        .await;
    assert!(err.contains("sortFlag"), "{err}");
    let err = s
        .client
        .call_err("get-tickets", json!({"date": date, "fromStation": "VNP", "toStation": "AOH", "trainFilterFlags": "X"}))
        .await;
    assert!(err.contains("trainFilterFlags"), "{err}");

    // 12306 refusing the session (it blocks many networks outside China).
    expect("GET", "/otn/leftTicket/init")
        .respond(&s.fake, 403, json!({}))
        .await;
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert!(
        err.contains("did not open a session") && err.contains("403"),
        "{err}"
    );
}

#[tokio::test]
async fn tickets_refused_by_12306() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    ticket_query(&date)
        .respond(&s.fake, 200, json!({"status": false, "messages": ["选择的查询日期不在预售日期范围内"], "data": null}))
        .await;
    let err = s
        .client
        .call_err(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert!(
        err.contains("12306 refused the query: 选择的查询日期不在预售日期范围内"),
        "{err}"
    );
}

// ---- interline ----

async fn lc_init(fake: &MockServer) {
    expect("GET", "/otn/lcQuery/init")
        .respond_with(
            fake,
            ResponseTemplate::new(200).set_body_raw(
                b"<script>\n var lc_search_url = '/lcquery/queryG';\n var ctx='/otn/';</script>"
                    .to_vec(),
                "text/html",
            ),
        )
        .await;
}

fn interline_answer(date: &str) -> Value {
    let d = date.replace('-', "");
    let leg = |no: &str,
               code: &str,
               f: (&str, &str),
               t: (&str, &str),
               st: &str,
               at: &str,
               l: &str,
               yp: &str| {
        json!({
            "train_no": no, "station_train_code": code,
            "from_station_telecode": f.0, "from_station_name": f.1,
            "to_station_telecode": t.0, "to_station_name": t.1,
            "start_station_telecode": f.0, "end_station_telecode": t.0,
            "start_time": st, "arrive_time": at, "lishi": l, "start_train_date": d,
            "yp_info": yp, "ze_num": "有", "zy_num": "5", "swz_num": "无", "wz_num": "--",
            "dw_flag": "0#1#0#S#z#0#z#z", "day_difference": "0"
        })
    };
    json!({
        "data": {
            "middleList": [
                {
                    "all_lishi": "6小时40分", "all_lishi_minutes": 400,
                    "arrive_date": date, "arrive_time": "14:40", "train_date": date, "start_time": "08:00",
                    "from_station_code": "VNP", "from_station_name": "北京南",
                    "end_station_code": "AOH", "end_station_name": "上海虹桥",
                    "middle_station_code": "NKH", "middle_station_name": "南京南", "middle_date": date,
                    "first_train_no": "24000000G50A", "second_train_no": "5l000G7100Q",
                    "same_station": "0", "same_train": "N", "train_count": 2,
                    "wait_time": "35分钟", "wait_time_minutes": 35, "lCWaitTime": "35分钟",
                    "fullList": [
                        leg("24000000G50A", "G5", ("VNP", "北京南"), ("NKH", "南京南"), "08:00", "11:45", "03:45", "O044300021M074500012"),
                        leg("5l000G7100Q", "G7100", ("NKH", "南京南"), ("AOH", "上海虹桥"), "12:20", "14:40", "02:20", "O013900021")
                    ]
                },
                {
                    "all_lishi": "9小时10分", "all_lishi_minutes": 550,
                    "arrive_date": date, "arrive_time": "16:10", "train_date": date, "start_time": "07:00",
                    "middle_station_code": "JGK", "middle_station_name": "济南西",
                    "same_station": "0", "same_train": "N", "wait_time": "1小时", "wait_time_minutes": 60,
                    "fullList": [
                        leg("2400000D1Q0", "D1", ("VNP", "北京南"), ("JGK", "济南西"), "07:00", "09:30", "02:30", "O018400021"),
                        leg("3800000K120", "K12", ("JGK", "济南西"), ("AOH", "上海虹桥"), "10:30", "16:10", "05:40", "1009500021")
                    ]
                }
            ],
            "can_query": "Y",
            "result_index": 2
        },
        "errorMsg": "",
        "status": true
    })
}

fn interline_query(date: &str, middle: &str, wz: &str) -> mcp_testkit::Expect {
    expect("GET", "/lcquery/queryG")
        .query("train_date", date)
        .query("from_station_telecode", "VNP")
        .query("to_station_telecode", "AOH")
        .query("middle_station", middle)
        .query("result_index", "0")
        .query("can_query", "Y")
        .query("isShowWZ", wz)
        .query("purpose_codes", "00")
        .query("channel", "E")
        .header("cookie", COOKIE)
}

#[tokio::test]
async fn interline_journeys() {
    let s = setup().await;
    let date = tomorrow();
    lc_init(&s.fake).await;
    init(&s.fake).await;
    interline_query(&date, "NKH", "Y")
        .respond(&s.fake, 200, interline_answer(&date))
        .await;
    let v = s
        .client
        .call_ok(
            "get-interline-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "上海虹桥", "middleStation": "南京南",
                   "showWZ": true, "trainFilterFlags": "G", "sortFlag": "duration"}),
        )
        .await;
    assert_eq!(v["count"], 1, "the K12 journey is filtered out: {v}");
    let j = &v["journeys"][0];
    assert_eq!(j["middle_station"], "南京南");
    assert_eq!(j["middle_station_telecode"], "NKH");
    assert_eq!(j["duration"], "6小时40分");
    assert_eq!(j["wait_time"], "35分钟");
    assert_eq!(j["same_station"], true);
    assert_eq!(j["same_train"], false);
    assert_eq!(
        j["legs"][0],
        json!({
            "train_code": "G5", "train_no": "24000000G50A",
            "from_station": "北京南", "from_station_telecode": "VNP",
            "to_station": "南京南", "to_station_telecode": "NKH",
            "start_date": date, "start_time": "08:00", "arrive_time": "11:45", "duration": "03:45",
            "seats": [
                {"seat": "二等座", "price": 443.0, "left": "有"},
                {"seat": "一等座", "price": 745.0, "left": "5"}
            ]
        })
    );
    assert_eq!(j["legs"][1]["train_code"], "G7100");
}

#[tokio::test]
async fn interline_defaults_and_no_result() {
    let s = setup().await;
    let date = tomorrow();
    lc_init(&s.fake).await;
    init(&s.fake).await;
    interline_query(&date, "", "N")
        .respond(
            &s.fake,
            200,
            json!({"data": "很抱歉，没有查到相关的中转车次", "errorMsg": "", "status": true}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get-interline-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert_eq!(v["count"], 0);
    assert_eq!(v["note"], "很抱歉，没有查到相关的中转车次");
}

#[tokio::test]
async fn interline_without_a_query_path_fails_clearly() {
    let s = setup().await;
    expect("GET", "/otn/lcQuery/init")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_raw(b"<html>maintenance</html>".to_vec(), "text/html"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "get-interline-tickets",
            json!({"date": tomorrow(), "fromStation": "VNP", "toStation": "AOH"}),
        )
        .await;
    assert!(err.contains("lc_search_url"), "{err}");
    let err = s
        .client
        .call_err("get-interline-tickets", json!({"date": tomorrow(), "fromStation": "VNP", "toStation": "AOH", "middleStation": "nowhere"}))
        .await;
    assert!(err.contains("`middleStation`"), "{err}");
}

// ---- route ----

#[tokio::test]
async fn route_stations() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    expect("GET", "/otn/czxx/queryByTrainNo")
        .query("train_no", "24000000G10I")
        .query("from_station_telecode", "VNP")
        .query("to_station_telecode", "AOH")
        .query("depart_date", &date)
        .header("cookie", COOKIE)
        .respond(
            &s.fake,
            200,
            json!({
                "validateMessagesShowId": "_validatorMessage",
                "status": true,
                "httpstatus": 200,
                "data": {"data": [
                    {"start_station_name": "北京南", "arrive_time": "----", "station_train_code": "G1", "station_name": "北京南",
                     "train_class_name": "高速", "service_type": "2", "start_time": "07:00", "stopover_time": "----",
                     "end_station_name": "上海虹桥", "station_no": "01", "is_enabled": true},
                    {"arrive_time": "08:21", "station_name": "天津南", "start_time": "08:23", "stopover_time": "2分钟", "station_no": "02", "is_enabled": true},
                    {"arrive_time": "11:29", "station_name": "上海虹桥", "start_time": "11:29", "stopover_time": "----", "station_no": "03", "is_enabled": true}
                ]},
                "messages": [],
                "validateMessages": {}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get-train-route-stations",
            json!({"trainNo": "24000000G10I", "fromStationTelecode": "VNP", "toStationTelecode": "AOH", "departDate": date}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "train_code": "G1", "train_class": "高速", "start_station": "北京南", "end_station": "上海虹桥",
            "stations": [
                {"station_no": "01", "station_name": "北京南", "arrive_time": "----", "start_time": "07:00", "stopover_time": "----"},
                {"station_no": "02", "station_name": "天津南", "arrive_time": "08:21", "start_time": "08:23", "stopover_time": "2分钟"},
                {"station_no": "03", "station_name": "上海虹桥", "arrive_time": "11:29", "start_time": "11:29", "stopover_time": "----"}
            ]
        })
    );
}

#[tokio::test]
async fn route_failures() {
    let s = setup().await;
    let date = tomorrow();
    let err = s
        .client
        .call_err(
            "get-train-route-stations",
            json!({"trainNo": "G1 ; x", "fromStationTelecode": "VNP", "toStationTelecode": "AOH", "departDate": date}),
        )
        .await;
    assert!(err.contains("`trainNo`"), "{err}");
    init(&s.fake).await;
    expect("GET", "/otn/czxx/queryByTrainNo")
        .query("train_no", "000000000000")
        .query("from_station_telecode", "VNP")
        .query("to_station_telecode", "AOH")
        .query("depart_date", &date)
        .header("cookie", COOKIE)
        .respond(
            &s.fake,
            200,
            json!({"status": true, "httpstatus": 200, "data": {"data": []}, "messages": []}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "get-train-route-stations",
            json!({"trainNo": "000000000000", "fromStationTelecode": "VNP", "toStationTelecode": "AOH", "departDate": date}),
        )
        .await;
    assert!(err.contains("knows no stops"), "{err}");
}

/// A telecode the bundled table lacks is still sent (the table may be older than the station).
#[tokio::test]
async fn unknown_telecodes_pass_through() {
    let s = setup().await;
    let date = tomorrow();
    init(&s.fake).await;
    expect("GET", "/otn/leftTicket/query")
        .query("leftTicketDTO.train_date", &date)
        .query("leftTicketDTO.from_station", "VNP")
        .query("leftTicketDTO.to_station", "XYQ")
        .query("purpose_codes", "ADULT")
        .header("cookie", COOKIE)
        .respond(&s.fake, 200, json!({"httpstatus": 200, "data": {"result": [], "flag": "1", "map": {}}, "messages": "", "status": true}))
        .await;
    let v = s
        .client
        .call_ok(
            "get-tickets",
            json!({"date": date, "fromStation": "VNP", "toStation": "XYQ"}),
        )
        .await;
    assert_eq!(v, json!({"date": date, "count": 0, "trains": []}));
}
