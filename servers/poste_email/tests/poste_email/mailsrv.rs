//! Real mail servers for the tests, one set per test (nextest runs each test in a process of
//! its own): Dovecot (Debian's `dovecot-imapd`) on 127.0.0.1 with a generated configuration
//! in a temporary directory (IMAP plain, IMAPS and STARTTLS with a self-signed certificate for
//! `localhost`, users from a passwd file), and aiosmtpd (PyPI) as the SMTP submission server,
//! with AUTH checked against the same users, delivering every accepted message with Dovecot's
//! own delivery agent (`dovecot-lda`): what is sent over SMTP is found over IMAP.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const USERS: &[(&str, &str)] = &[
    ("ada@example.com", "pw-ada-secret"),
    ("bob@example.com", "pw-bob-secret"),
    ("cy@example.com", "pw-cy-secret"),
];

pub struct MailServers {
    pub dir: tempfile::TempDir,
    pub imap_port: u16,
    pub imaps_port: u16,
    pub smtp_port: u16,
    dovecot: Child,
    smtp: Option<Child>,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

fn wait_for(port: u16, what: &str, log: &Path) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!(
        "{what} did not listen on {port}: {}",
        std::fs::read_to_string(log).unwrap_or_default()
    );
}

fn id(args: &[&str]) -> String {
    let o = Command::new("id").args(args).output().expect("id");
    String::from_utf8_lossy(&o.stdout).trim().to_owned()
}

const SMTP_SCRIPT: &str = r#"
import sys, smtplib, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
import subprocess
port, conf, passwd = int(sys.argv[1]), sys.argv[2], sys.argv[3]
users = {}
for line in open(passwd):
    u, p = line.strip().split(':', 1)
    users[u] = p.replace('{PLAIN}', '')
class Deliver:
    async def handle_DATA(self, server, session, envelope):
        data = envelope.original_content or envelope.content
        for rcpt in envelope.rcpt_tos:
            if rcpt not in users:
                continue
            r = subprocess.run(['/usr/lib/dovecot/dovecot-lda', '-c', conf, '-d', rcpt, '-f', envelope.mail_from],
                               input=data, capture_output=True)
            if r.returncode != 0:
                return '451 delivery failed: %s' % r.stderr.decode(errors='replace')
        return '250 OK'
def auth(server, session, envelope, mechanism, data):
    ok = isinstance(data, LoginPassword) and users.get(data.login.decode()) == data.password.decode()
    return AuthResult(success=ok, handled=False)
c = Controller(Deliver(), hostname='127.0.0.1', port=port, authenticator=auth,
               auth_required=True, auth_require_tls=False)
c.start()
print('ready', flush=True)
threading.Event().wait()
"#;

impl MailServers {
    /// Dovecot only (IMAP, IMAPS, STARTTLS).
    pub fn imap_only() -> Self {
        Self::start(false)
    }

    /// Dovecot and the SMTP server.
    pub fn with_smtp() -> Self {
        Self::start(true)
    }

