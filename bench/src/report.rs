//! The figures: the repetitions of a load-table row and their printing, medians, milliseconds
//! and CPU time per call.

use std::time::Duration;

use crate::load::Stats;

/// The repetitions of one row of a load table.
#[derive(Default)]
pub struct Runs {
    rps: Vec<f64>,
    /// Each run's requests per second over the floor run just before it.
    ratio: Vec<f64>,
    p50: Vec<f64>,
    p99: Vec<f64>,
    errors: usize,
    server_cpu: Vec<f64>,
    own_cpu: Vec<f64>,
}

impl Runs {
    pub fn push(&mut self, s: &Stats, floor_rps: f64, server_cpu: Option<f64>, own_cpu: f64) {
        self.rps.push(s.rps);
        self.ratio.push(s.rps / floor_rps);
        self.p50.push(ms(s.p50));
        self.p99.push(ms(s.p99));
        self.errors += s.errors;
        self.server_cpu.extend(server_cpu);
        self.own_cpu.push(own_cpu);
    }

    /// The median ratio to the floor, and the median server CPU per call in µs.
    pub fn medians(&mut self) -> (f64, Option<f64>) {
        let cpu = (!self.server_cpu.is_empty()).then(|| median(&mut self.server_cpu));
        (median(&mut self.ratio), cpu)
    }

    pub fn print(&mut self, mode: &str, name: &str, c: usize, calls: usize) {
        let (r0, r1, r2) = min_med_max(self.rps.clone());
        let floor = self.server_cpu.is_empty();
        let (p50, p99) = if floor {
            ("-".to_owned(), "-".to_owned())
        } else {
            (
                format!("{:.2} ms", median(&mut self.p50)),
                format!("{:.2} ms", median(&mut self.p99)),
            )
        };
        let own = cpu_per_call(median(&mut self.own_cpu), calls);
        let cpu = if floor {
            format!("- (load generator and fake: {own})")
        } else {
            format!(
                "{} (load generator and fake: {own})",
                cpu_per_call(median(&mut self.server_cpu), calls)
            )
        };
        println!(
            "| {mode} | {name} | {c} | {r0:.0} / {r1:.0} / {r2:.0} | {p50} | {p99} | {:.2} | {cpu} | {} |",
            median(&mut self.ratio),
            self.errors
        );
    }
}

pub fn median<T: Copy + PartialOrd>(v: &mut [T]) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v[v.len() / 2]
}

pub fn min_med_max(mut v: Vec<f64>) -> (f64, f64, f64) {
    let med = median(&mut v);
    (v[0], med, v[v.len() - 1])
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// CPU time per call, or `-` when the run used too little CPU for `/proc`'s 10 ms ticks to
/// measure it well (under 0.2 s in all).
pub fn cpu_per_call(us_per_call: f64, calls: usize) -> String {
    if us_per_call * calls as f64 >= 200_000.0 {
        format!("{us_per_call:.0} µs")
    } else {
        "-".to_owned()
    }
}
