#!/usr/bin/env bash
# Check one server's image as `cargo xtask image SERVER` built it with buildah (the one
# recipe: docker/Dockerfile, Docker format, labels from server.json): its configuration
# (labels equal to server.json's name and description, non-root user, ENTRYPOINT,
# HEALTHCHECK, port) and its SBOM file, then start its binary on the host network and
# check that it works: /healthz, the image's own healthcheck command, an MCP initialize on
# /mcp (also with a non-loopback Host header).
#
# usage: cargo xtask image SERVER && docker/check-image.sh SERVER [PORT]
#   SERVER  service name as in servers/<SERVER>/ (e.g. github, google_calendar)
#   PORT    free local port to serve on for the check (default 5077)
# env:
#   BINARY    binary name in dist/<arch>/ (default: SERVER with "_" -> "-", plus "-mcp-server")
#   IMAGE     the image to check (default: localhost/<binary>:latest, what xtask image tags)
#
# Needs: root (CI runs as root), buildah (Debian: apt-get install -y buildah), curl,
# python3 (to read server.json). `cargo xtask setup` installs them.
# Re-runnable: the container of a previous run is removed first and always on exit.
set -euo pipefail

die() {
  echo "check-image: FAIL: $*" >&2
  exit 1
}
say() { echo "check-image: $*"; }

