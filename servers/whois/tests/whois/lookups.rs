use serde_json::json;

use crate::{client, fake, iana_com};

fn verisign_google() -> String {
    "   Domain Name: GOOGLE.COM\r\n   Registry Domain ID: 2138514_DOMAIN_COM-VRSN\r\n\
   Registrar WHOIS Server: whois.markmonitor.com\r\n   Registrar URL: http://www.markmonitor.com\r\n\
   Updated Date: 2019-09-09T15:39:04Z\r\n   Creation Date: 1997-09-15T04:00:00Z\r\n\
   Registry Expiry Date: 2028-09-14T04:00:00Z\r\n   Registrar: MarkMonitor Inc.\r\n\
   Registrar IANA ID: 292\r\n\
   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited\r\n\
   Domain Status: serverDeleteProhibited https://icann.org/epp#serverDeleteProhibited\r\n\
   Name Server: NS1.GOOGLE.COM\r\n   Name Server: NS2.GOOGLE.COM\r\n   DNSSEC: unsigned\r\n\
>>> Last update of whois database: 2024-10-01T12:00:00Z <<<\r\n\r\n\
NOTICE: The expiration date displayed in this record is the date the\r\n\
registrar's sponsorship of the domain name registration in the registry is\r\n\
currently set to expire.\r\n\r\nTERMS OF USE: You are not authorized to access or query our Whois\r\n"
        .to_owned()
}

fn markmonitor_google() -> String {
    "Domain Name: google.com\nRegistrar: MarkMonitor, Inc.\nRegistrant Organization: Google LLC\n\
Registrant Country: US\nRegistrant Email: Select Request Email Form at https://domains.markmonitor.com/whois/google.com\n\
Name Server: ns1.google.com\n>>> Last update of WHOIS database: 2024-10-01T12:00:00+0000 <<<\n\n\
For more information on WHOIS status codes, please visit: https://www.icann.org/resources/pages/epp-status-codes\n"
        .to_owned()
}

#[tokio::test]
async fn domain_follows_iana_registry_and_registrar() {
    let f = fake(vec![
        ("google.com\r\n", iana_com()),
        ("google.com\r\n", verisign_google()),
        ("google.com\r\n", markmonitor_google()),
    ])
    .await;
    let (_s, c) = client(&f.address).await;
    let v = c
        .call_ok("whois_domain", json!({"domain": " Google.COM. "}))
        .await;
    assert_eq!(f.seen.await.unwrap().len(), 3);
    assert_eq!(v["query"], "google.com");
    assert_eq!(
        v["servers"],
        json!([
            "whois.iana.org",
            "whois.verisign-grs.com",
            "whois.markmonitor.com"
        ])
    );
    let registry = &v["records"][0];
    assert_eq!(registry["server"], "whois.verisign-grs.com");
    assert_eq!(registry["fields"]["Registrar"], "MarkMonitor Inc.");
    assert_eq!(
        registry["fields"]["Name Server"],
        json!(["NS1.GOOGLE.COM", "NS2.GOOGLE.COM"])
    );
    assert!(
        registry["fields"].get("NOTICE").is_none(),
        "legal text is left out"
    );
    assert!(registry["fields"].get("TERMS OF USE").is_none());
    let registrar = &v["records"][1];
    assert_eq!(registrar["server"], "whois.markmonitor.com");
    assert_eq!(registrar["fields"]["Registrant Organization"], "Google LLC");
    assert_eq!(
        v["records"].as_array().unwrap().len(),
        2,
        "IANA's TLD record is left out"
    );
}

#[tokio::test]
async fn domain_idn_is_sent_as_punycode_and_a_failed_registrar_is_a_note() {
    let verisign = "   Domain Name: XN--BCHER-KVA.COM\r\n   Registrar WHOIS Server: whois.example-registrar.test\r\n   Registrar: Example Registrar\r\n".to_owned();
    let f = fake(vec![
        ("xn--bcher-kva.com\r\n", iana_com()),
        ("xn--bcher-kva.com\r\n", verisign),
    ])
    .await;
    let (_s, c) = client(&f.address).await;
    let v = c
        .call_ok("whois_domain", json!({"domain": "bücher.com"}))
        .await;
    f.seen.await.unwrap();
    assert_eq!(v["records"][0]["fields"]["Registrar"], "Example Registrar");
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("whois.example-registrar.test"), "{note}");
}

