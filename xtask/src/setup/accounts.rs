//! The system's accounts as a passwd and a group file list them (`/etc/passwd`, `/etc/group`,
//! or a test's copies): parsed from their text, so that the decisions built on them are pure.

/// One entry of a passwd file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
    pub home: String,
    pub shell: String,
}

/// One entry of a group file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    pub gid: u32,
}

/// The entries of a passwd file (`name:password:uid:gid:gecos:home:shell`); comments, blank,
/// malformed and NIS (`+`/`-`) lines are left out.
pub fn users(passwd: &str) -> Vec<User> {
    passwd
        .lines()
        .filter(|l| !l.starts_with(['#', '+', '-']))
        .filter_map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            let [name, _password, uid, gid, _gecos, home, shell] = fields.as_slice() else {
                return None;
            };
            Some(User {
                name: (*name).to_owned(),
                uid: uid.parse().ok()?,
                gid: gid.parse().ok()?,
                home: (*home).to_owned(),
                shell: (*shell).to_owned(),
            })
        })
        .filter(|u| !u.name.is_empty())
        .collect()
}

/// The entries of a group file (`name:password:gid:members`), as [`users`] reads a passwd file.
pub fn groups(group: &str) -> Vec<Group> {
    group
        .lines()
        .filter(|l| !l.starts_with(['#', '+', '-']))
        .filter_map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            let [name, _password, gid, _members] = fields.as_slice() else {
                return None;
            };
            Some(Group {
                name: (*name).to_owned(),
                gid: gid.parse().ok()?,
            })
        })
        .filter(|g| !g.name.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwd_and_group_entries_are_read_and_odd_lines_left_out() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\n\
            # a comment\n\
            \n\
            +nisuser::::::\n\
            broken:x:notanumber:0::/:/bin/sh\n\
            short:x:1:1\n\
            postgres:x:101:104:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash\n";
        let u = users(passwd);
        assert_eq!(
            u.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(),
            ["root", "postgres"]
        );
        assert_eq!(
            u.get(1),
            Some(&User {
                name: "postgres".into(),
                uid: 101,
                gid: 104,
                home: "/var/lib/postgresql".into(),
                shell: "/bin/bash".into(),
            })
        );
        let g = groups("root:x:0:\nssl-cert:x:103:postgres\npostgres:x:104:\nbad:x::\n");
        assert_eq!(
            g,
            [
                Group {
                    name: "root".into(),
                    gid: 0
                },
                Group {
                    name: "ssl-cert".into(),
                    gid: 103
                },
                Group {
                    name: "postgres".into(),
                    gid: 104
                },
            ]
        );
    }
}
