//! WHOIS server tests: each tool against a fake WHOIS server on 127.0.0.1 (a TCP listener that
//! asserts each exact query line and answers as IANA and the registries do), through a real
//! MCP client; the binary over stdio and HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod lookups;

use std::time::Duration;

use mcp_shared::Settings;
use mcp_testkit::{Client, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

mcp_testkit::standard_suite!(whois_mcp_server::SPEC, "whois-mcp-server");

/// A fake WHOIS server: for each exchange in turn, accepts one connection, asserts that the
/// client sends exactly `query` (CRLF included), answers, and closes. Returns the queries seen.
pub struct Fake {
    pub address: String,
    pub seen: JoinHandle<Vec<String>>,
}

pub async fn fake(exchanges: Vec<(&'static str, String)>) -> Fake {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let seen = tokio::spawn(async move {
        let mut seen = Vec::new();
        for (query, answer) in exchanges {
            let (mut sock, _) = listener.accept().await.unwrap();
            let mut line = Vec::new();
            let mut byte = [0u8; 1];
            while !line.ends_with(b"\r\n") && line.len() < 1024 {
                if sock.read(&mut byte).await.unwrap() == 0 {
                    break;
                }
                line.push(byte[0]);
            }
            let line = String::from_utf8(line).unwrap();
            assert_eq!(line, query, "the exact query line");
            seen.push(line);
            sock.write_all(answer.as_bytes()).await.unwrap();
            sock.shutdown().await.unwrap();
        }
        seen
    });
    Fake { address, seen }
}

/// Settings that send every WHOIS query to `address` (as `WHOIS_SERVER` does).
pub fn settings(address: &str) -> Settings {
    Settings {
        upstream_timeout: Duration::from_secs(2),
        ..Settings::default().with_option("server", &format!("whois://{address}"))
    }
}

pub async fn client(address: &str) -> (TestServer, Client) {
    let server = TestServer::start(&whois_mcp_server::SPEC, settings(address)).await;
    let client = server.client_with(&[]).await;
    (server, client)
}

/// IANA's answer for a query under `.com` (its record of the TLD, with the referral).
pub fn iana_com() -> String {
    "% IANA WHOIS server\r\n% for more information on IANA, visit http://www.iana.org\r\n\
% This query returned 1 object\r\n\r\nrefer:        whois.verisign-grs.com\r\n\r\n\
domain:       COM\r\n\r\norganisation: VeriSign Global Registry Services\r\n\
address:      12061 Bluemont Way\r\naddress:      Reston VA 20190\r\n\
address:      United States of America (the)\r\n\r\n\
nserver:      A.GTLD-SERVERS.NET 192.5.6.30 2001:503:a83e:0:0:0:2:30\r\n\
nserver:      B.GTLD-SERVERS.NET 192.33.14.30 2001:503:231d:0:0:0:2:30\r\n\
ds-rdata:     19718 13 2 8acbb0cd28f41250a80a491389424d341522d946b0da0c0291f2d3d771d7805a\r\n\r\n\
whois:        whois.verisign-grs.com\r\n\r\nstatus:       ACTIVE\r\n\
remarks:      Registration information: http://www.verisigninc.com\r\n\r\n\
created:      1985-01-01\r\nchanged:      2023-12-07\r\nsource:       IANA\r\n\r\n"
        .to_owned()
}

/// The binary takes the server from `WHOIS_SERVER` and from `--server` (a shared
/// `ServerOption`).
#[tokio::test]
async fn the_binary_sends_queries_where_whois_server_says() {
    const BIN: &str = env!("CARGO_BIN_EXE_whois-mcp-server");
    for by_flag in [false, true] {
        let f = fake(vec![("com\r\n", iana_com())]).await;
        let to = format!("whois://{}", f.address);
        let (args, env): (Vec<&str>, Vec<(&str, &str)>) = if by_flag {
            (vec!["--server", &to], vec![])
        } else {
            (vec![], vec![("WHOIS_SERVER", &to)])
        };
        let client = mcp_testkit::spawn_stdio(BIN, &args, &env).await;
        let v = client
            .call_ok("whois_tld", serde_json::json!({"tld": "com"}))
            .await;
        client.close().await;
        assert_eq!(f.seen.await.unwrap(), vec!["com\r\n".to_owned()]);
        assert!(v.to_string().contains("whois.verisign-grs.com"), "{v}");
    }
}
