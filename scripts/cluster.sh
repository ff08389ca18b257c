#!/usr/bin/env bash
# The topology of docker-compose.yml as local processes on this machine, for a machine without Docker:
#
#   balancer :CLUSTER_PORT ─┬─ bff-1 ─┐                  ┌─ backend-1 ─┐
#   (scripts/balancer.ts)   └─ bff-2 ─┴─ backend balancer ┴─ backend-2 ─┴─ PostgreSQL (one database)
#                                                            ├── PSP simulator (shared; webhooks via the backend balancer)
#                                                            └── s3rver: the photos' bucket (CLUSTER_S3=0: none)
#
# Each backend has its own DATA_DIR and no folder is shared between them: photos and photo messages go to the bucket
# `media` of a local S3-compatible server (s3rver, a devDependency, run through its own CLI with its objects under
# CLUSTER_DIR/s3), as MinIO serves them in docker-compose.yml. This is a dev/test stand-in, not an object store to run
# in production. CLUSTER_S3=0 falls back to the disk store: both backends then share one DATA_DIR (CLUSTER_DIR/data).
#
# Every app process is `node dist/server/<name>.js` started directly (no npm, sh or tsx between), so a signal reaches
# it; the two balancers are scripts/balancer.ts (node --import tsx), standing in for the nginx of docker-compose.yml.
#
#   scripts/cluster.sh start     build dist/server (and dist/client when missing), create the database when missing,
#                                start everything, wait until the site answers through the balancer
#   scripts/cluster.sh status    each process: running or not
#   scripts/cluster.sh stop      SIGTERM to each process (front to back), wait for it to exit (SIGKILL after 20 s;
#                                exit status 1 if any needed it)
#
# Settings (environment):
#   CLUSTER_DIR        state: pid files, logs, each backend's DATA_DIR, the bucket (default var/cluster)
#   CLUSTER_PORT       the public balancer                                        (default 3000)
#   CLUSTER_BASE_PORT  PSP simulator = base, backends base+1/+2, backend balancer base+3, s3rver base+4,
#                      BFFs base+11/+12                                           (default 3100)
#   CLUSTER_ADMIN_URL  a PostgreSQL URL allowed to create databases (default postgresql://postgres@127.0.0.1:5432/postgres)
#   CLUSTER_DB         the database the cluster uses, created when missing      (default manmatch_cluster)
#   CLUSTER_BUILD=0    start from the existing dist/ without building
#   CLUSTER_S3=0       no s3rver: photos on disk in the backends' shared DATA_DIR (CLUSTER_DIR/data)
#   DEMO_SEED, LOG_LEVEL, SMTP_URL pass through to the backends.
set -euo pipefail
cd "$(dirname "$0")/.."
# glibc's malloc settings of each server, as src/shared/malloc-tunables.ts gives them: the backend's and the BFF's.
BACKEND_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
BFF_TUNABLES=glibc.malloc.arena_max=2