if [ $# -lt 1 ] || [ $# -gt 2 ]; then die "usage: $0 SERVER [PORT]"; fi
SERVER=$1
PORT=${2:-5077}
[[ $SERVER =~ ^[a-z0-9_]+$ ]] || die "SERVER must be a snake_case service name, got '$SERVER'"
if ! [[ $PORT =~ ^[0-9]+$ ]] || [ "$PORT" -lt 1 ] || [ "$PORT" -gt 65535 ]; then die "bad PORT '$PORT'"; fi
if [[ $SERVER =~ ^[0-9] ]]; then
  BINARY=${BINARY:-mcp-server-${SERVER//_/-}}  # Cargo needs a letter first (12306)
else
  BINARY=${BINARY:-${SERVER//_/-}-mcp-server}
fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# --- preconditions, each with the fix in its message --------------------------------
[ "$(id -u)" -eq 0 ] || die "run as root (buildah with the vfs driver and chroot isolation; CI runs as root)"
command -v buildah >/dev/null || die "buildah not found: apt-get update && apt-get install -y buildah"
command -v curl >/dev/null || die "curl not found: apt-get install -y curl"
[ -f "servers/$SERVER/server.json" ] || die "no servers/$SERVER/server.json in $ROOT"
command -v python3 >/dev/null || die "python3 is needed to read servers/$SERVER/server.json"
meta() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "servers/$SERVER/server.json" "$1"; }
MCP_NAME=$(meta name) || die "cannot read \"name\" from servers/$SERVER/server.json"
DESCRIPTION=$(meta description) || die "cannot read \"description\" from servers/$SERVER/server.json"

# Fixed buildah settings: vfs works on any filesystem (no overlay, no fuse), chroot
# isolation needs no user namespaces or runc, and a local signature policy means no
# dependence on /etc/containers/policy.json being installed.
export BUILDAH_ISOLATION=chroot STORAGE_DRIVER=vfs
BUILDAH=(buildah --storage-driver vfs)
IMAGE=${IMAGE:-localhost/$BINARY:latest}
CTR="$BINARY-check"
WORK=$(mktemp -d)
POLICY="$WORK/policy.json"
LOG="$WORK/server.log"
echo '{"default":[{"type":"insecureAcceptAnything"}]}' >"$POLICY"
SERVER_PID=""

cleanup() {
  local rc=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # buildah run was started with setsid: its process group holds the server too.
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  "${BUILDAH[@]}" rm "$CTR" >/dev/null 2>&1 || true
  if [ "$rc" -ne 0 ] && [ -s "$LOG" ]; then
    echo "check-image: server output:" >&2
    tail -n 40 "$LOG" >&2
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

# --- clean up a previous run ------------------------------------------------------------
"${BUILDAH[@]}" rm "$CTR" >/dev/null 2>&1 || true
port_in_use && die "port $PORT is already in use: pass a free one (docker/check-image.sh $SERVER PORT)"
"${BUILDAH[@]}" inspect --type image "$IMAGE" >/dev/null 2>&1 \
  || die "no image $IMAGE: build it first with cargo xtask image $SERVER"

# --- image configuration -----------------------------------------------------------------
# (buildah 1.28's templates have no json function: slices print as [a b].)
# The Docker-format config: an image built in OCI format has no Healthcheck there.
fmt='{{index .Docker.Config.Labels "io.modelcontextprotocol.server.name"}}|{{.Docker.Config.User}}|{{.Docker.Config.Entrypoint}}|{{if .Docker.Config.Healthcheck}}{{.Docker.Config.Healthcheck.Test}}{{end}}|{{.Docker.Config.ExposedPorts}}|{{index .Docker.Config.Labels "org.opencontainers.image.description"}}'
conf=$("${BUILDAH[@]}" inspect --type image --format "$fmt" "$IMAGE") || die "buildah inspect failed"
IFS='|' read -r label user entrypoint healthcheck exposed description <<<"$conf"
[ "$label" = "$MCP_NAME" ] || die "label io.modelcontextprotocol.server.name is '$label', server.json name is '$MCP_NAME'"
[ "$description" = "$DESCRIPTION" ] || die "label org.opencontainers.image.description is '$description', server.json description is '$DESCRIPTION'"
case "${user%%:*}" in "" | 0 | root) die "image runs as root (User='$user')" ;; esac
[ "$entrypoint" = "[/server]" ] || die "ENTRYPOINT is $entrypoint, expected [/server]"
[ "$healthcheck" = "[CMD /server healthcheck]" ] || die "HEALTHCHECK is '$healthcheck', expected CMD [/server healthcheck] (built in OCI format? cargo xtask image builds with --format docker)"
[[ $exposed == *5000/tcp* ]] || die "port 5000 is not exposed ($exposed)"
size=$("${BUILDAH[@]}" images --format '{{.Size}}' "$IMAGE" | head -n 1)
say "image ok: $size, user $user, label $label"

# --- run ---------------------------------------------------------------------------------
"${BUILDAH[@]}" from --signature-policy "$POLICY" --name "$CTR" "$IMAGE" >/dev/null || die "buildah from failed"
# The SBOM `cargo xtask dist` made for this binary is in the image.
mnt=$("${BUILDAH[@]}" mount "$CTR") || die "buildah mount failed"
sbom="$mnt/usr/share/sbom/$BINARY.cdx.json"
[ -s "$sbom" ] || die "no SBOM at /usr/share/sbom/$BINARY.cdx.json in the image"
described=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["bomFormat"], d["metadata"]["component"]["name"], len(d["components"]))' "$sbom") \
  || die "/usr/share/sbom/$BINARY.cdx.json is not a CycloneDX JSON BOM"
read -r format name count <<<"$described"
[ "$format $name" = "CycloneDX $BINARY" ] || die "the image's SBOM describes '$format $name', not CycloneDX $BINARY"
"${BUILDAH[@]}" umount "$CTR" >/dev/null || true
say "SBOM /usr/share/sbom/$BINARY.cdx.json: CycloneDX, $count components"

# The image's ENV (MCP_TRANSPORT=http, HOST=0.0.0.0) applies; only the port is changed.
setsid "${BUILDAH[@]}" run --isolation chroot --network host --env "PORT=$PORT" "$CTR" -- /server >"$LOG" 2>&1 &
SERVER_PID=$!

healthz=""
for _ in $(seq 1 40); do # 40 x 0.5 s = 20 s
  kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited before answering /healthz"
  if healthz=$(curl -fsS --max-time 2 "http://127.0.0.1:$PORT/healthz" 2>/dev/null); then break; fi
  healthz=""
  sleep 0.5
done
[ -n "$healthz" ] || die "/healthz did not answer 200 within 20 s on port $PORT"
say "GET /healthz: $healthz"

timeout 30 "${BUILDAH[@]}" run --isolation chroot --network host --env "PORT=$PORT" "$CTR" -- /server healthcheck \
  || die "the image's HEALTHCHECK command (/server healthcheck) failed"
say "HEALTHCHECK /server healthcheck: exit 0"

init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"check-image","version":"1"}}}'
post_init() {
  curl -fsS --max-time 10 "http://127.0.0.1:$PORT/mcp" "$@" \
    -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' \
    -d "$init"
}
answer=$(post_init) || die "POST /mcp initialize failed"
grep -q '"serverInfo"' <<<"$answer" || die "initialize answer has no serverInfo: $answer"
grep -q "\"name\":\"$BINARY\"" <<<"$answer" || die "serverInfo.name is not $BINARY: $answer"
say "POST /mcp initialize: $(grep -o '"serverInfo":{[^}]*}' <<<"$answer")"

# A container is reached by names other than localhost (rmcp's default Host allow-list is loopback only).
post_init -H 'Host: mcp.example.com:5000' >/dev/null \
  || die "POST /mcp with a non-loopback Host header was refused (allowed hosts not configured for containers)"
say "POST /mcp with Host: mcp.example.com:5000: accepted"

say "OK $IMAGE"