    fn start(smtp: bool) -> Self {
        let dir = tempfile::Builder::new()
            .prefix("poste-dovecot-")
            .tempdir()
            .expect("tempdir");
        let d = dir.path();
        for sub in ["run", "state", "mail"] {
            std::fs::create_dir_all(d.join(sub)).unwrap();
        }
        let root = id(&["-u"]) == "0";
        // Dovecot refuses to run its login processes as root.
        let (internal, login, mail_uid, mail_gid) = if root {
            (
                "dovecot".to_owned(),
                "dovenull".to_owned(),
                id(&["-u", "dovecot"]),
                id(&["-g", "dovecot"]),
            )
        } else {
            let me = id(&["-un"]);
            (me.clone(), me, id(&["-u"]), id(&["-g"]))
        };
        if root {
            use std::os::unix::fs::PermissionsExt;
            let uid: u32 = mail_uid.parse().unwrap();
            let gid: u32 = mail_gid.parse().unwrap();
            std::os::unix::fs::chown(d.join("mail"), Some(uid), Some(gid)).unwrap();
            std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let passwd: String = USERS
            .iter()
            .map(|(u, p)| format!("{u}:{{PLAIN}}{p}\n"))
            .collect();
        std::fs::write(d.join("passwd"), passwd).unwrap();
        // A self-signed certificate for localhost.
        let ok = Command::new("openssl")
            .args([
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=localhost",
                "-addext",
                "subjectAltName=DNS:localhost",
                "-addext",
                "basicConstraints=critical,CA:FALSE",
                "-keyout",
            ])
            .arg(d.join("key.pem"))
            .arg("-out")
            .arg(d.join("cert.pem"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("openssl");
        assert!(ok.success(), "openssl could not make a certificate");
        let (imap_port, imaps_port) = (free_port(), free_port());
        let p = |x: &str| d.join(x).display().to_string();
        let conf = format!(
            r#"protocols = imap
listen = 127.0.0.1
base_dir = {run}
state_dir = {state}
log_path = {log}
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_internal_group = {internal_group}
default_login_user = {login}
mail_location = maildir:{mail}/%n
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {passwd}
}}
userdb {{
  driver = static
  args = uid={mail_uid} gid={mail_gid} home={mail}/%n
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
}}
namespace inbox {{
  inbox = yes
  separator = /
  mailbox Drafts {{
    special_use = \Drafts
    auto = subscribe
  }}
  mailbox Sent {{
    special_use = \Sent
    auto = subscribe
  }}
  mailbox Trash {{
    special_use = \Trash
    auto = subscribe
  }}
}}
"#,
            run = p("run"),
            state = p("state"),
            log = p("dovecot.log"),
            cert = p("cert.pem"),
            key = p("key.pem"),
            mail = p("mail"),
            passwd = p("passwd"),
            internal_group = if root {
                "dovecot".to_owned()
            } else {
                id(&["-gn"])
            },
        );
        std::fs::write(d.join("dovecot.conf"), conf).unwrap();
        let dovecot =
            Command::new(std::env::var("DOVECOT").unwrap_or_else(|_| "/usr/sbin/dovecot".into()))
                .arg("-F")
                .arg("-c")
                .arg(d.join("dovecot.conf"))
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(d.join("dovecot.err")).unwrap())
                .spawn()
                .expect("dovecot (Debian's dovecot-imapd) is not installed");
        let mut me = Self {
            dir,
            imap_port,
            imaps_port,
            smtp_port: 0,
            dovecot,
            smtp: None,
        };
        let err = me.dir.path().join("dovecot.err");
        wait_for(imap_port, "Dovecot IMAP", &err);
        wait_for(imaps_port, "Dovecot IMAPS", &err);
        if smtp {
            let py = mcp_testkit::python::python_with(&["aiosmtpd"]);
            let port = free_port();
            let log = me.dir.path().join("smtp.log");
            let child = Command::new(py)
                .arg("-c")
                .arg(SMTP_SCRIPT)
                .arg(port.to_string())
                .arg(me.dir.path().join("dovecot.conf"))
                .arg(me.dir.path().join("passwd"))
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(&log).unwrap())
                .spawn()
                .expect("python with aiosmtpd");
            me.smtp = Some(child);
            me.smtp_port = port;
            wait_for(port, "aiosmtpd", &log);
        }
        me
    }

    pub fn cert(&self) -> PathBuf {
        self.dir.path().join("cert.pem")
    }

    /// The credentials (x-auth-data) of a user, plain IMAP and SMTP on 127.0.0.1.
    pub fn creds(&self, user: usize) -> serde_json::Value {
        let (email, password) = USERS[user];
        serde_json::json!({
            "email": email,
            "password": password,
            "name": email.split('@').next().unwrap_or_default(),
            "imap_server": "127.0.0.1",
            "imap_port": self.imap_port,
            "smtp_server": "127.0.0.1",
            "smtp_port": if self.smtp_port == 0 { 2525 } else { self.smtp_port },
            "use_ssl": false,
            "use_starttls": false,
        })
    }

    /// Deliver a message to `to`'s INBOX with Dovecot's delivery agent (as a mail server
    /// would), independent of our code.
    pub fn deliver(&self, to: &str, raw: &str) {
        let mut child = Command::new("/usr/lib/dovecot/dovecot-lda")
            .arg("-c")
            .arg(self.dir.path().join("dovecot.conf"))
            .args(["-d", to, "-f", "sender@example.org"])
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(raw.as_bytes())
            .unwrap();
        assert!(
            child.wait().unwrap().success(),
            "dovecot-lda delivery failed"
        );
    }

    /// Run Python's imaplib as `user` (an independent IMAP client) and return its output.
    pub fn imap_py(&self, user: usize, body: &str) -> String {
        let (email, password) = USERS[user];
        let script = format!(
            "import imaplib, sys\nm = imaplib.IMAP4('127.0.0.1', {})\nm.login({email:?}, {password:?})\n{body}\n",
            self.imap_port
        );
        let o = Command::new("python3")
            .arg("-c")
            .arg(script)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "imaplib: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout).into_owned()
    }
}

impl Drop for MailServers {
    fn drop(&mut self) {
        if let Some(c) = &mut self.smtp {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = Command::new("kill")
            .arg(self.dovecot.id().to_string())
            .status();
        let _ = self.dovecot.wait();
    }
}
