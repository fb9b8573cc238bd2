//! `deploy/`: what a platform team runs. The Helm chart (`deploy/helm/mcp-server`, written by
//! hand) deploys any one server; this module generates, for every server, the chart's values
//! (`deploy/values/<service>.yaml`) and the plain manifests for users without Helm
//! (`deploy/manifests/<service>.yaml`: the objects the chart renders with those values, in
//! multi-tenant mode). `cargo xtask docs` writes them, `cargo xtask check` fails when they are
//! stale, and CI validates the manifests against the Kubernetes schemas
//! (`kubernetes-validate`). The policies every manifest keeps are tested below.

use std::path::Path;

use anyhow::Result;
use serde_json::{Value, json};

use crate::servers::Server;

/// Image registry and owner of the published images (`.github/workflows/images.yml`).
pub const IMAGE_PREFIX: &str = "ghcr.io/mcp-servers-rs";
/// The version every image is tagged with (the workspace's, as in every `server.json`), which
/// the chart's `appVersion`, the manifests and the examples pin instead of `latest`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The port every image listens on.
pub const PORT: u16 = 5000;

/// Ports a server's vendor may be reached on beyond HTTPS (databases, WHOIS).
fn extra_egress_ports(service: &str) -> &'static [u16] {
    match service {
        "postgres" => &[5432],
        "mongodb" => &[27017],
        "whois" => &[43],
        _ => &[],
    }
}

fn egress_ports(service: &str) -> Vec<u16> {
    let mut p = vec![443];
    p.extend_from_slice(extra_egress_ports(service));
    p
}

fn name(s: &Server) -> String {
    // Kubernetes names: lower-case, digits, '-'.
    s.binary.clone()
}

fn labels(s: &Server) -> Value {
    json!({
        "app.kubernetes.io/name": name(s),
        "app.kubernetes.io/instance": name(s),
        "app.kubernetes.io/component": "mcp-server",
        "app.kubernetes.io/part-of": "mcp-servers",
    })
}

fn selector(s: &Server) -> Value {
    json!({
        "app.kubernetes.io/name": name(s),
        "app.kubernetes.io/instance": name(s),
    })
}

/// The objects of one server, as the chart renders them with its generated values in the
/// default (multi-tenant) mode.
pub fn objects(s: &Server) -> Vec<Value> {
    let n = name(s);
    let image = format!("{IMAGE_PREFIX}/{}:{VERSION}", s.binary);
    let probe = |delay: u32| {
        json!({
            "httpGet": {"path": "/healthz", "port": "http"},
            "initialDelaySeconds": delay,
            "periodSeconds": 10,
            "timeoutSeconds": 2,
        })
    };
    let deployment = json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": n, "labels": labels(s)},
        "spec": {
            // No `replicas`: the HorizontalPodAutoscaler owns the count.
            "selector": {"matchLabels": selector(s)},
            "template": {
                "metadata": {
                    "labels": labels(s),
                    "annotations": {
                        "prometheus.io/scrape": "true",
                        "prometheus.io/port": PORT.to_string(),
                        "prometheus.io/path": "/metrics",
                    },
                },
                "spec": {
                    "automountServiceAccountToken": false,
                    "securityContext": {
                        "runAsNonRoot": true,
                        "runAsUser": 65532,
                        "runAsGroup": 65532,
                        "fsGroup": 65532,
                        "seccompProfile": {"type": "RuntimeDefault"},
                    },
                    "containers": [{
                        "name": "server",
                        "image": image,
                        "imagePullPolicy": "IfNotPresent",
                        "ports": [{"name": "http", "containerPort": PORT, "protocol": "TCP"}],
                        "env": [
                            {"name": "MCP_TRANSPORT", "value": "http"},
                            {"name": "HOST", "value": "0.0.0.0"},
                            {"name": "PORT", "value": PORT.to_string()},
                            // Replicas share nothing: every POST stands alone.
                            {"name": "MCP_STATELESS", "value": "1"},
                            // Many tenants: credentials only from each request's header.
                            {"name": "MCP_REQUIRE_AUTH_HEADER", "value": "1"},
                            {"name": "LOG_FORMAT", "value": "json"},
                        ],
                        "livenessProbe": probe(5),
                        "readinessProbe": probe(1),
                        // Idle RSS is under 20 MiB (BENCHMARKS.md); an open session costs up
                        // to 68 KiB, so the limit leaves room for thousands.
                        "resources": {
                            "requests": {"cpu": "50m", "memory": "32Mi"},
                            "limits": {"memory": "512Mi"},
                        },
                        "securityContext": {
                            "allowPrivilegeEscalation": false,
                            "readOnlyRootFilesystem": true,
                            "capabilities": {"drop": ["ALL"]},
                        },
                    }],
                },
            },
        },
    });
    let service = json!({
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": n, "labels": labels(s)},
        "spec": {
            "type": "ClusterIP",
            "selector": selector(s),
            "ports": [{"name": "http", "port": PORT, "targetPort": "http", "protocol": "TCP"}],
        },
    });
    let hpa = json!({
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": n, "labels": labels(s)},
        "spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": n},
            "minReplicas": 2,
            "maxReplicas": 10,
            "metrics": [{
                "type": "Resource",
                "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}},
            }],
        },
    });
    let pdb = json!({
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": n, "labels": labels(s)},
        "spec": {"minAvailable": 1, "selector": {"matchLabels": selector(s)}},
    });
    let egress_ports: Vec<Value> = egress_ports(&s.service)
        .into_iter()
        .map(|p| json!({"protocol": "TCP", "port": p}))
        .collect();
    let network_policy = json!({
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": n, "labels": labels(s)},
        "spec": {
            "podSelector": {"matchLabels": selector(s)},
            "policyTypes": ["Ingress", "Egress"],
            "ingress": [{"ports": [{"protocol": "TCP", "port": PORT}]}],
            "egress": [
                {"ports": [{"protocol": "UDP", "port": 53}, {"protocol": "TCP", "port": 53}]},
                {"ports": egress_ports},
            ],
        },
    });
    vec![deployment, service, hpa, pdb, network_policy]
}

