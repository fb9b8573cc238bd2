//! The user's profile (`GET /me`) and availability schedules: `GET|POST /schedules`,
//! `GET /schedules/default`, `GET|PATCH|DELETE /schedules/{scheduleId}`
//! (`cal-api-version: 2024-06-11`).

use crate::api::{SCHEDULES, call, data};

use mcp_shared::json::{insert_opt, map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("cal_get_me", "Get my profile", Effect::Read, get_me).toolset("schedules"),
        tool(
            "cal_get_all_schedules",
            "List schedules",
            Effect::Read,
            get_all_schedules,
        )
        .toolset("schedules"),
        tool(
            "cal_create_a_schedule",
            "Create schedule",
            Effect::Write,
            create_schedule,
        )
        .toolset("schedules"),
        tool(
            "cal_update_a_schedule",
            "Update schedule",
            Effect::IdempotentWrite,
            update_schedule,
        )
        .toolset("schedules"),
        tool(
            "cal_get_default_schedule",
            "Get default schedule",
            Effect::Read,
            get_default_schedule,
        )
        .toolset("schedules"),
        tool(
            "cal_get_schedule",
            "Get schedule",
            Effect::Read,
            get_schedule,
        )
        .toolset("schedules"),
        tool(
            "cal_delete_a_schedule",
            "Delete schedule",
            Effect::Destructive,
            delete_schedule,
        )
        .toolset("schedules"),
    ]
}

/// A schedule as the tools return it.
fn schedule(s: &Value) -> Value {
    pick(
        s,
        &[
            "id",
            "name",
            "timeZone",
            "isDefault",
            "availability",
            "overrides",
            "ownerId",
        ],
    )
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
pub enum Day {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

// Weekly hours: these days, from startTime to endTime.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Availability {
    days: Vec<Day>,
    /// `HH:MM`, e.g. `09:00`
    #[serde(rename = "startTime", alias = "start_time")]
    start_time: String,
    /// `HH:MM`, e.g. `17:00`
    #[serde(rename = "endTime", alias = "end_time")]
    end_time: String,
}

// Other hours on one date.
#[derive(Deserialize, Serialize, JsonSchema)]
pub struct Override {
    /// `YYYY-MM-DD`
    date: String,
    /// `HH:MM`
    #[serde(rename = "startTime", alias = "start_time")]
    start_time: String,
    /// `HH:MM`
    #[serde(rename = "endTime", alias = "end_time")]
    end_time: String,
}

/// `HH:MM` with 00-23 hours and 00-59 minutes.
fn check_time(t: &str, what: &str) -> Result<(), ToolError> {
    let ok = match t.split_once(':') {
        Some((h, m)) if h.len() == 2 && m.len() == 2 => {
            matches!((h.parse::<u8>(), m.parse::<u8>()), (Ok(h), Ok(m)) if h < 24 && m < 60)
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(ToolError::invalid_input(format!(
            "{what} must be a time as HH:MM, e.g. 09:00 (got {t:?})"
        )))
    }
}

fn check_hours(
    availability: &Option<Vec<Availability>>,
    overrides: &Option<Vec<Override>>,
) -> Result<(), ToolError> {
    for a in availability.iter().flatten() {
        if a.days.is_empty() {
            return Err(ToolError::invalid_input(
                "availability.days must name at least one day",
            ));
        }
        check_time(&a.start_time, "availability.startTime")?;
        check_time(&a.end_time, "availability.endTime")?;
    }
    for o in overrides.iter().flatten() {
        non_empty(&o.date, "overrides.date")?;
        check_time(&o.start_time, "overrides.startTime")?;
        check_time(&o.end_time, "overrides.endTime")?;
    }
    Ok(())
}

/// The authenticated user: id, username (the `username` slot and booking tools take), email,
/// time zone, default schedule id, organization id.
#[derive(Deserialize, JsonSchema)]
pub struct GetMe {}

async fn get_me(ctx: Ctx, _a: GetMe) -> Result<Value, ToolError> {
    let v: Value = ctx.authorized(Method::GET, "/me")?.send_json().await?;
    Ok(pick(
        &data(v),
        &[
            "id",
            "username",
            "email",
            "name",
            "timeZone",
            "weekStart",
            "timeFormat",
            "defaultScheduleId",
            "organizationId",
        ],
    ))
}

/// List the authenticated user's availability schedules: id, name, time zone, default flag,
/// weekly hours and date overrides.
#[derive(Deserialize, JsonSchema)]
pub struct GetAllSchedules {}

async fn get_all_schedules(ctx: Ctx, _a: GetAllSchedules) -> Result<Value, ToolError> {
    let v: Value = call(&ctx, Method::GET, "/schedules", SCHEDULES)?
        .send_json()
        .await?;
    Ok(json!({ "items": map_array(&data(v), schedule) }))
}

/// Create an availability schedule. Without `availability` Cal.com uses Monday to Friday,
/// 09:00-17:00. Returns the new schedule.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSchedule {
    name: String,
    /// IANA time zone, e.g. `Europe/Rome`
    #[serde(rename = "timeZone")]
    time_zone: String,
    /// Make it the user's default schedule (each user has one)
    #[serde(rename = "isDefault")]
    is_default: bool,
    availability: Option<Vec<Availability>>,
    overrides: Option<Vec<Override>>,
}

async fn create_schedule(ctx: Ctx, a: CreateSchedule) -> Result<Value, ToolError> {
    check_hours(&a.availability, &a.overrides)?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert(
        "timeZone".into(),
        json!(non_empty(&a.time_zone, "timeZone")?),
    );
    body.insert("isDefault".into(), json!(a.is_default));
    insert_opt(&mut body, "availability", a.availability);
    insert_opt(&mut body, "overrides", a.overrides);
    let v: Value = call(&ctx, Method::POST, "/schedules", SCHEDULES)?
        .json(&body)
        .send_json()
        .await?;
    Ok(schedule(&data(v)))
}

/// Update a schedule: the fields given replace the current ones (`availability` and
/// `overrides` as whole lists). Returns the updated schedule.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSchedule {
    /// From cal_get_all_schedules
    schedule_id: Count,
    name: Option<String>,
    /// IANA time zone
    #[serde(rename = "timeZone")]
    time_zone: Option<String>,
    #[serde(rename = "isDefault")]
    is_default: Option<bool>,
    availability: Option<Vec<Availability>>,
    overrides: Option<Vec<Override>>,
}

