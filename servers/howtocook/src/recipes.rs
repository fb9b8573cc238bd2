//! The bundled recipes (npm `howtocook-mcp@0.2.2` `all_recipes.json`, compiled from the
//! HowToCook repository; see `data/NOTICE.md`), parsed once, on the first call that reads
//! them (a server that is started and asked for its tools never parses them).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use mcp_shared::{Settings, State, ToolError};
use serde_json::Value;

const DATA: &str = include_str!("../data/all_recipes.json");

pub struct Recipes {
    all: OnceLock<Result<Vec<Value>, String>>,
    /// Seeds for calls that give none (distinct per call).
    next_seed: AtomicU64,
}

pub fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Recipes::new()))
}

/// The bundled list, parsed.
fn parse() -> Result<Vec<Value>, String> {
    match serde_json::from_str(DATA).map_err(|e| format!("bundled recipes: {e}"))? {
        Value::Array(a) => Ok(a),
        _ => Err("bundled recipes: not a list".into()),
    }
}

impl Recipes {
    fn new() -> Self {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x9E37_79B9_7F4A_7C15);
        Recipes {
            all: OnceLock::new(),
            next_seed: AtomicU64::new(clock),
        }
    }

    /// Every recipe (the bundled list, parsed on the first call).
    pub fn all(&self) -> Result<&[Value], ToolError> {
        self.all
            .get_or_init(parse)
            .as_deref()
            .map_err(|e| ToolError::transport(format!("{e}; this build of the server is broken.")))
    }

    /// The generator for one call: from `seed` when given, else a fresh one.
    pub fn rng(&self, seed: Option<u64>) -> Rng {
        let s = seed.unwrap_or_else(|| {
            self.next_seed
                .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
        });
        Rng(s)
    }

    pub fn in_category<'a>(
        &'a self,
        category: &'a str,
    ) -> Result<impl Iterator<Item = &'a Value> + 'a, ToolError> {
        Ok(self
            .all()?
            .iter()
            .filter(move |r| str_of(r, "category") == category))
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
