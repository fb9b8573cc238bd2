//! Compute Engine v1 (`compute.v1` discovery document): instances (list, aggregated list,
//! insert, get, start, stop, reset, delete), zones, and zone operations.

use std::time::Duration;

use mcp_shared::poll::{Outcome, Poll};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    INSTANCES, all_items, check_allowed, compute, done_at, each_page, given, is_allowed,
    last_segment, name, project, repeated_note, s, wait_done,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("compute");
    vec![
        t(tool(
            "compute_list_instances",
            "List instances",
            Effect::Read,
            list_instances,
        )),
        t(tool(
            "compute_create_instance",
            "Create instance",
            Effect::Write,
            create_instance,
        )),
        t(tool(
            "compute_delete_instance",
            "Delete instance",
            Effect::Destructive,
            delete_instance,
        )),
        t(tool(
            "compute_start_instance",
            "Start instance",
            Effect::IdempotentWrite,
            start_instance,
        )),
        t(tool(
            "compute_stop_instance",
            "Stop instance",
            Effect::IdempotentWrite,
            stop_instance,
        )),
        t(tool(
            "compute_restart_instance",
            "Restart instance",
            Effect::Write,
            restart_instance,
        )),
        t(tool(
            "compute_get_instance",
            "Get instance",
            Effect::Read,
            get_instance,
        )),
        t(tool(
            "compute_list_zones",
            "List zones",
            Effect::Read,
            list_zones,
        )),
        t(tool(
            "compute_wait_for_operation",
            "Wait for operation",
            Effect::Read,
            wait_for_operation,
        )),
    ]
}

fn instance_line(i: &Value) -> String {
    format!(
        "- {} (Zone: {}, Status: {}, Machine type: {})",
        s(i, "name"),
        last_segment(s(i, "zone")),
        s(i, "status"),
        last_segment(s(i, "machineType"))
    )
}

/// List the project's VM instances in one zone, or in every zone when `zone` is empty: name,
/// zone, status, machine type.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListInstances {
    /// Zone (us-central1-a); empty: all zones
    #[schemars(extend("default" = ""))]
    zone: Option<String>,
}

async fn list_instances(ctx: Ctx, a: ListInstances) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let zone = given(a.zone.as_deref());
    let rest = match zone {
        Some(z) => format!("zones/{}/instances", seg(&name(z, "zone")?)),
        None => "aggregated/instances".to_owned(),
    };
    let mut all = Vec::new();
    let pages = each_page(
        &mut all,
        |_, token| Ok(compute(&ctx, Method::GET, &p, &rest)?.query_opt("pageToken", token)),
        |all, v| {
            match v.get("items") {
                Some(Value::Array(items)) => all.extend(items.iter().cloned()),
                // The aggregated list: `{"zones/us-central1-a": {"instances": [...]}}`.
                Some(Value::Object(scopes)) => {
                    for sc in scopes.values() {
                        all.extend(
                            sc.get("instances")
                                .and_then(Value::as_array)
                                .cloned()
                                .unwrap_or_default(),
                        );
                    }
                }
                _ => {}
            }
            true
        },
    )
    .await?;
    all.retain(|i| is_allowed(&ctx, INSTANCES, s(i, "name")));
    if all.is_empty() {
        return Ok(match zone {
            Some(z) => format!("No instances found in zone {z}."),
            None => format!("No instances found in project {p}."),
        });
    }
    let mut out = format!("Found {} instances:", all.len());
    for i in &all {
        out.push('\n');
        out.push_str(&instance_line(i));
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// An instance in a zone.
pub struct InstanceArgs {
    instance_name: String,
    zone: String,
}

/// One tool's arguments naming an instance (its doc comment is the tool's description).
macro_rules! instance_tool_args {
    ($name:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Deserialize, JsonSchema)]
        pub struct $name {
            instance_name: String,
            /// Zone (us-central1-a)
            zone: String,
        }

        impl From<$name> for InstanceArgs {
            fn from(a: $name) -> Self {
                InstanceArgs {
                    instance_name: a.instance_name,
                    zone: a.zone,
                }
            }
        }
    };
}