#[tokio::test]
async fn domain_not_registered_and_bad_names() {
    let f = fake(vec![
        ("nope-not-registered.com\r\n", iana_com()),
        (
            "nope-not-registered.com\r\n",
            "No match for \"NOPE-NOT-REGISTERED.COM\".\r\n>>> Last update of whois database: 2024-10-01T12:00:00Z <<<\r\n".to_owned(),
        ),
    ])
    .await;
    let (_s, c) = client(&f.address).await;
    let err = c
        .call_err("whois_domain", json!({"domain": "nope-not-registered.com"}))
        .await;
    assert!(
        err.contains("whois.verisign-grs.com has no record of nope-not-registered.com")
            && err.contains("No match for"),
        "{err}"
    );
    f.seen.await.unwrap();
    for bad in [
        "example.com\r\nevil",
        "exa mple.com",
        "",
        "http://example.com",
    ] {
        let err = c.call_err("whois_domain", json!({"domain": bad})).await;
        assert!(
            err.contains("not a valid domain") || err.contains("is empty"),
            "{bad}: {err}"
        );
    }
    let err = c.call_err("whois_domain", json!({"domain": "com"})).await;
    assert!(err.contains("whois_tld"), "{err}");
}

#[tokio::test]
async fn tld_is_answered_by_iana() {
    let f = fake(vec![("com\r\n", iana_com())]).await;
    let (_s, c) = client(&f.address).await;
    let v = c.call_ok("whois_tld", json!({"tld": ".COM"})).await;
    f.seen.await.unwrap();
    assert_eq!(v["servers"], json!(["whois.iana.org"]));
    let fields = &v["records"][0]["fields"];
    assert_eq!(fields["domain"], "COM");
    assert_eq!(fields["whois"], "whois.verisign-grs.com");
    assert_eq!(fields["organisation"], "VeriSign Global Registry Services");
    assert_eq!(fields["nserver"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn tld_unknown_and_invalid() {
    let f = fake(vec![(
        "notatld\r\n",
        "% IANA WHOIS server\n% for more information on IANA, visit http://www.iana.org\n%\n% This query returned 0 objects.\n".to_owned(),
    )])
    .await;
    let (_s, c) = client(&f.address).await;
    let err = c.call_err("whois_tld", json!({"tld": "notatld"})).await;
    assert!(
        err.contains("whois.iana.org has no record of notatld"),
        "{err}"
    );
    f.seen.await.unwrap();
    let err = c.call_err("whois_tld", json!({"tld": "co.uk"})).await;
    assert!(err.contains("not a TLD"), "{err}");
}

#[tokio::test]
async fn ip_goes_to_arin_with_its_network_query() {
    let iana =
        "% IANA WHOIS server\n% This query returned 1 object\n\nrefer:        whois.arin.net\n\n\
inetnum:      8.0.0.0 - 8.255.255.255\norganisation: Administered by ARIN\nstatus:       LEGACY\n\n\
whois:        whois.arin.net\n\nchanged:      1992-12\nsource:       IANA\n"
            .to_owned();
    let arin = "#\n# ARIN WHOIS data and services are subject to the Terms of Use\n#\n\n\
NetRange:       8.8.8.0 - 8.8.8.255\nCIDR:           8.8.8.0/24\nNetName:        GOGL\n\
NetHandle:      NET-8-8-8-0-2\nOrganization:   Google LLC (GOGL)\nRegDate:        2023-12-28\n\n\
OrgName:        Google LLC\nCountry:        US\nOrgAbuseEmail:  network-abuse@google.com\n"
        .to_owned();
    let f = fake(vec![("8.8.8.8\r\n", iana), ("n + 8.8.8.8\r\n", arin)]).await;
    let (_s, c) = client(&f.address).await;
    let v = c.call_ok("whois_ip", json!({"ip": "8.8.8.8"})).await;
    f.seen.await.unwrap();
    assert_eq!(v["servers"], json!(["whois.iana.org", "whois.arin.net"]));
    let fields = &v["records"][0]["fields"];
    assert_eq!(fields["CIDR"], "8.8.8.0/24");
    assert_eq!(fields["OrgAbuseEmail"], "network-abuse@google.com");
}

#[tokio::test]
async fn ip_follows_arins_referral_server_to_ripe() {
    let iana = "refer:        whois.arin.net\n\ninetnum:      192.0.0.0 - 192.255.255.255\nwhois:        whois.arin.net\n".to_owned();
    let arin = "NetRange:       192.0.0.0 - 192.0.0.255\nNetName:        RIPE-ERX\n\
ReferralServer:  whois://whois.ripe.net\nOrganization:   RIPE Network Coordination Centre (RIPE)\n"
        .to_owned();
    let ripe =
        "% This is the RIPE Database query service.\n\ninetnum:        192.0.0.0 - 192.0.0.255\n\
netname:        EXAMPLE-NET\ncountry:        NL\nsource:         RIPE\n"
            .to_owned();
    let f = fake(vec![
        ("2001:db8::1\r\n", iana),
        ("n + 2001:db8::1\r\n", arin),
        ("2001:db8::1\r\n", ripe),
    ])
    .await;
    let (_s, c) = client(&f.address).await;
    let v = c.call_ok("whois_ip", json!({"ip": "2001:DB8:0::1"})).await;
    f.seen.await.unwrap();
    assert_eq!(
        v["servers"],
        json!(["whois.iana.org", "whois.arin.net", "whois.ripe.net"])
    );
    assert_eq!(v["records"][1]["fields"]["netname"], "EXAMPLE-NET");
    let err = c.call_err("whois_ip", json!({"ip": "8.8.8"})).await;
    assert!(err.contains("not an IP address"), "{err}");
}

#[tokio::test]
async fn as_number_goes_to_the_rir() {
    let iana = "% IANA WHOIS server\n\nrefer:        whois.arin.net\n\nas-block:     13312-18431\n\
organisation: Assigned by ARIN\n\nwhois:        whois.arin.net\n"
        .to_owned();
    let arin = "ASNumber:       13335\nASName:         CLOUDFLARENET\nASHandle:       AS13335\n\
OrgName:        Cloudflare, Inc.\nCountry:        US\n"
        .to_owned();
    let f = fake(vec![("AS13335\r\n", iana), ("a + 13335\r\n", arin)]).await;
    let (_s, c) = client(&f.address).await;
    let v = c.call_ok("whois_as", json!({"asn": "as13335"})).await;
    f.seen.await.unwrap();
    assert_eq!(v["query"], "AS13335");
    assert_eq!(v["records"][0]["fields"]["ASName"], "CLOUDFLARENET");
    let err = c.call_err("whois_as", json!({"asn": "AS-CLOUD"})).await;
    assert!(err.contains("not an AS number"), "{err}");
}

#[tokio::test]
async fn unreachable_slow_and_oversized_servers_fail_clearly() {
    // Nothing listens.
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let (_s, c) = client(&address).await;
    let err = c.call_err("whois_tld", json!({"tld": "com"})).await;
    assert!(
        err.contains("Cannot connect to WHOIS server whois.iana.org"),
        "{err}"
    );
    // Accepts, reads the query, never answers: the read times out (2 s in these settings).
    let slow = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let slow_addr = slow.local_addr().unwrap().to_string();
    let hold = tokio::spawn(async move {
        let (sock, _) = slow.accept().await.unwrap();
        tokio::time::sleep(std::time::Duration::from_secs(5)).await;
        drop(sock);
    });
    let (_s2, c2) = client(&slow_addr).await;
    let err = c2.call_err("whois_tld", json!({"tld": "com"})).await;
    assert!(
        err.contains("did not finish its answer within 2 s") || err.contains("took longer"),
        "{err}"
    );
    hold.abort();
    // An answer beyond the cap is refused, not buffered.
    let f = fake(vec![("com\r\n", "x".repeat(300 * 1024))]).await;
    let (_s3, c3) = client(&f.address).await;
    let err = c3.call_err("whois_tld", json!({"tld": "com"})).await;
    assert!(err.contains("more than 256 KiB"), "{err}");
}

#[tokio::test]
async fn a_referral_to_an_address_or_another_port_is_not_followed() {
    for refer in [
        "127.0.0.1:6379",
        "10.0.0.7",
        "whois.example.net:8080",
        "[::1]:43",
    ] {
        let iana = format!(
            "% IANA WHOIS server\r\n\r\nrefer:        {refer}\r\n\r\ndomain:       EVIL\r\n\r\nsource:       IANA\r\n"
        );
        let f = fake(vec![("x.evil\r\n", iana)]).await;
        let (_s, c) = client(&f.address).await;
        let v = c.call_ok("whois_domain", json!({"domain": "x.evil"})).await;
        assert_eq!(f.seen.await.unwrap().len(), 1, "{refer}: one query only");
        assert_eq!(v["servers"], json!(["whois.iana.org"]), "{refer}: {v}");
        let text = v.to_string();
        assert!(text.contains("not followed"), "{refer}: {v}");
    }
}
