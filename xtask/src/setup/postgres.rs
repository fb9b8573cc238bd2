//! What the postgres server's tests need of this machine, and how `setup` makes sure of it.
//!
//! The tests (`servers/postgres/tests/postgres/pg.rs`) start a cluster of their own with the
//! newest server under `/usr/lib/postgresql/<major>/bin`, preload `pg_stat_statements`, create
//! `hypopg` in some databases and, run as root (CI), hand the cluster to the `postgres` user
//! and group (`chown postgres:postgres`, `runuser -u postgres`). Files on disk are not enough:
//! a machine can have the packages and no `postgres` user. The decisions are a pure function of
//! what was seen ([`plan`]); [`observe`] reads a [`Layout`] (the system's, or a test's copy of
//! it) and [`setup`] acts, then looks again.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, ensure};

use super::accounts::{self, Group, User};
use super::apt_install;
use crate::summary::Status;
use crate::tools::{has, is_root, quiet_ok, run_captured};

/// The account (user and group) the tests run the cluster as when they run as root.
const ACCOUNT: &str = "postgres";
/// The user Debian's postgresql-common creates: its description and shell.
const COMMENT: &str = "PostgreSQL administrator";
const SHELL: &str = "/bin/bash";

/// Where PostgreSQL and the accounts are: the system's, or a test's copy.
pub struct Layout {
    /// `<lib>/<major>/bin/initdb`, `<lib>/<major>/lib/<extension>.so`
    pub lib: PathBuf,
    /// `<share>/<major>/extension/<extension>.control`
    pub share: PathBuf,
    /// The `postgres` user's home.
    pub home: PathBuf,
    pub passwd: PathBuf,
    pub group: PathBuf,
}

impl Layout {
    /// Debian's layout, and the files `useradd` and `groupadd` edit.
    pub fn system() -> Self {
        Layout {
            lib: "/usr/lib/postgresql".into(),
            share: "/usr/share/postgresql".into(),
            home: "/var/lib/postgresql".into(),
            passwd: "/etc/passwd".into(),
            group: "/etc/group".into(),
        }
    }
}

/// What [`observe`] saw.
#[derive(Debug, Clone, Default)]
pub struct Observed {
    /// The newest major with `bin/initdb`: the one the tests use.
    pub major: Option<String>,
    /// That major has `initdb`, `pg_ctl` and `postgres`.
    pub server: bool,
    /// Its `pg_stat_statements` (library and control file).
    pub pg_stat_statements: bool,
    /// Its `hypopg` (library and control file).
    pub hypopg: bool,
    pub users: Vec<User>,
    pub groups: Vec<Group>,
    /// The `postgres` user's home, and its owner (uid, gid) when it exists.
    pub home: String,
    pub home_owner: Option<(u32, u32)>,
    /// `runuser` (util-linux) runs.
    pub runuser: bool,
}

impl Observed {
    fn user(&self) -> Option<&User> {
        self.users.iter().find(|u| u.name == ACCOUNT)
    }

    fn group(&self) -> Option<&Group> {
        self.groups.iter().find(|g| g.name == ACCOUNT)
    }
}

/// One thing `setup` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `apt-get update`, then `apt-get install` these Debian packages.
    Apt(Vec<String>),
    /// `groupadd --system postgres`.
    GroupAdd,
    /// `useradd` with these arguments.
    UserAdd(Vec<String>),
    /// Create the home if need be and give it to `postgres:postgres`, as Debian's
    /// postgresql-common does after creating the user.
    OwnHome(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Apt(p) => write!(f, "apt-get install {}", p.join(" ")),
            Action::GroupAdd => write!(f, "groupadd --system {ACCOUNT}"),
            Action::UserAdd(args) => {
                let shown: Vec<String> = args
                    .iter()
                    .map(|a| {
                        if a.contains(' ') {
                            format!("'{a}'")
                        } else {
                            a.clone()
                        }
                    })
                    .collect();
                write!(f, "useradd {}", shown.join(" "))
            }
            Action::OwnHome(home) => write!(f, "chown {ACCOUNT}:{ACCOUNT} {home}"),
        }
    }
}

