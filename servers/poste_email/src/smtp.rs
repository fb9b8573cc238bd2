//! Submission over SMTP with lettre: AUTH with the account's address and password, over TLS
//! (465), STARTTLS (587) or plain (operator-listed hosts only), to the address the tenant-host
//! guard returned, the certificate checked against the host name.

use std::str::FromStr;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor, address::Envelope};
use mcp_shared::{ErrorKind, ToolError};

use crate::account::{Account, Mail, Security};
use crate::net;

pub fn address(arg: &str, a: &str) -> Result<Address, ToolError> {
    Address::from_str(a.trim()).map_err(|_| {
        ToolError::invalid_input(format!(
            "`{arg}` holds `{}`, which is not an e-mail address.",
            a.chars().take(120).collect::<String>()
        ))
    })
}

/// Send `raw` (a whole RFC 5322 message) from the account to `rcpt`.
pub async fn send(
    mail: &Mail,
    account: &Account,
    rcpt: &[String],
    raw: &[u8],
) -> Result<(), ToolError> {
    let ep = &account.smtp;
    let addrs = net::addresses(&mail.tenant_hosts, "SMTP", ep).await?;
    let from = address("email", &account.email)?;
    let to = rcpt
        .iter()
        .map(|r| address("to", r))
        .collect::<Result<Vec<_>, _>>()?;
    let envelope = Envelope::new(Some(from), to)
        .map_err(|e| ToolError::invalid_input(format!("No recipient to send to: {e}.")))?;
    let transports = transports(mail, account, &addrs)?;
    let mut last = None;
    for transport in transports {
        match transport.send_raw(&envelope, raw).await {
            Ok(_) => return Ok(()),
            Err(e) => {
                let permanent = e.is_permanent() || e.is_transient();
                last = Some(smtp_error(&e));
                if permanent {
                    break;
                }
            }
        }
    }
    Err(last.unwrap_or_else(|| ToolError::transport("The SMTP host has no address.")))
}

/// One transport per guarded address of the account's SMTP server.
fn transports(
    mail: &Mail,
    account: &Account,
    addrs: &[std::net::SocketAddr],
) -> Result<Vec<AsyncSmtpTransport<Tokio1Executor>>, ToolError> {
    let ep = &account.smtp;
    let params = || -> Result<TlsParameters, ToolError> {
        let mut b = TlsParameters::builder(ep.host.trim_matches(['[', ']']).to_owned())
            .certificate_store(CertificateStore::WebpkiRoots);
        for c in &mail.extra_roots {
            let cert = Certificate::from_der(c.to_vec()).map_err(|e| {
                ToolError::transport(format!("The operator's --ca-file is not usable: {e}."))
            })?;
            b = b.add_root_certificate(cert);
        }
        b.build_rustls()
            .map_err(|e| ToolError::transport(format!("TLS set-up for SMTP failed: {e}.")))
    };
    let tls = match ep.security {
        Security::Tls => Tls::Wrapper(params()?),
        Security::StartTls => Tls::Required(params()?),
        Security::Plain => Tls::None,
    };
    Ok(addrs
        .iter()
        .map(|a| {
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(a.ip().to_string())
                .port(a.port())
                .tls(tls.clone())
                .credentials(Credentials::new(
                    account.email.clone(),
                    account.password.expose().to_owned(),
                ))
                .timeout(Some(Duration::from_secs(30)))
                .build()
        })
        .collect())
}

/// Connect and log in to the account's SMTP server, sending nothing.
pub async fn check(mail: &Mail, account: &Account) -> Result<(), ToolError> {
    let addrs = net::addresses(&mail.tenant_hosts, "SMTP", &account.smtp).await?;
    let mut last = None;
    for t in transports(mail, account, &addrs)? {
        match t.test_connection().await {
            Ok(true) => return Ok(()),
            Ok(false) => last = Some(ToolError::transport("The SMTP server did not answer.")),
            Err(e) => last = Some(smtp_error(&e)),
        }
    }
    Err(last.unwrap_or_else(|| ToolError::transport("The SMTP host has no address.")))
}

fn smtp_error(e: &lettre::transport::smtp::Error) -> ToolError {
    let text = e.to_string();
    let code = e.status().map(|c| c.to_string());
    if matches!(code.as_deref(), Some("535" | "534" | "530")) || text.contains("authentication") {
        return ToolError::new(
            ErrorKind::Upstream,
            format!("The SMTP server refused the login of this account: {text}."),
        )
        .with_hint("check `email` and `password` in the credentials.");
    }
    if e.is_permanent() || e.is_transient() {
        return ToolError::new(
            ErrorKind::Upstream,
            format!("The SMTP server refused the message: {text}."),
        );
    }
    ToolError::transport(format!("Sending over SMTP failed: {text}.")).with_hint(
        "check the SMTP host, port and security (use_ssl, use_starttls) of the credentials.",
    )
}
