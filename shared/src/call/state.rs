//! Process state of a server that is not one HTTP API: created once at start-up
//! ([`ServerSpec::state`](crate::ServerSpec), a [`MakeState`](crate::server::spec::MakeState)), reached by tools through
//! [`Ctx::state`](crate::Ctx::state), never through a global. [`Pools`] keeps one connection
//! pool per tenant credential (a database's connection string), bounded and closed when idle.

use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;

use crate::credentials::secret::Secret;

/// A server's process state, type-erased; tools downcast it with `Ctx::state::<T>()`.
pub type State = Arc<dyn Any + Send + Sync>;

struct Slot<P> {
    cell: Arc<OnceCell<P>>,
    used: Instant,
}

/// One pool (or client, or connection) per distinct credential, created on first use.
///
/// - Keyed by the whole credential (the connection string), so two tenants never share a
///   pool, even for the same database with different users or passwords.
/// - At most `max` pools: the least recently used one is dropped to make room.
/// - A pool unused for `idle` is dropped (checked on every use and by a background sweep
///   while a runtime runs), which closes its connections once no call holds it.
/// - Concurrent first uses of one key create the pool once.
pub struct Pools<P> {
    max: usize,
    idle: Duration,
    slots: Mutex<HashMap<String, Slot<P>>>,
}

impl<P: Clone + Send + Sync + 'static> Pools<P> {
    pub fn new(max: usize, idle: Duration) -> Arc<Self> {
        let pools = Arc::new(Self {
            max: max.max(1),
            idle,
            slots: Mutex::default(),
        });
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            let weak: Weak<Self> = Arc::downgrade(&pools);
            let every = (idle / 2).clamp(Duration::from_millis(50), Duration::from_secs(60));
            rt.spawn(async move {
                loop {
                    tokio::time::sleep(every).await;
                    let Some(p) = weak.upgrade() else { break };
                    p.sweep();
                }
            });
        }
        pools
    }

    /// The pool for `key`, created with `make` when there is none.
    pub async fn get<E, F, Fut>(&self, key: &Secret, make: F) -> Result<P, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<P, E>>,
    {
        let cell = {
            let mut slots = self.lock();
            let now = Instant::now();
            slots.retain(|_, s| now.duration_since(s.used) < self.idle);
            if !slots.contains_key(key.expose())
                && slots.len() >= self.max
                && let Some(oldest) = slots
                    .iter()
                    .min_by_key(|(_, s)| s.used)
                    .map(|(k, _)| k.clone())
            {
                slots.remove(&oldest);
            }
            let slot = slots
                .entry(key.expose().to_owned())
                .or_insert_with(|| Slot {
                    cell: Arc::new(OnceCell::new()),
                    used: now,
                });
            slot.used = now;
            slot.cell.clone()
        };
        cell.get_or_try_init(make).await.cloned()
    }

    /// Drop the pools idle for longer than the idle time.
    pub fn sweep(&self) {
        let now = Instant::now();
        self.lock()
            .retain(|_, s| now.duration_since(s.used) < self.idle);
    }

    /// How many pools are kept now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot<P>>> {
        // A panic while holding the lock leaves a consistent map (every update is one insert
        // or remove), so a poisoned lock is still usable.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn one_pool_per_key_created_once_under_concurrency() {
        let pools: Arc<Pools<Arc<String>>> = Pools::new(8, Duration::from_secs(60));
        let made = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..64 {
            let pools = pools.clone();
            let made = made.clone();
            tasks.push(tokio::spawn(async move {
                let key = Secret::new(format!("postgres://tenant{}", i % 2));
                let k = key.expose().to_owned();
                pools
                    .get(&key, || async move {
                        made.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(5)).await;
                        Ok::<_, String>(Arc::new(k))
                    })
                    .await
                    .map(|p| (i, p))
            }));
        }
        for t in tasks {
            let (i, p) = t.await.unwrap().unwrap();
            assert_eq!(*p, format!("postgres://tenant{}", i % 2));
        }
        assert_eq!(made.load(Ordering::SeqCst), 2);
        assert_eq!(pools.len(), 2);
    }

    #[tokio::test]
    async fn bounded_and_idle_pools_are_dropped() {
        let pools: Arc<Pools<Arc<u32>>> = Pools::new(2, Duration::from_millis(100));
        for i in 0..3u32 {
            let v = pools
                .get(&Secret::new(format!("k{i}")), || async move {
                    Ok::<_, ()>(Arc::new(i))
                })
                .await
                .unwrap();
            assert_eq!(*v, i);
        }
        assert_eq!(pools.len(), 2, "the least recently used pool makes room");
        let held = pools
            .get(&Secret::new("k2"), || async { Ok::<_, ()>(Arc::new(99)) })
            .await
            .unwrap();
        assert_eq!(*held, 2, "an existing pool is reused, not rebuilt");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(pools.is_empty(), "idle pools are swept");
        // A call still holding a dropped pool keeps it until it is done.
        assert_eq!(Arc::strong_count(&held), 1);
    }

    #[tokio::test]
    async fn a_failed_creation_is_retried_next_time() {
        let pools: Arc<Pools<Arc<u32>>> = Pools::new(2, Duration::from_secs(60));
        let key = Secret::new("k");
        let first = pools
            .get(&key, || async { Err::<Arc<u32>, _>("refused") })
            .await;
        assert_eq!(first.err(), Some("refused"));
        let second = pools
            .get(&key, || async { Ok::<_, &str>(Arc::new(1)) })
            .await;
        assert_eq!(second.ok().map(|v| *v), Some(1));
    }
}