/// What the tests need and the machine lacks, and what `setup` does about it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// One phrase per missing thing.
    pub missing: Vec<String>,
    /// In order; a missing thing without an action (a `postgres` user with uid 0) stays
    /// missing, and `setup` fails on it.
    pub actions: Vec<Action>,
}

/// What is missing for the postgres tests and what to do about it. `as_root`: the tests run
/// as root, so they need the `postgres` account and `runuser`; otherwise they run the cluster
/// as the user who runs them, and need neither.
pub fn plan(o: &Observed, as_root: bool) -> Plan {
    let mut p = Plan::default();
    let Some(major) = o.major.as_deref() else {
        p.missing
            .push("a PostgreSQL server (initdb, pg_ctl and postgres)".into());
        // The package creates the `postgres` user and group itself, and names the major
        // whose hypopg comes next: the rest is judged after it.
        p.actions.push(Action::Apt(vec![
            "postgresql".into(),
            "postgresql-contrib".into(),
        ]));
        return p;
    };
    let mut packages = Vec::new();
    if !o.server {
        p.missing.push(format!(
            "the PostgreSQL {major} server (initdb, pg_ctl and postgres)"
        ));
        packages.push(format!("postgresql-{major}"));
    }
    if !o.pg_stat_statements {
        p.missing.push(format!(
            "pg_stat_statements for PostgreSQL {major} (the tests preload it)"
        ));
        packages.push("postgresql-contrib".into());
    }
    if !o.hypopg {
        p.missing.push(format!("hypopg for PostgreSQL {major}"));
        packages.push(format!("postgresql-{major}-hypopg"));
    }
    if as_root && !o.runuser {
        p.missing
            .push("runuser (the tests start the cluster with it as root)".into());
        packages.push("util-linux".into());
    }
    if !packages.is_empty() {
        p.actions.push(Action::Apt(packages));
    }
    if as_root {
        account(o, &mut p);
    }
    p
}

/// As root the tests give the cluster to `postgres:postgres` and run it as `postgres`.
fn account(o: &Observed, p: &mut Plan) {
    match o.user() {
        None => {
            p.missing.push(format!(
                "the `{ACCOUNT}` user (as root, the tests run the cluster as it)"
            ));
            p.actions.push(Action::UserAdd(useradd_args(o)));
            p.actions.push(Action::OwnHome(o.home.clone()));
        }
        Some(u) if u.uid == 0 => p.missing.push(format!(
            "a `{ACCOUNT}` user that is not root (it has uid 0, and PostgreSQL refuses to run as root): give it a uid of its own"
        )),
        Some(_) if o.group().is_none() => {
            p.missing.push(format!(
                "the `{ACCOUNT}` group (the tests give the cluster to {ACCOUNT}:{ACCOUNT})"
            ));
            p.actions.push(Action::GroupAdd);
        }
        Some(_) => {}
    }
}

/// `useradd`'s arguments for the user Debian's package would create: a system user with home
/// the PostgreSQL home and shell bash, in the `postgres` group if there is one (else a group of
/// its own name), with the uid that owns the home when no one has it (a machine whose
/// `/etc/passwd` lost the user keeps its files), else the uid useradd chooses.
pub fn useradd_args(o: &Observed) -> Vec<String> {
    let mut a: Vec<String> = [
        "--system",
        "--comment",
        COMMENT,
        "--home-dir",
        &o.home,
        "--no-create-home",
        "--shell",
        SHELL,
    ]
    .map(str::to_owned)
    .into();
    if o.group().is_some() {
        a.extend(["--gid".into(), ACCOUNT.into()]);
    } else {
        a.push("--user-group".into());
    }
    if let Some((uid, _)) = o.home_owner
        && uid != 0
        && !o.users.iter().any(|u| u.uid == uid)
    {
        a.extend(["--uid".into(), uid.to_string()]);
    }
    a.push(ACCOUNT.into());
    a
}

