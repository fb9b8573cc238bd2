//! The bundled recipes (npm `howtocook-mcp@0.2.2` `all_recipes.json`, compiled from the
//! HowToCook repository; see `data/NOTICE.md`), parsed once at start-up.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use mcp_shared::{Settings, State};
use serde_json::Value;

const DATA: &str = include_str!("../data/all_recipes.json");

pub struct Recipes {
    pub all: Vec<Value>,
    /// Seeds for calls that give none (distinct per call).
    next_seed: AtomicU64,
}

pub fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(load()?))
}

fn load() -> Result<Recipes, String> {
    let v: Value = serde_json::from_str(DATA).map_err(|e| format!("bundled recipes: {e}"))?;
    let all = match v {
        Value::Array(a) => a,
        _ => return Err("bundled recipes: not a list".into()),
    };
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    Ok(Recipes {
        all,
        next_seed: AtomicU64::new(clock),
    })
}

impl Recipes {
    /// The generator for one call: from `seed` when given, else a fresh one.
    pub fn rng(&self, seed: Option<u64>) -> Rng {
        let s = seed.unwrap_or_else(|| {
            self.next_seed
                .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
        });
        Rng(s)
    }

    pub fn in_category<'a>(&'a self, category: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.all
            .iter()
            .filter(move |r| str_of(r, "category") == category)
    }
}

pub fn str_of<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or_default()
}

/// The recipe's name without the "的做法" ("how to make") suffix every name carries.
pub fn dish_name(r: &Value) -> &str {
    let n = str_of(r, "name");
    n.strip_suffix("的做法").unwrap_or(n)
}

/// SplitMix64: small, seedable, good enough to pick dishes.
pub struct Rng(u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Up to `n` distinct items of `pool`, in random order.
    pub fn pick<'a>(&mut self, pool: &[&'a Value], n: usize) -> Vec<&'a Value> {
        let mut pool = pool.to_vec();
        let mut out = Vec::new();
        while out.len() < n && !pool.is_empty() {
            let i = (self.next() % pool.len() as u64) as usize;
            out.push(pool.swap_remove(i));
        }
        out
    }
}
