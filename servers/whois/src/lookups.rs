//! The four lookups: each asks IANA, then follows referrals (at most MAX_SERVERS in all).

use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::client::{ROOT, Whois};
use crate::parse;

/// Servers one lookup may ask: IANA, the registry, the registrar.
const MAX_SERVERS: usize = 3;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("whois_domain", "WHOIS domain", Effect::Read, domain).toolset("whois"),
        tool("whois_tld", "WHOIS TLD", Effect::Read, tld).toolset("whois"),
        tool("whois_ip", "WHOIS IP address", Effect::Read, ip).toolset("whois"),
        tool("whois_as", "WHOIS AS number", Effect::Read, asn).toolset("whois"),
    ]
}

/// Look up a domain's registration: asks IANA for the TLD's registry, the registry, then the
/// registrar it names. Returns `records` (the registry's and the registrar's answers: registrar,
/// dates, status, name servers, contacts where not redacted).
#[derive(Deserialize, JsonSchema)]
pub struct Domain {
    /// e.g. `example.com`; internationalised names are sent as punycode
    domain: String,
}

async fn domain(ctx: Ctx, a: Domain) -> Result<Value, ToolError> {
    let name = host_name(&a.domain, "domain")?;
    if !name.contains('.') {
        return Err(ToolError::invalid_input(format!(
            "`{name}` has no dot: give a domain such as example.com (whois_tld looks up a TLD)"
        )));
    }
    lookup(&ctx, Kind::Domain, &name, MAX_SERVERS).await
}

/// Look up a top-level domain in IANA's root zone database: its registry (organisation,
/// contacts), name servers, WHOIS server, status and dates.
#[derive(Deserialize, JsonSchema)]
pub struct Tld {
    /// e.g. `com`, `.uk`
    tld: String,
}

async fn tld(ctx: Ctx, a: Tld) -> Result<Value, ToolError> {
    let name = host_name(a.tld.trim().trim_start_matches('.'), "tld")?;
    if name.contains('.') {
        return Err(ToolError::invalid_input(format!(
            "`{name}` is not a TLD: give its last label, e.g. `uk` (whois_domain looks up a domain)"
        )));
    }
    lookup(&ctx, Kind::Tld, &name, 1).await
}

/// Look up who holds an IPv4 or IPv6 address: asks IANA for the regional registry (ARIN, RIPE,
/// APNIC, LACNIC, AFRINIC), then that registry. Returns its network records (range, name,
/// organisation, country, abuse contact).
#[derive(Deserialize, JsonSchema)]
pub struct Ip {
    ip: String,
}

async fn ip(ctx: Ctx, a: Ip) -> Result<Value, ToolError> {
    let ip: std::net::IpAddr = a.ip.trim().parse().map_err(|_| {
        ToolError::invalid_input(format!(
            "`{}` is not an IP address: give one such as 8.8.8.8 or 2001:db8::1",
            a.ip
        ))
    })?;
    lookup(&ctx, Kind::Ip, &ip.to_string(), MAX_SERVERS).await
}

/// Look up an autonomous system: asks IANA for the regional registry, then that registry.
/// Returns its records (AS name, holder, country, contacts).
#[derive(Deserialize, JsonSchema)]
pub struct As {
    /// `AS13335` or `13335`
    asn: String,
}

async fn asn(ctx: Ctx, a: As) -> Result<Value, ToolError> {
    let s = a.asn.trim();
    let digits = s
        .strip_prefix("AS")
        .or_else(|| s.strip_prefix("as"))
        .or_else(|| s.strip_prefix("As"))
        .unwrap_or(s);
    let n: u32 = digits.parse().map_err(|_| {
        ToolError::invalid_input(format!(
            "`{s}` is not an AS number: give one such as AS13335 or 13335"
        ))
    })?;
    lookup(&ctx, Kind::Asn, &format!("AS{n}"), MAX_SERVERS).await
}

/// A host name as WHOIS servers take it: lower case ASCII (punycode), no trailing dot, and
/// nothing that could end or extend the query line.
fn host_name(s: &str, what: &str) -> Result<String, ToolError> {
    let s = s.trim().trim_end_matches('.');
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!("`{what}` is empty")));
    }
    let bad = || ToolError::invalid_input(format!("`{s}` is not a valid {what} name"));
    if s.chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '/' || c == ':')
    {
        return Err(bad());
    }
    match url::Host::parse(s).map_err(|_| bad())? {
        url::Host::Domain(d) => Ok(d),
        _ => Err(bad()),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Domain,
    Tld,
    Ip,
    Asn,
}

/// The query line for `server`: the query itself, except at ARIN, whose bare queries match
/// every record type ("query terms are ambiguous"): `n + <ip>` asks for the network with
/// details, `a + <number>` for the AS.
fn query_for(server: &str, kind: Kind, query: &str) -> String {
    match (server, kind) {
        ("whois.arin.net", Kind::Ip) => format!("n + {query}"),
        ("whois.arin.net", Kind::Asn) => format!("a + {}", query.trim_start_matches("AS")),
        _ => query.to_owned(),
    }
}

/// Ask IANA, then follow referrals while `servers` allows; IANA's answer is returned only when
/// it is the last one (a TLD, or nothing to follow).
async fn lookup(ctx: &Ctx, kind: Kind, query: &str, servers: usize) -> Result<Value, ToolError> {
    let whois = ctx.state::<Whois>()?;
    let chain = async {
        let mut asked: Vec<String> = Vec::new();
        let mut answers: Vec<(String, String)> = Vec::new();
        let mut note = None;
        let mut server = ROOT.to_owned();
        loop {
            let answer = match whois.ask(&server, &query_for(&server, kind, query)).await {
                Ok(a) => a,
                // A referral that does not answer: keep what the registry said.
                Err(e) if !answers.is_empty() => {
                    note = Some(format!("the referral to {server} failed: {e}"));
                    break;
                }
                Err(e) => return Err(e),
            };
            asked.push(server.clone());
            let next = parse::referral(&answer);
            answers.push((server.clone(), answer));
            match next {
                Some(Ok(n)) if asked.len() < servers && !asked.contains(&n) => server = n,
                Some(Err(named)) => {
                    note = Some(format!(
                        "{server} referred to `{named}`, which is not followed: referrals go only to WHOIS host names on port 43"
                    ));
                    break;
                }
                _ => break,
            }
        }
        Ok((asked, answers, note))
    };
    let (asked, answers, note) =
        tokio::time::timeout(whois.timeout, chain)
            .await
            .map_err(|_| {
                ToolError::transport(format!(
                    "the WHOIS lookup of {query} took longer than {} s",
                    whois.timeout.as_secs()
                ))
            })??;
    let skip = usize::from(answers.len() > 1);
    let (last_server, last) = answers
        .last()
        .map(|(s, a)| (s.as_str(), a.as_str()))
        .unwrap_or_default();
    if let Some(says) = parse::no_match(last) {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("{last_server} has no record of {query}: {says}"),
        )
        .with_hint("for a domain this usually means it is not registered."));
    }
    let records: Vec<Value> = answers
        .iter()
        .skip(skip)
        .map(|(s, a)| parse::record(s, a))
        .collect();
    let mut out = json!({ "query": query, "servers": asked, "records": records });
    if let (Some(n), Value::Object(o)) = (note, &mut out) {
        o.insert("note".into(), Value::String(n));
    }
    Ok(out)
}