/// What `setup` says when it may not act (it is not root).
pub fn refusal(p: &Plan) -> String {
    let packages: Vec<&str> = p
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Apt(p) => Some(p.iter().map(String::as_str)),
            _ => None,
        })
        .flatten()
        .collect();
    let how = if packages.is_empty() {
        String::new()
    } else {
        format!(", or `apt-get install -y {}`", packages.join(" "))
    };
    format!(
        "the postgres tests need what this machine lacks: {}: run `cargo xtask setup` as root{how}",
        p.missing.join("; ")
    )
}

/// The PostgreSQL majors under `lib` that have `bin/initdb`, oldest first.
pub fn majors(lib: &Path) -> Vec<String> {
    let mut majors: Vec<String> = std::fs::read_dir(lib)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("bin/initdb").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    majors.sort_by_key(|m| m.parse::<u32>().unwrap_or(0));
    majors
}

/// Look at the machine (files only, and whether `runuser` runs).
pub fn observe(l: &Layout) -> Result<Observed> {
    use std::os::unix::fs::MetadataExt as _;
    let read =
        |p: &Path| std::fs::read_to_string(p).with_context(|| format!("read {}", p.display()));
    let major = majors(&l.lib).pop();
    let (mut server, mut pg_stat_statements, mut hypopg) = (false, false, false);
    if let Some(m) = &major {
        let bin = l.lib.join(m).join("bin");
        server = ["initdb", "pg_ctl", "postgres"]
            .iter()
            .all(|b| bin.join(b).exists());
        let extension = |name: &str| {
            l.lib
                .join(m)
                .join("lib")
                .join(format!("{name}.so"))
                .exists()
                && l.share
                    .join(m)
                    .join("extension")
                    .join(format!("{name}.control"))
                    .exists()
        };
        pg_stat_statements = extension("pg_stat_statements");
        hypopg = extension("hypopg");
    }
    Ok(Observed {
        major,
        server,
        pg_stat_statements,
        hypopg,
        users: accounts::users(&read(&l.passwd)?),
        groups: accounts::groups(&read(&l.group)?),
        home: l.home.display().to_string(),
        home_owner: std::fs::metadata(&l.home).ok().map(|m| (m.uid(), m.gid())),
        runuser: has("runuser", "--version"),
    })
}

fn act(a: &Action) -> Result<()> {
    match a {
        Action::Apt(packages) => apt_install(packages),
        Action::GroupAdd => run_captured(Command::new("groupadd").args(["--system", ACCOUNT])),
        Action::UserAdd(args) => run_captured(Command::new("useradd").args(args)),
        Action::OwnHome(home) => {
            std::fs::create_dir_all(home).with_context(|| format!("create {home}"))?;
            run_captured(
                Command::new("chown")
                    .arg(format!("{ACCOUNT}:{ACCOUNT}"))
                    .arg(home),
            )
        }
    }
}

/// The setup row: make sure of everything the postgres tests use, and say what was done.
pub fn setup(l: &Layout, as_root: bool) -> Result<Status> {
    let mut did = Vec::new();
    // Each round acts on what the one before left: the server package creates the account
    // itself and names the major whose hypopg comes next.
    for _ in 0..3 {
        let p = plan(&observe(l)?, as_root);
        if p.actions.is_empty() {
            break;
        }
        ensure!(as_root, "{}", refusal(&p));
        for a in &p.actions {
            println!("postgres tests: {a}");
            act(a)?;
            did.push(a.to_string());
        }
    }
    let o = observe(l)?;
    let p = plan(&o, as_root);
    ensure!(
        p.missing.is_empty(),
        "the postgres tests need what this machine lacks: {}{}",
        p.missing.join("; "),
        if did.is_empty() {
            String::new()
        } else {
            format!(" (after {})", did.join(", "))
        }
    );
    let major = o.major.as_deref().unwrap_or("?");
    let runs_as = match o.user() {
        Some(u) if as_root => format!("run as root, the tests run it as {ACCOUNT} (uid {})", u.uid),
        _ => "the tests run it as the user who runs them".into(),
    };
    let state = format!("PostgreSQL {major} with pg_stat_statements and hypopg; {runs_as}");
    Ok(Status::Passed(if did.is_empty() {
        state
    } else {
        format!("{state}; did: {}", did.join("; "))
    }))
}

