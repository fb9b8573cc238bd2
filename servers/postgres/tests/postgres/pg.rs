//! A real PostgreSQL for the tests, shared by every test process (nextest runs each test in a
//! process of its own): the first process to take the lock runs `initdb` and `pg_ctl start`
//! on 127.0.0.1 in a data directory under the target dir, later ones reuse it once it answers
//! (and restart it if it is dead). As root (CI), PostgreSQL runs as the `postgres` user. Each
//! test makes its own database and role, so tests are independent and run concurrently.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Password of the cluster's superuser `postgres` (TCP logins need a password).
const SUPERUSER_PASSWORD: &str = "mcp-tests-superuser";

pub struct Cluster {
    pub port: u16,
}

fn bindir() -> PathBuf {
    if let Ok(dir) = std::env::var("PG_BINDIR") {
        return PathBuf::from(dir);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let major = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((major, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, b)| b).expect(
        "no PostgreSQL server found in /usr/lib/postgresql/*/bin (install Debian's postgresql package, e.g. with `cargo xtask setup`), or set PG_BINDIR",
    )
}

/// Everything the cluster needs to start, checked before anything is changed on disk: on a machine
/// without one of them the tests end with one line naming all that is missing.
fn preflight(bin: &Path, root: bool) {
    let mut missing = Vec::new();
    for b in ["initdb", "pg_ctl", "postgres"] {
        if !bin.join(b).exists() {
            missing.push(format!("{} (the PostgreSQL server)", bin.join(b).display()));
        }
    }
    // `/usr/lib/postgresql/<major>/bin` → `<major>`, for the extensions' files.
    let major = bin
        .parent()
        .and_then(Path::file_name)
        .and_then(|m| m.to_str())
        .unwrap_or_default();
    let lib = bin.parent().map(|p| p.join("lib")).unwrap_or_default();
    let share = PathBuf::from("/usr/share/postgresql")
        .join(major)
        .join("extension");
    // A server of one's own (PG_BINDIR) keeps its extensions where it was built to.
    let debian = std::env::var_os("PG_BINDIR").is_none();
    // Preloaded at start. hypopg is not needed to start: the tests that create it say so.
    let ext = "pg_stat_statements";
    if debian
        && (!lib.join(format!("{ext}.so")).exists()
            || !share.join(format!("{ext}.control")).exists())
    {
        missing.push(format!(
            "the {ext} extension (preloaded; package postgresql-contrib)"
        ));
    }
    if root {
        let uid = Command::new("id")
            .args(["-u", "postgres"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
        match uid.as_deref() {
            None => missing
                .push("a `postgres` user (run as root, the tests run the cluster as it)".into()),
            Some("0") => missing.push("a `postgres` user that is not root (it has uid 0)".into()),
            Some(_) => {}
        }
        let group = Command::new("getent")
            .args(["group", "postgres"])
            .output()
            .is_ok_and(|o| o.status.success());
        if !group {
            missing.push("a `postgres` group".into());
        }
        let runuser = Command::new("runuser")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !runuser {
            missing.push("runuser (util-linux)".into());
        }
    }
    assert!(
        missing.is_empty(),
        "cannot start the test PostgreSQL: missing {}; run `cargo xtask setup` as root, which makes sure of each",
        missing.join(", ")
    );
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Every ancestor is traversable by others (so the `postgres` user can reach the directory).
fn traversable(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    dir.ancestors().skip(1).all(|a| {
        std::fs::metadata(a)
            .map(|m| m.permissions().mode() & 0o001 != 0)
            .unwrap_or(false)
    })
}

/// Where the cluster lives: `<target tmp>/postgres-tests`, or `/tmp/mcp-postgres-tests-<uid>`
/// when root runs the tests and the target dir is not reachable for the `postgres` user.
pub fn base_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("postgres-tests");
    if !is_root() || traversable(&dir) {
        dir
    } else {
        PathBuf::from("/tmp/mcp-postgres-tests-0")
    }
}

fn run(root: bool, program: &Path, args: &[&str]) -> std::process::Output {
    let mut cmd = if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    cmd.args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

fn answers(port: u16) -> bool {
    TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_millis(500)).is_ok()
}

fn start() -> Cluster {
    use std::os::unix::fs::PermissionsExt;
    let base = base_dir();
    std::fs::create_dir_all(&base).unwrap();
    let _ = std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(base.join("lock"))
        .unwrap();
    fs4::fs_std::FileExt::lock_exclusive(&lock).unwrap();
    let port_file = base.join("port");
    let root = is_root();
    let tls = certificate(&base, root);
    let settings = format!(
        "-c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements -c max_connections=400 -c fsync=off{tls}"
    );
    // Reused when it answers and was started with these settings.
    if let Some(port) = std::fs::read_to_string(&port_file)
        .ok()
        .and_then(|p| p.trim().parse::<u16>().ok())
        && answers(port)
        && std::fs::read_to_string(base.join("settings"))
            .ok()
            .as_deref()
            == Some(settings.as_str())
    {
        return Cluster { port };
    }
    let bin = bindir();
    preflight(&bin, root);
    let data = base.join("data");
    let sock = base.join("sock");
    std::fs::create_dir_all(&sock).unwrap();
    if root {
        let status = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&base)
            .status()
            .unwrap();
        assert!(status.success(), "chown {} to postgres", base.display());
    }
    if !data.join("PG_VERSION").exists() {
        let _ = std::fs::remove_dir_all(&data);
        let pwfile = base.join("pwfile");
        std::fs::write(&pwfile, SUPERUSER_PASSWORD).unwrap();
        if root {
            Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&pwfile)
                .status()
                .unwrap();
        }
        let out = run(
            root,
            &bin.join("initdb"),
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                &format!("--pwfile={}", pwfile.display()),
            ],
        );
        assert!(
            out.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let options = format!("-k {} -p {port} {settings}", sock.display());
    let log = base.join("log");
    let _ = run(
        root,
        &bin.join("pg_ctl"),
        &["-D", data.to_str().unwrap(), "-m", "fast", "stop"],
    );
    let out = run(
        root,
        &bin.join("pg_ctl"),
        &[
            "-D",
            data.to_str().unwrap(),
            "-l",
            log.to_str().unwrap(),
            "-w",
            "-o",
            &options,
            "start",
        ],
    );
    assert!(
        out.status.success(),
        "pg_ctl start failed: {}{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while !answers(port) {
        assert!(
            Instant::now() < deadline,
            "PostgreSQL did not answer on port {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    std::fs::write(&port_file, port.to_string()).unwrap();
    std::fs::write(base.join("settings"), &settings).unwrap();
    Cluster { port }
}

/// A self-signed certificate for `localhost` (openssl), so the cluster speaks TLS; the
/// settings that turn it on, or nothing where openssl is missing.
fn certificate(base: &Path, root: bool) -> String {
    let (crt, key) = (base.join("server.crt"), base.join("server.key"));
    if !crt.exists() || !key.exists() {
        let made = Command::new("openssl")
            .args([
                "req",
                "-new",
                "-x509",
                "-days",
                "3650",
                "-nodes",
                "-subj",
                "/CN=localhost",
            ])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&crt)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        if !made {
            return String::new();
        }
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600));
        if root {
            let _ = Command::new("chown")
                .arg("postgres:postgres")
                .arg(&key)
                .arg(&crt)
                .status();
        }
    }
    format!(
        " -c ssl=on -c ssl_cert_file={} -c ssl_key_file={}",
        crt.display(),
        key.display()
    )
}

/// Whether the cluster speaks TLS (openssl made its certificate).
pub fn has_tls() -> bool {
    cluster();
    base_dir().join("server.crt").exists()
}

pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(start)
}