instance_tool_args!(
    DeleteInstance,
    "Delete a VM instance and its auto-delete disks. Cannot be undone. Returns the zone operation to wait for."
);
instance_tool_args!(
    StartInstance,
    "Start a stopped VM instance. Returns the zone operation to wait for."
);
instance_tool_args!(
    StopInstance,
    "Stop a running VM instance (its disks are kept). Returns the zone operation to wait for."
);
instance_tool_args!(
    RestartInstance,
    "Restart a running VM instance (a hard reset, Compute Engine's instances.reset). Returns the zone operation to wait for."
);
instance_tool_args!(
    GetInstance,
    "Get a VM instance: status, machine type, creation time, internal and external IPs, disks, labels."
);

fn instance_path(ctx: &Ctx, a: &InstanceArgs) -> Result<String, ToolError> {
    check_allowed(ctx, INSTANCES, a.instance_name.trim(), "instance")?;
    Ok(format!(
        "zones/{}/instances/{}",
        seg(&name(&a.zone, "zone")?),
        seg(&name(&a.instance_name, "instance_name")?)
    ))
}

fn operation_text(what: &str, a: &InstanceArgs, op: &Value) -> String {
    format!(
        "{what} instance {} in {}: operation {} is {}. Follow it with compute_wait_for_operation.",
        a.instance_name.trim(),
        a.zone.trim(),
        s(op, "name"),
        s(op, "status")
    )
}

/// The boot image of new instances: Debian 12's image family.
const BOOT_IMAGE: &str = "projects/debian-cloud/global/images/family/debian-12";

/// Create a VM instance (Debian 12 boot disk, default network with an external IP). Costs
/// money while it exists. Returns the zone operation to wait for.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateInstance {
    instance_name: String,
    zone: String,
    #[schemars(extend("default" = "e2-micro"))]
    machine_type: Option<String>,
}

async fn create_instance(ctx: Ctx, a: CreateInstance) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let zone = name(&a.zone, "zone")?;
    let inst = name(&a.instance_name, "instance_name")?;
    check_allowed(&ctx, INSTANCES, &inst, "instance")?;
    let mt = name(
        a.machine_type
            .as_deref()
            .filter(|m| !m.trim().is_empty())
            .unwrap_or("e2-micro"),
        "machine_type",
    )?;
    let body = json!({
        "name": inst,
        "machineType": format!("zones/{zone}/machineTypes/{mt}"),
        "disks": [{
            "boot": true,
            "autoDelete": true,
            "initializeParams": {"sourceImage": BOOT_IMAGE},
        }],
        "networkInterfaces": [{
            "network": "global/networks/default",
            "accessConfigs": [{"type": "ONE_TO_ONE_NAT", "name": "External NAT"}],
        }],
    });
    let op: Value = compute(
        &ctx,
        Method::POST,
        &p,
        &format!("zones/{}/instances", seg(&zone)),
    )?
    .json(&body)
    .send_json()
    .await?;
    let args = InstanceArgs {
        instance_name: inst,
        zone,
    };
    Ok(operation_text(&format!("Creating ({mt})"), &args, &op))
}

async fn action(
    ctx: Ctx,
    a: InstanceArgs,
    method: Method,
    verb: &str,
    what: &str,
) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let path = format!("{}{verb}", instance_path(&ctx, &a)?);
    let op: Value = compute(&ctx, method, &p, &path)?.send_json().await?;
    Ok(operation_text(what, &a, &op))
}

/// Delete a VM instance and its auto-delete disks. Cannot be undone.
async fn delete_instance(ctx: Ctx, a: DeleteInstance) -> Result<String, ToolError> {
    action(ctx, a.into(), Method::DELETE, "", "Deleting").await
}

/// Start a stopped VM instance.
async fn start_instance(ctx: Ctx, a: StartInstance) -> Result<String, ToolError> {
    action(ctx, a.into(), Method::POST, "/start", "Starting").await
}

/// Stop a running VM instance (its disks are kept).
async fn stop_instance(ctx: Ctx, a: StopInstance) -> Result<String, ToolError> {
    action(ctx, a.into(), Method::POST, "/stop", "Stopping").await
}

/// Restart a running VM instance (a hard reset, Compute Engine's `instances.reset`).
async fn restart_instance(ctx: Ctx, a: RestartInstance) -> Result<String, ToolError> {
    action(ctx, a.into(), Method::POST, "/reset", "Restarting").await
}

