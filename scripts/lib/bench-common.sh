# Shared by the benchmark scripts (sourced, not run): the embedded cluster as a process of its own,
# client commands timed as processes of their own (CPU of the process tree, the JIT's part of it,
# peak resident memory), and HBase's PerformanceEvaluation on the same cluster. The caller sets
# bench_name, root, work and hperf before sourcing, and calls start_cluster; the cluster is stopped
# on exit.

load_average() {
  uptime | sed 's/.*load average: //'
}

# /proc/stat's cpu line (cpu user nice system idle iowait irq softirq steal ...), for cpu_steal_percent.
cpu_stat_line() {
  head -1 /proc/stat
}

# The CPU steal between two cpu_stat_line samples, in percent of the CPU time that passed.
cpu_steal_percent() { # cpu_steal_percent <line before> <line after>
  echo "$1 $2" | awk '{ a = 0; b = 0; for (i = 2; i <= 9; i++) { a += $i; b += $(i + 11) }
    printf "%.1f", (b > a) ? 100 * ($(20) - $9) / (b - a) : 0 }'
}

# Prints the load averages at the start and end and the core count, and a warning when the start's
# 1-minute figure was above the core count. The end figure includes the benchmark's own cluster and
# clients; only the start says whether something else was running.
print_load_averages() { # print_load_averages <at start> <at end>
  local cores
  cores=$(nproc)
  echo "load average (1, 5, 15 min): $1 at start, $2 at end; $cores cores (nproc)"
  if awk -v cores="$cores" -v a="${1%%,*}" 'BEGIN { exit !(a > cores) }'; then
    echo "warning: the load was above the core count at the start: other work shared the CPUs, so these figures are noise"
  fi
}

# Fails the benchmark with the end of a log.
bench_fail() { # bench_fail <message> <log>
  echo "$bench_name: $1; the end of $2:" >&2
  tail -n 30 "$2" >&2
  exit 1
}

# Resolves PE's three test jars once (Maven Central), into $pe_classpath.
resolve_pe_classpath() {
  pe_classpath="$root/target/pe-classpath.txt"
  if [[ ! -s "$pe_classpath" || "$root/dist/bench/pom.xml" -nt "$pe_classpath" ]]; then
    echo "== resolving PerformanceEvaluation's test jars (dist/bench/pom.xml)"
    (cd "$root" && mvn -B -q -f dist/bench/pom.xml dependency:build-classpath -DexcludeTransitive=true \
      -Dmdep.outputFile="$pe_classpath") >"$work/pe-classpath.log" 2>&1 \
      || bench_fail "could not resolve PE's jars" "$work/pe-classpath.log"
  fi
}

clock_ticks=$(getconf CLK_TCK)

# The CPU ticks (user + sys) of a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat line, into the
# variable named <variable> (no subshell: the sampler calls it for every thread, twice a second).
stat_ticks() { # stat_ticks <stat line> <variable>
  local -a fields
  read -r -a fields <<<"${1##*) }" # from field 3 (state) on: utime is [11], stime [12]
  printf -v "$2" '%d' $(( fields[11] + fields[12] ))
}