DIR=${CLUSTER_DIR:-var/cluster}
PORT=${CLUSTER_PORT:-3000}
BASE=${CLUSTER_BASE_PORT:-3100}
ADMIN_URL=${CLUSTER_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
DB=${CLUSTER_DB:-manmatch_cluster}
USE_S3=${CLUSTER_S3:-1}
BUCKET=media
NAMES=(s3 psp backend-1 backend-2 backend-lb bff-1 bff-2 lb)

pid_of() { cat "$DIR/$1.pid" 2>/dev/null || true; }
alive() { local pid; pid=$(pid_of "$1"); [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }

# launch NAME VAR=value… -- command…   (the command replaces the background shell: $! is the process itself)
launch() {
  local name=$1 vars=()
  shift
  while [ "$1" != "--" ]; do vars+=("$1"); shift; done
  shift
  env "${vars[@]}" "$@" </dev/null >"$DIR/$name.log" 2>&1 &
  echo $! >"$DIR/$name.pid"
}

# wait_ready NAME URL: 2xx from URL/readyz; a process without /readyz (404) is judged by /healthz, and one without
# either by answering at all (the backend listens only once migrated and its workers run).
wait_ready() {
  local name=$1 url=$2 deadline=$((SECONDS + ${CLUSTER_START_TIMEOUT:-240})) code
  while [ $SECONDS -lt $deadline ]; do
    if ! alive "$name"; then
      echo "cluster: $name exited while starting; last lines of $DIR/$name.log:" >&2
      tail -n 30 "$DIR/$name.log" >&2
      return 1
    fi
    code=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$url/readyz" || true)
    [ "$code" = 404 ] && code=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$url/healthz" || true)
    case "$code" in 2??|404) return 0 ;; esac
    sleep 0.5
  done
  echo "cluster: $name did not become ready at $url" >&2
  return 1
}

start() {
  for name in "${NAMES[@]}"; do
    if alive "$name"; then echo "cluster: $name is already running (pid $(pid_of "$name")); run stop first" >&2; exit 1; fi
  done
  [[ $DB =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "cluster: CLUSTER_DB must be a plain lower-case name" >&2; exit 1; }
  # A start that fails half-way stops what it started (the logs stay in CLUSTER_DIR).
  trap 'echo "cluster: start failed; stopping what was started" >&2; stop >/dev/null 2>&1 || true' ERR
  mkdir -p "$DIR/data"
  if [ "${CLUSTER_BUILD:-1}" != 0 ]; then
    if [ -f dist/client/.vite/manifest.json ]; then npm run --silent build:server; else npm run --silent build; fi
  fi

  if [ "$(psql "$ADMIN_URL" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
    psql "$ADMIN_URL" -qc "CREATE DATABASE \"$DB\""
  fi
  local database_url="${ADMIN_URL%/*}/$DB"
  local secret psp_key psp_secret
  secret=$(node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))")
  psp_key=test_$(node -e "process.stdout.write(require('node:crypto').randomBytes(24).toString('hex'))")
  psp_secret=whsec_$(node -e "process.stdout.write(require('node:crypto').randomBytes(24).toString('base64'))")
  local log_level=${LOG_LEVEL:-info} node_bin
  node_bin=$(command -v node)

  local psp_url="http://127.0.0.1:$BASE" backend_lb="http://127.0.0.1:$((BASE + 3))" s3_url="http://127.0.0.1:$((BASE + 4))"
  # Where the backends keep photos: the bucket (each backend its own DATA_DIR), or one DATA_DIR shared by both.
  local media_vars=() s3_secret
  if [ "$USE_S3" != 0 ]; then
    mkdir -p "$DIR/s3"
    # s3rver knows one key id (S3RVER) and does not check SigV4 signatures, so the secret only has to be well-formed.
    s3_secret=$(node -e "process.stdout.write(require('node:crypto').randomBytes(24).toString('hex'))")
    launch s3 -- "$node_bin" node_modules/s3rver/bin/s3rver.js --directory "$DIR/s3" --address 127.0.0.1 \
      --port $((BASE + 4)) --configure-bucket "$BUCKET" --silent
    media_vars=(S3_BUCKET="$BUCKET" S3_ENDPOINT="$s3_url" S3_FORCE_PATH_STYLE=true AWS_REGION=us-east-1
      AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY="$s3_secret")
    # The bucket answers once s3rver listens (it creates the bucket first); the seed stores the demo avatars there.
    wait_ready s3 "$s3_url/$BUCKET"
  fi
  launch psp NODE_ENV=production LOG_LEVEL="$log_level" PSP_SIM_PORT="$BASE" PSP_API_KEY="$psp_key" \
    PSP_WEBHOOK_SECRET="$psp_secret" PSP_SIM_STATE_FILE="$DIR/data/psp/simulator.json" -- "$node_bin" dist/server/psp-simulator.js
  for i in 1 2; do
    local data_dir="$DIR/data"
    if [ "$USE_S3" != 0 ]; then data_dir="$DIR/backend-$i"; fi
    launch "backend-$i" NODE_ENV=production GLIBC_TUNABLES="$BACKEND_TUNABLES" LOG_LEVEL="$log_level" HOST=127.0.0.1 PORT=$((BASE + i)) \
      DATABASE_URL="$database_url" DATA_DIR="$data_dir" "${media_vars[@]}" BACKEND_SECRET="$secret" DEMO_SEED="${DEMO_SEED:-true}" \
      PUBLIC_URL="http://localhost:$PORT" PSP_URL="$psp_url" PSP_API_KEY="$psp_key" PSP_WEBHOOK_SECRET="$psp_secret" \
      PAYMENT_WEBHOOK_URL="$backend_lb/webhooks/psp" ${SMTP_URL:+SMTP_URL="$SMTP_URL"} -- "$node_bin" dist/server/backend.js
  done
  wait_ready psp "$psp_url"
  wait_ready backend-1 "http://127.0.0.1:$((BASE + 1))"
  wait_ready backend-2 "http://127.0.0.1:$((BASE + 2))"
  launch backend-lb LOG_LEVEL="$log_level" BALANCER_PORT=$((BASE + 3)) \
    BALANCER_UPSTREAMS="http://127.0.0.1:$((BASE + 1)),http://127.0.0.1:$((BASE + 2))" -- "$node_bin" --import tsx scripts/balancer.ts
  for i in 1 2; do
    launch "bff-$i" NODE_ENV=production GLIBC_TUNABLES="$BFF_TUNABLES" LOG_LEVEL="$log_level" PORT=$((BASE + 10 + i)) BACKEND_URL="$backend_lb" \
      BACKEND_SECRET="$secret" DATA_DIR="$DIR/data" PUBLIC_URL="http://localhost:$PORT" TRUST_PROXY=1 \
      -- "$node_bin" dist/server/bff.js
  done
  wait_ready backend-lb "$backend_lb"
  wait_ready bff-1 "http://127.0.0.1:$((BASE + 11))"
  wait_ready bff-2 "http://127.0.0.1:$((BASE + 12))"
  launch lb LOG_LEVEL="$log_level" BALANCER_PORT="$PORT" \
    BALANCER_UPSTREAMS="http://127.0.0.1:$((BASE + 11)),http://127.0.0.1:$((BASE + 12))" -- "$node_bin" --import tsx scripts/balancer.ts
  wait_ready lb "http://127.0.0.1:$PORT"
  trap - ERR
  local photos="photos in s3rver's bucket $BUCKET at $s3_url"
  [ "$USE_S3" != 0 ] || photos="photos in the shared $DIR/data/media"
  echo "cluster: http://localhost:$PORT (2 BFFs, 2 backends on $DB, PSP simulator, $photos; logs in $DIR)"
}

stop() {
  local failed=0 tier name pid
  # Front to back, one tier at a time: no new request reaches a process that is stopping.
  for tier in "lb" "bff-1 bff-2" "backend-lb" "backend-1 backend-2" "psp" "s3"; do
    for name in $tier; do
      pid=$(pid_of "$name")
      [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
    done
    for name in $tier; do
      pid=$(pid_of "$name")
      if [ -n "$pid" ]; then
        local deadline=$((SECONDS + 20))
        while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then
          echo "cluster: $name (pid $pid) ignored SIGTERM for 20 s; killed" >&2
          kill -KILL "$pid" 2>/dev/null || true
          failed=1
        fi
      fi
      rm -f "$DIR/$name.pid"
    done
  done
  echo "cluster: stopped"
  return $failed
}

status() {
  for name in "${NAMES[@]}"; do
    if alive "$name"; then echo "$name running (pid $(pid_of "$name"))"; else echo "$name stopped"; fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: scripts/cluster.sh start|stop|status" >&2; exit 2 ;;
esac
