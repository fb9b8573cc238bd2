//! Every check's outcome (passed, failed or skipped, a skip always with its reason) and the
//! summary `setup` and `ci` end with.

use std::time::{Duration, Instant};

use anyhow::Result;

pub enum Status {
    Passed(String),
    Skipped(String),
}

pub(crate) enum Outcome {
    Passed(String),
    Failed(String),
    Skipped(String),
}

/// Every check that ran, in order, with its outcome and time.
#[derive(Default)]
pub struct Summary {
    pub(crate) rows: Vec<(String, Outcome, Duration)>,
    /// Run only the checks whose name contains this (the others are listed as skipped).
    pub only: Option<String>,
}

impl Summary {
    /// Run one check; an error is a failure (the next checks still run).
    pub fn check(&mut self, name: &str, f: impl FnOnce() -> Result<Status>) {
        if let Some(only) = self.only.as_deref().filter(|o| !name.contains(o)) {
            let why = format!("not selected (--only {only})");
            self.rows
                .push((name.to_owned(), Outcome::Skipped(why), Duration::ZERO));
            return;
        }
        println!("\n==> {name}");
        let t = Instant::now();
        let outcome = match f() {
            Ok(Status::Passed(d)) => Outcome::Passed(d),
            Ok(Status::Skipped(why)) => Outcome::Skipped(why),
            Err(e) => Outcome::Failed(format!("{e:#}")),
        };
        let took = t.elapsed();
        match &outcome {
            Outcome::Passed(_) => println!("    passed ({:.0} s)", took.as_secs_f64()),
            Outcome::Skipped(why) => println!("    SKIPPED: {why}"),
            Outcome::Failed(e) => println!("    FAILED: {e}"),
        }
        self.rows.push((name.to_owned(), outcome, took));
    }

    pub fn failed(&self) -> usize {
        self.count(|o| matches!(o, Outcome::Failed(_)))
    }

    fn count(&self, f: impl Fn(&Outcome) -> bool) -> usize {
        self.rows.iter().filter(|(_, o, _)| f(o)).count()
    }

    pub fn print(&self, total: Duration) {
        println!("\n==> summary");
        for (name, outcome, took) in &self.rows {
            let (word, detail) = match outcome {
                Outcome::Passed(d) => ("passed ", d.as_str()),
                Outcome::Failed(e) => ("FAILED ", e.lines().next().unwrap_or("")),
                Outcome::Skipped(why) => ("skipped", why.as_str()),
            };
            let detail = if detail.is_empty() {
                String::new()
            } else {
                format!(": {detail}")
            };
            println!("  {word}  {name} ({:.0} s){detail}", took.as_secs_f64());
        }
        println!(
            "{} checks: {} passed, {} failed, {} skipped, in {:.0} s",
            self.rows.len(),
            self.count(|o| matches!(o, Outcome::Passed(_))),
            self.failed(),
            self.count(|o| matches!(o, Outcome::Skipped(_))),
            total.as_secs_f64()
        );
    }
}