async fn update_schedule(ctx: Ctx, a: UpdateSchedule) -> Result<Value, ToolError> {
    check_hours(&a.availability, &a.overrides)?;
    let mut body = Map::new();
    if let Some(n) = &a.name {
        body.insert("name".into(), json!(non_empty(n, "name")?));
    }
    if let Some(t) = &a.time_zone {
        body.insert("timeZone".into(), json!(non_empty(t, "timeZone")?));
    }
    insert_opt(&mut body, "isDefault", a.is_default);
    insert_opt(&mut body, "availability", a.availability);
    insert_opt(&mut body, "overrides", a.overrides);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, timeZone, isDefault, availability, overrides",
        ));
    }
    let path = format!("/schedules/{}", a.schedule_id.get());
    let v: Value = call(&ctx, Method::PATCH, &path, SCHEDULES)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(schedule(&data(v)))
}

/// Get the authenticated user's default schedule (null `schedule` when there is none).
#[derive(Deserialize, JsonSchema)]
pub struct GetDefaultSchedule {}

async fn get_default_schedule(ctx: Ctx, _a: GetDefaultSchedule) -> Result<Value, ToolError> {
    let v: Value = call(&ctx, Method::GET, "/schedules/default", SCHEDULES)?
        .send_json()
        .await?;
    let d = data(v);
    Ok(if d.is_null() {
        json!({ "schedule": null, "note": "the user has no default schedule" })
    } else {
        schedule(&d)
    })
}

/// Get one schedule: name, time zone, default flag, weekly hours and date overrides.
#[derive(Deserialize, JsonSchema)]
pub struct GetSchedule {
    schedule_id: Count,
}

async fn get_schedule(ctx: Ctx, a: GetSchedule) -> Result<Value, ToolError> {
    let path = format!("/schedules/{}", a.schedule_id.get());
    let v: Value = call(&ctx, Method::GET, &path, SCHEDULES)?
        .send_json()
        .await?;
    let d = data(v);
    if d.is_null() {
        return Err(ToolError::invalid_input(format!(
            "no schedule {} for this user; list them with cal_get_all_schedules",
            a.schedule_id.get()
        )));
    }
    Ok(schedule(&d))
}

/// Delete a schedule permanently.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteSchedule {
    schedule_id: Count,
}

async fn delete_schedule(ctx: Ctx, a: DeleteSchedule) -> Result<Value, ToolError> {
    let id = a.schedule_id.get();
    let path = format!("/schedules/{id}");
    let _: Value = call(&ctx, Method::DELETE, &path, SCHEDULES)?
        .send_json()
        .await?;
    Ok(json!({ "deleted": true, "schedule_id": id }))
}