# While JVM <pid> runs, writes to <prefix>.jit-ticks the CPU ticks (user + sys) of its JIT
# compiler threads and to <prefix>.peak-kb its peak resident memory (VmHWM), every half second,
# keeping the largest values (threads vanish as the JVM exits). Shell builtins only.
sample_process() { # sample_process <pid> <prefix>
  local pid=$1 prefix=$2 task comm stat most=0 ticks task_ticks line
  local -a fields
  echo 0 >"$prefix.jit-ticks"
  echo 0 >"$prefix.peak-kb"
  while kill -0 "$pid" 2>/dev/null; do
    ticks=0
    for task in /proc/"$pid"/task/*; do
      { read -r comm <"$task/comm" && read -r stat <"$task/stat"; } 2>/dev/null || continue
      case "$comm" in "C1 CompilerThre"* | "C2 CompilerThre"*) ;; *) continue ;; esac
      stat_ticks "$stat" task_ticks
      ticks=$(( ticks + task_ticks ))
    done
    if (( ticks > most )); then
      most=$ticks
      echo "$most" >"$prefix.jit-ticks"
    fi
    while read -r line; do
      [[ "$line" == VmHWM:* ]] && { read -r -a fields <<<"$line"; echo "${fields[1]}" >"$prefix.peak-kb"; }
    done 2>/dev/null <"/proc/$pid/status" || true # stderr first: the pid may be gone by now
    sleep 0.5
  done
}

# CPU seconds (user + sys) the cluster's JVM has used so far; 0 before start_cluster.
cluster_cpu() {
  local stat ticks
  if [[ -z "$cluster_pid" ]] || ! { read -r stat <"/proc/$cluster_pid/stat"; } 2>/dev/null; then
    echo 0
    return
  fi
  stat_ticks "$stat" ticks
  awk -v ticks="$ticks" -v hz="$clock_ticks" 'BEGIN { printf "%.3f", ticks / hz }'
}

# Runs a client command (output in $work/<name>.log; a failure ends the benchmark) and sets
# cpu_seconds (user + sys of its process tree: bash's 'times' in a subshell whose only child is the
# command), jit_seconds (its JIT compiler threads' part), peak_mb (its peak resident memory),
# wall_seconds and cluster_cpu_seconds (the cluster JVM's CPU meanwhile: region server, master and
# ZooKeeper serving the command, plus their own background work). The sampler runs outside that
# subshell, so its CPU is not counted.
cpu_seconds=
jit_seconds=
cluster_cpu_seconds=
peak_mb=
wall_seconds=
client_pid=
timed() { # timed <name> <command...>
  local name=$1 runner sampler started cluster_before
  shift
  rm -f "$work/$name.pid"
  cluster_before=$(cluster_cpu)
  started=$(date +%s.%N)
  ( "$@" >"$work/$name.log" 2>&1 &
    echo $! >"$work/$name.pid"
    wait $! && rc=0 || rc=$?
    times >"$work/$name.times"
    exit "$rc" ) &
  runner=$!
  until [[ -s "$work/$name.pid" ]]; do sleep 0.1; done
  read -r client_pid <"$work/$name.pid"
  sample_process "$client_pid" "$work/$name" &
  sampler=$!
  wait "$runner" || bench_fail "$name failed" "$work/$name.log"
  wall_seconds=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
  cluster_cpu_seconds=$(awk -v a="$cluster_before" -v b="$(cluster_cpu)" 'BEGIN { printf "%.3f", b - a }')
  client_pid=
  wait "$sampler"
  # The second line of 'times' is the children's "user sys", e.g. "0m12.345s 0m1.234s".
  cpu_seconds=$(sed -n 2p "$work/$name.times" | awk '
    function seconds(t) { sub(/s$/, "", t); split(t, part, "m"); return part[1] * 60 + part[2] }
    { printf "%.3f", seconds($1) + seconds($2) }')
  jit_seconds=$(awk -v hz="$clock_ticks" '{ printf "%.3f", $1 / hz }' "$work/$name.jit-ticks")
  peak_mb=$(awk '{ printf "%d", $1 / 1024 }' "$work/$name.peak-kb")
}

step() { # step <name> <command...>: untimed, output in $work/<name>.log
  local name=$1
  shift
  echo "== $name"
  "$@" >"$work/$name.log" 2>&1 || bench_fail "$name failed" "$work/$name.log"
}

cluster_pid=
stop_cluster() {
  if [[ -n "$client_pid" ]] && kill -0 "$client_pid" 2>/dev/null; then
    echo "stopping the client in flight (pid $client_pid)"
    kill -TERM "$client_pid" 2>/dev/null || true
  fi
  if [[ -n "$cluster_pid" ]] && kill -0 "$cluster_pid" 2>/dev/null; then
    echo "stopping the embedded cluster (pid $cluster_pid)"
    kill -TERM "$cluster_pid" 2>/dev/null || true
    for _ in $(seq 60); do
      kill -0 "$cluster_pid" 2>/dev/null || break
      sleep 1
    done
    kill -KILL "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
  fi
}

# The cluster: the demo's smallest suite (1,000 records, one 1 s run), then it keeps running and
# prints the -conf to use, which goes to $site. 'hperf' execs java, so $! is the cluster's JVM.
start_cluster() {
  trap stop_cluster EXIT
  trap 'exit 130' INT TERM
  echo "== cluster: hperf demo --keep-running (log: $work/cluster.log)"
  : >"$work/cluster.log"
  "$hperf" demo --keep-running --dir "$work/cluster" --table demo --recordcount 1000 --regions 1 \
    --workloads workloadc --duration 1 --runs 1 --clients 1 --threads 1 >>"$work/cluster.log" 2>&1 &
  cluster_pid=$!
  site=
  for _ in $(seq 600); do
    site=$(sed -n 's/.* -conf \([^ ]*hbase-site\.xml\).*/\1/p' "$work/cluster.log" | head -n 1)
    [[ -n "$site" ]] && break
    kill -0 "$cluster_pid" 2>/dev/null || bench_fail "the cluster did not start" "$work/cluster.log"
    sleep 1
  done
  [[ -n "$site" ]] || bench_fail "the cluster printed no -conf within 600 s" "$work/cluster.log"
  echo "cluster up: -conf $site"
}

# Sets pe to the PerformanceEvaluation command on this cluster (--nomapred, one connection, rows of
# 10 columns of 100 B as hperf's); PE reads hbase-site.xml from the classpath, so it goes first.
pe_command() {
  mkdir -p "$work/pe-conf"
  cp "$site" "$work/pe-conf/hbase-site.xml"
  # shellcheck disable=SC2046 # jvm.options: flags on one line, none with a space inside
  pe=(java -Xmx"${HPERF_HEAP:-3g}" $(cat "$root/dist/target/jvm.options") -Djava.io.tmpdir="$root/target/tmp"
    -Dlog4j.configuration="file:$root/dist/bench/log4j.properties"
    -cp "$work/pe-conf:$(cat "$pe_classpath"):$(cat "$root/dist/target/classpath.txt")"
    org.apache.hadoop.hbase.PerformanceEvaluation --nomapred --oneCon=true --columns=10 --valueSize=100)
}