/// Get a VM instance: status, machine type, creation time, internal and external IPs,
/// disks, labels.
async fn get_instance(ctx: Ctx, a: GetInstance) -> Result<String, ToolError> {
    let a: InstanceArgs = a.into();
    let p = project(&ctx)?;
    let i: Value = compute(&ctx, Method::GET, &p, &instance_path(&ctx, &a)?)?
        .send_json()
        .await?;
    let mut out = format!(
        "Instance: {}\nZone: {}\nStatus: {}\nMachine type: {}\nCreated: {}",
        s(&i, "name"),
        last_segment(s(&i, "zone")),
        s(&i, "status"),
        last_segment(s(&i, "machineType")),
        s(&i, "creationTimestamp")
    );
    for n in i
        .get("networkInterfaces")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push_str(&format!("\nInternal IP: {}", s(n, "networkIP")));
        for ac in n
            .get("accessConfigs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !s(ac, "natIP").is_empty() {
                out.push_str(&format!("\nExternal IP: {}", s(ac, "natIP")));
            }
        }
    }
    for d in i
        .get("disks")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push_str(&format!(
            "\nDisk: {} ({} GB{})",
            last_segment(s(d, "source")),
            crate::api::num(d, "diskSizeGb"),
            if d.get("boot") == Some(&json!(true)) {
                ", boot"
            } else {
                ""
            }
        ));
    }
    if let Some(l) = i.get("labels") {
        out.push_str(&format!("\nLabels: {l}"));
    }
    Ok(out)
}

/// List the zones available to the project: name, region, status.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListZones {}

async fn list_zones(ctx: Ctx, _a: ListZones) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let (all, pages) = all_items(
        |token| Ok(compute(&ctx, Method::GET, &p, "zones")?.query_opt("pageToken", token)),
        "items",
    )
    .await?;
    let mut out = format!("Found {} zones:", all.len());
    for z in &all {
        out.push_str(&format!(
            "\n- {} (Region: {}, Status: {})",
            s(z, "name"),
            last_segment(s(z, "region")),
            s(z, "status")
        ));
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// Wait until a zone operation (from create, start, stop, restart or delete) is DONE, up to
/// `timeout_minutes` (at most 10). Returns its final status, or its error.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WaitOperation {
    operation_name: String,
    zone: String,
    #[schemars(extend("default" = 5), range(min = 1, max = 10))]
    timeout_minutes: Option<i64>,
}

async fn wait_for_operation(ctx: Ctx, a: WaitOperation) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let op = name(last_segment(a.operation_name.trim()), "operation_name")?;
    let zone = name(&a.zone, "zone")?;
    let minutes = a.timeout_minutes.unwrap_or(5).clamp(1, 10) as u64;
    let path = format!("zones/{}/operations/{}", seg(&zone), seg(&op));
    let outcome = wait_done(
        &ctx,
        Poll::every(Duration::from_secs(3)).at_most(Duration::from_secs(minutes * 60)),
        || compute(&ctx, Method::GET, &p, &path),
        |v| {
            done_at(v, "/status", "operation", || {
                ToolError::transport("Compute Engine answered without the operation's status")
            })
        },
    )
    .await?;
    let v = match outcome {
        Outcome::Done(v) => v,
        Outcome::StillRunning { waited, .. } => {
            return Ok(format!(
                "Operation {op} is not done after {} s; call again to keep waiting.",
                waited.as_secs()
            ));
        }
    };
    if let Some(errs) = v.pointer("/error/errors").and_then(Value::as_array) {
        let msgs: Vec<String> = errs
            .iter()
            .map(|e| format!("{} ({})", s(e, "message"), s(e, "code")))
            .collect();
        return Err(ToolError::new(
            mcp_shared::ErrorKind::Upstream,
            format!(
                "Operation {op} ({}) failed: {}",
                s(&v, "operationType"),
                msgs.join("; ")
            ),
        ));
    }
    Ok(format!(
        "Operation {op} ({} of {}) is DONE.",
        s(&v, "operationType"),
        last_segment(s(&v, "targetLink"))
    ))
}