/// The tests share one cluster across their processes and leave it running for the next run
/// (servers/postgres/tests/postgres/pg.rs); CI stops it.
pub fn stop_test_cluster(target: &Path) {
    let root = is_root();
    for base in [
        target.join("tmp/postgres-tests"),
        PathBuf::from("/tmp/mcp-postgres-tests-0"),
    ] {
        let data = base.join("data");
        if !data.join("postmaster.pid").exists() {
            continue;
        }
        let Some(major) = majors(&Layout::system().lib).pop() else {
            return;
        };
        let pg_ctl = format!("/usr/lib/postgresql/{major}/bin/pg_ctl");
        let mut cmd = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", ACCOUNT, "--", &pg_ctl]);
            c
        } else {
            Command::new(&pg_ctl)
        };
        cmd.args(["stop", "-m", "fast", "-D"]).arg(&data);
        if !quiet_ok(&mut cmd) {
            println!(
                "could not stop the PostgreSQL test cluster in {}",
                data.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASSWD_WITHOUT_POSTGRES: &str = "root:x:0:0:root:/root:/bin/bash\n\
        daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n\
        _apt:x:42:65534::/nonexistent:/usr/sbin/nologin\n";
    const GROUP_WITH_POSTGRES: &str = "root:x:0:\nssl-cert:x:103:\npostgres:x:104:\n";

    /// The machine of issue #49: PostgreSQL 15 with its extensions, the `postgres` group,
    /// `/var/lib/postgresql` owned by uid 101, no `postgres` user.
    fn packages_without_user() -> Observed {
        Observed {
            major: Some("15".into()),
            server: true,
            pg_stat_statements: true,
            hypopg: true,
            users: accounts::users(PASSWD_WITHOUT_POSTGRES),
            groups: accounts::groups(GROUP_WITH_POSTGRES),
            home: "/var/lib/postgresql".into(),
            home_owner: Some((101, 104)),
            runuser: true,
        }
    }

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn a_machine_with_the_packages_but_no_postgres_user_gets_the_user_debian_would_make() {
        let o = packages_without_user();
        let p = plan(&o, true);
        assert_eq!(p.missing.len(), 1, "{p:?}");
        assert!(p.missing[0].contains("`postgres` user"), "{p:?}");
        let useradd = [
            "--system",
            "--comment",
            "PostgreSQL administrator",
            "--home-dir",
            "/var/lib/postgresql",
            "--no-create-home",
            "--shell",
            "/bin/bash",
            "--gid",
            "postgres",
            "--uid",
            "101",
            "postgres",
        ]
        .map(str::to_owned)
        .to_vec();
        assert_eq!(
            p.actions,
            [
                Action::UserAdd(useradd),
                Action::OwnHome("/var/lib/postgresql".into())
            ]
        );
        // Not root: the tests run the cluster as their own user, and need no account.
        assert_eq!(plan(&o, false), Plan::default());
    }

    #[test]
    fn the_uid_is_the_homes_owner_only_when_free_and_the_group_is_made_when_missing() {
        let mut o = packages_without_user();
        o.users.push(
            accounts::users("messagebus:x:101:101::/nonexistent:/usr/sbin/nologin")[0].clone(),
        );
        let a = useradd_args(&o);
        assert!(!a.contains(&"--uid".to_owned()), "{a:?}");
        o.home_owner = Some((0, 0));
        assert!(!useradd_args(&o).contains(&"--uid".to_owned()));
        o.home_owner = None;
        o.groups = accounts::groups("root:x:0:\n");
        let a = useradd_args(&o);
        assert!(
            a.contains(&"--user-group".to_owned()) && !a.contains(&"--gid".to_owned()),
            "{a:?}"
        );
    }

    #[test]
    fn an_existing_user_needs_its_group_and_must_not_be_root() {
        let mut o = packages_without_user();
        o.users.extend(accounts::users(
            "postgres:x:101:104:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash",
        ));
        assert_eq!(plan(&o, true), Plan::default());
        o.groups = accounts::groups("root:x:0:\n");
        assert_eq!(plan(&o, true).actions, [Action::GroupAdd]);
        o.users = accounts::users("postgres:x:0:0::/var/lib/postgresql:/bin/bash");
        let p = plan(&o, true);
        assert!(
            p.actions.is_empty() && p.missing.iter().any(|m| m.contains("uid 0")),
            "{p:?}"
        );
    }

    #[test]
    fn missing_packages_are_installed_and_a_missing_server_first() {
        let mut o = packages_without_user();
        o.hypopg = false;
        o.pg_stat_statements = false;
        o.runuser = false;
        let p = plan(&o, true);
        assert_eq!(
            p.actions.first(),
            Some(&Action::Apt(args(
                "postgresql-contrib postgresql-15-hypopg util-linux"
            )))
        );
        assert!(
            matches!(p.actions.get(1), Some(Action::UserAdd(_))),
            "{p:?}"
        );
        // Without root, setup cannot install them: it fails and says what and how.
        let p = plan(&o, false);
        assert_eq!(p.missing.len(), 2, "{p:?}");
        let said = refusal(&p);
        assert!(said.contains("hypopg for PostgreSQL 15"), "{said}");
        assert!(
            said.contains("apt-get install -y postgresql-contrib postgresql-15-hypopg"),
            "{said}"
        );
        // No PostgreSQL at all: the server package, and nothing else until it is there.
        let none = Observed {
            major: None,
            ..packages_without_user()
        };
        assert_eq!(
            plan(&none, true).actions,
            [Action::Apt(args("postgresql postgresql-contrib"))]
        );
    }

    #[test]
    fn observe_reads_the_layout_it_is_given() {
        let dir = std::env::temp_dir().join(format!("xtask-pg-layout-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let l = Layout {
            lib: dir.join("lib"),
            share: dir.join("share"),
            home: dir.join("home"),
            passwd: dir.join("passwd"),
            group: dir.join("group"),
        };
        for f in [
            "lib/13/bin/initdb",
            "lib/15/bin/initdb",
            "lib/15/bin/pg_ctl",
            "lib/15/bin/postgres",
            "lib/15/lib/pg_stat_statements.so",
            "share/15/extension/pg_stat_statements.control",
            "lib/15/lib/hypopg.so",
        ] {
            let f = dir.join(f);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, "").unwrap();
        }
        std::fs::create_dir_all(&l.home).unwrap();
        std::fs::write(&l.passwd, PASSWD_WITHOUT_POSTGRES).unwrap();
        std::fs::write(&l.group, GROUP_WITH_POSTGRES).unwrap();
        let mut o = observe(&l).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        // Whether `runuser` runs is this machine's, not the layout's.
        o.runuser = true;
        assert_eq!(o.major.as_deref(), Some("15"));
        assert!(o.server && o.pg_stat_statements && !o.hypopg, "{o:?}");
        assert_eq!(o.home, l.home.display().to_string());
        assert!(o.home_owner.is_some());
        let p = plan(&o, true);
        assert_eq!(p.missing.len(), 2, "{p:?}");
        assert!(matches!(&p.actions[1], Action::UserAdd(a) if a.contains(&"--gid".to_owned())));
        assert!(refusal(&plan(&o, false)).contains("postgresql-15-hypopg"));
    }
}