/// `deploy/manifests/<service>.yaml`: the objects as YAML documents (JSON is YAML).
pub fn manifests(s: &Server) -> String {
    let mut out = format!(
        "# {}: generated by `cargo xtask docs` (xtask/src/deploy.rs). The objects the Helm chart\n# (deploy/helm/mcp-server) renders with deploy/values/{}.yaml in multi-tenant mode, without\n# Helm's own labels. kubectl apply -f this file.\n",
        s.binary, s.service
    );
    for o in objects(s) {
        out.push_str("---\n");
        out.push_str(&serde_json::to_string_pretty(&o).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// `deploy/values/<service>.yaml`: the chart's values for this server.
pub fn values(s: &Server) -> String {
    let ports = egress_ports(&s.service)
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "# {binary}: generated by `cargo xtask docs`.\n# helm install {binary} deploy/helm/mcp-server -f deploy/values/{service}.yaml\nserver: \"{service}\"\nimage:\n  repository: {IMAGE_PREFIX}/{binary}\nnetworkPolicy:\n  egressPorts: [{ports}]\n",
        binary = s.binary,
        service = s.service,
    )
}

/// Every generated file under `deploy/`, as (path relative to the root, content).
pub fn files(list: &[Server]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for s in list {
        out.push((format!("deploy/manifests/{}.yaml", s.service), manifests(s)));
        out.push((format!("deploy/values/{}.yaml", s.service), values(s)));
    }
    out
}

/// Write the generated files that changed; returns how many did.
pub fn write(root: &Path, list: &[Server]) -> Result<usize> {
    let mut n = 0;
    for (path, content) in files(list) {
        let p = root.join(&path);
        if std::fs::read_to_string(&p).ok().as_deref() != Some(content.as_str()) {
            if let Some(dir) = p.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&p, content)?;
            n += 1;
        }
    }
    Ok(n)
}

/// The generated files that are missing or stale, and files left for a server that is gone.
pub fn stale(root: &Path, list: &[Server]) -> Vec<String> {
    let files = files(list);
    let mut out: Vec<String> = files
        .iter()
        .filter(|(path, content)| {
            std::fs::read_to_string(root.join(path)).ok().as_deref() != Some(content.as_str())
        })
        .map(|(path, _)| format!("{path}: stale: run `cargo xtask docs`"))
        .collect();
    // The hand-written files pin the same image version.
    for (path, pinned) in [
        (
            "deploy/helm/mcp-server/Chart.yaml",
            format!("appVersion: \"{VERSION}\""),
        ),
        (
            "deploy/toolhive/github.yaml",
            format!("github-mcp-server:{VERSION}"),
        ),
        (
            "deploy/compose/compose.yaml",
            format!("github-mcp-server:{VERSION}"),
        ),
    ] {
        let text = std::fs::read_to_string(root.join(path)).unwrap_or_default();
        if !text.contains(&pinned) || text.contains(":latest") {
            out.push(format!(
                "{path}: pin the images to the workspace version ({pinned}), not `latest`"
            ));
        }
    }
    for dir in ["deploy/manifests", "deploy/values"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let path = format!("{dir}/{}", e.file_name().to_string_lossy());
            if !files.iter().any(|(p, _)| *p == path) {
                out.push(format!("{path}: no such server: delete it"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(service: &str) -> Server {
        Server {
            service: service.into(),
            binary: crate::servers::binary_of(service),
            description: String::new(),
        }
    }

    fn kind<'a>(objects: &'a [Value], kind: &str) -> &'a Value {
        objects
            .iter()
            .find(|o| o["kind"] == kind)
            .unwrap_or_else(|| panic!("no {kind}"))
    }

    #[test]
    fn pods_run_as_non_root_on_a_read_only_root_with_probes_and_limits() {
        let objects = objects(&server("google_calendar"));
        let pod = &kind(&objects, "Deployment")["spec"]["template"]["spec"];
        assert_eq!(pod["securityContext"]["runAsNonRoot"], true);
        assert_eq!(pod["automountServiceAccountToken"], false);
        let c = &pod["containers"][0];
        assert_eq!(c["securityContext"]["readOnlyRootFilesystem"], true);
        assert_eq!(c["securityContext"]["allowPrivilegeEscalation"], false);
        assert_eq!(c["securityContext"]["capabilities"]["drop"], json!(["ALL"]));
        for probe in ["livenessProbe", "readinessProbe"] {
            assert_eq!(c[probe]["httpGet"]["path"], "/healthz", "{probe}");
        }
        assert!(c["resources"]["requests"]["memory"].is_string());
        assert!(c["resources"]["limits"]["memory"].is_string());
        assert_eq!(
            c["image"],
            format!("ghcr.io/mcp-servers-rs/google-calendar-mcp-server:{VERSION}")
        );
        let env = c["env"].as_array().expect("env");
        for (k, v) in [("MCP_REQUIRE_AUTH_HEADER", "1"), ("MCP_STATELESS", "1")] {
            assert!(env.iter().any(|e| e["name"] == k && e["value"] == v), "{k}");
        }
    }

    #[test]
    fn values_quote_the_server_name_so_that_a_numeric_one_stays_a_string() {
        // `server: 12306` would be a YAML number, which the chart's values schema refuses.
        assert!(values(&server("12306")).contains("\nserver: \"12306\"\n"));
        assert!(values(&server("slack")).contains("\nserver: \"slack\"\n"));
    }

    #[test]
    fn the_autoscaler_not_the_deployment_sets_the_replica_count() {
        let objects = objects(&server("slack"));
        assert!(
            kind(&objects, "Deployment")["spec"]
                .get("replicas")
                .is_none()
        );
        assert_eq!(
            kind(&objects, "HorizontalPodAutoscaler")["spec"]["minReplicas"],
            2
        );
    }

    #[test]
    fn egress_is_dns_and_https_only_plus_a_database_port_where_needed() {
        let egress = |service: &str| {
            kind(&objects(&server(service)), "NetworkPolicy")["spec"]["egress"].clone()
        };
        let slack = egress("slack");
        assert_eq!(slack[0]["ports"][0]["port"], 53);
        assert_eq!(slack[1]["ports"], json!([{"protocol": "TCP", "port": 443}]));
        // No `to`: any destination, on these ports only.
        assert!(slack[1].get("to").is_none());
        let pg = egress("postgres");
        assert_eq!(
            pg[1]["ports"],
            json!([{"protocol": "TCP", "port": 443}, {"protocol": "TCP", "port": 5432}])
        );
    }

    #[test]
    fn the_service_hpa_and_pdb_select_the_deployment_pods() {
        let objects = objects(&server("slack"));
        let pod_labels = &kind(&objects, "Deployment")["spec"]["template"]["metadata"]["labels"];
        let selects = |sel: &Value| {
            sel.as_object()
                .expect("selector")
                .iter()
                .all(|(k, v)| pod_labels[k] == *v)
        };
        assert!(selects(&kind(&objects, "Service")["spec"]["selector"]));
        assert!(selects(
            &kind(&objects, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"]
        ));
        assert_eq!(
            kind(&objects, "HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]["name"],
            "slack-mcp-server"
        );
    }
}