pub fn superuser_dsn(database: &str) -> String {
    format!(
        "postgresql://postgres:{SUPERUSER_PASSWORD}@127.0.0.1:{}/{database}?sslmode=disable",
        cluster().port
    )
}

pub async fn connect(dsn: &str) -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(dsn, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("connect to the test cluster: {e}"));
    tokio::spawn(conn);
    client
}

/// A tenant: its own database, owned by its own role with a password.
pub struct Tenant {
    pub database: String,
    pub role: String,
    pub password: String,
    /// The tenant's connection string (its role, its database).
    pub dsn: String,
}

impl Tenant {
    /// A superuser connection to the tenant's database (to set up fixtures).
    pub async fn admin(&self) -> tokio_postgres::Client {
        connect(&superuser_dsn(&self.database)).await
    }
}

/// Drop, once per test process, the databases and roles earlier test processes left (their
/// names carry the process id; a process that is gone no longer needs them): the cluster
/// outlives test runs, and 12 MB per database add up.
async fn sweep(admin: &tokio_postgres::Client) {
    static SWEPT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if SWEPT.swap(true, Ordering::SeqCst) {
        return;
    }
    let gone = |name: &str, prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|rest| rest.split('_').next())
            .and_then(|pid| pid.parse::<u32>().ok())
            .is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
    };
    let Ok(rows) = admin
        .query(
            "SELECT datname AS name FROM pg_database WHERE datname LIKE 'db\\_t%' \
             UNION ALL SELECT rolname FROM pg_roles WHERE rolname LIKE 'role\\_t%'",
            &[],
        )
        .await
    else {
        return;
    };
    let names: Vec<String> = rows.iter().map(|r| r.get::<_, String>(0)).collect();
    // Databases first: a role cannot go while it owns one.
    for name in names.iter().filter(|n| gone(n, "db_t")) {
        let _ = admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
            .await;
    }
    for name in names.iter().filter(|n| gone(n, "role_t")) {
        let _ = admin
            .batch_execute(&format!("DROP ROLE IF EXISTS \"{name}\""))
            .await;
    }
}

/// A fresh database and role; `extensions` are created in it by the superuser.
pub async fn tenant(extensions: &[&str]) -> Tenant {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let id = format!("t{}_{n}_{nanos}", std::process::id());
    let (database, role, password) = (
        format!("db_{id}"),
        format!("role_{id}"),
        format!("pw-{id}-secret"),
    );
    let admin = connect(&superuser_dsn("postgres")).await;
    sweep(&admin).await;
    for sql in [
        format!("CREATE ROLE {role} LOGIN PASSWORD '{password}'"),
        format!("GRANT pg_read_all_stats TO {role}"),
        format!("CREATE DATABASE {database} OWNER {role}"),
    ] {
        admin.batch_execute(&sql).await.unwrap();
    }
    let t = Tenant {
        dsn: format!(
            "postgresql://{role}:{password}@127.0.0.1:{}/{database}?sslmode=disable",
            cluster().port
        ),
        database,
        role,
        password,
    };
    if !extensions.is_empty() {
        let a = t.admin().await;
        for e in extensions {
            a.batch_execute(&format!("CREATE EXTENSION IF NOT EXISTS {e}"))
                .await
                .unwrap();
        }
    }
    t
}
