//! Access tokens a server got by exchanging a tenant's credentials (OAuth client credentials,
//! a password grant, a service account), kept until they expire. The key must name the whole
//! credential set it came from, so that tenants never share a token.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::credentials::secret::Secret;

/// See the module documentation.
#[derive(Default)]
pub struct TokenCache(Mutex<HashMap<String, (Secret, Instant)>>);

impl TokenCache {
    /// The token for `key`, unless it has expired.
    pub fn get(&self, key: &str) -> Option<Secret> {
        let map = self.0.lock().ok()?;
        map.get(key)
            .filter(|(_, until)| Instant::now() < *until)
            .map(|(t, _)| t.clone())
    }

    /// Keep `token` for `valid`; expired entries are dropped on the way.
    pub fn put(&self, key: String, token: Secret, valid: Duration) {
        if let Ok(mut map) = self.0.lock() {
            let now = Instant::now();
            map.retain(|_, (_, until)| now < *until);
            map.insert(key, (token, now + valid));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_kept_per_key_until_they_expire() {
        let c = TokenCache::default();
        c.put(
            "tenant-a".into(),
            Secret::new("ta"),
            Duration::from_secs(60),
        );
        c.put("tenant-b".into(), Secret::new("tb"), Duration::ZERO);
        assert_eq!(
            c.get("tenant-a").map(|s| s.expose().to_owned()),
            Some("ta".into())
        );
        assert!(c.get("tenant-b").is_none());
        assert!(c.get("tenant-c").is_none());
    }
}
