#!/usr/bin/env bash
# CI's fuzzing step: every fuzz target for SECONDS seconds (default 60), two at a time (the
# machine has 2 cores), each on a copy of its seed corpus (so a run never grows the
# repository's corpus). Fails on any crash, leak or timeout (an input that takes over 10 s),
# with the target's log and the input left in fuzz/artifacts/TARGET/. Skips (exit 0) when no
# nightly toolchain is installed: cargo fuzz needs one (FUZZ_TOOLCHAIN names another).
#
#   bash fuzz/run.sh 60            every target, a minute each
#   bash fuzz/run.sh 300 fen epd   some targets, five minutes each
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-60}"
shift || true
case "$seconds" in
  '' | *[!0-9]*) echo "usage: bash fuzz/run.sh SECONDS [TARGET...]" >&2; exit 2 ;;
esac

toolchain="${FUZZ_TOOLCHAIN:-nightly}"
if ! cargo "+$toolchain" --version >/dev/null 2>&1; then
  echo "fuzz: no $toolchain toolchain (rustup toolchain install $toolchain): skipped"
  exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi

target_dir="$PWD/target"
started=$SECONDS
echo "fuzz: building ${#targets[@]} targets ($toolchain, address sanitizer, debug assertions)"
cargo "+$toolchain" fuzz build --target-dir "$target_dir"
host="$(rustc "+$toolchain" -vV | sed -n 's/^host: //p')"
bin_dir="$target_dir/$host/release"
echo "fuzz: built in $((SECONDS - started)) s"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One target: a copy of its corpus, libFuzzer for `seconds`, the executions from its final stats.
run_target() {
  local target="$1" corpus="$work/corpus/$1" log="$work/$1.log"
  mkdir -p "$corpus" "artifacts/$target"
  cp -r "corpus/$target/." "$corpus/" 2>/dev/null || true
  local status=0
  nice -n 10 "$bin_dir/$target" "$corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="artifacts/$target/" >"$log" 2>&1 || status=$?
  local execs
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  if [ "$status" -eq 0 ]; then
    printf 'fuzz: %-16s ok      %12s executions in %s s\n' "$target" "${execs:-?}" "$seconds"
  else
    printf 'fuzz: %-16s FAILED  (exit %s) after %s executions:\n' "$target" "$status" "${execs:-?}"
    {
      grep -m 1 -A 2 'panicked at' "$log" || true
      grep -m 1 'ERROR: libFuzzer' "$log" || true
      sed -n '/^SUMMARY/,/^Base64/p' "$log"
    } | sed 's/^/    /'
    echo "    the input is in fuzz/artifacts/$target/; replay: cargo +$toolchain fuzz run $target fuzz/artifacts/$target/<file>"
    touch "$work/failed"
  fi
}

# Two queues, one per core, each running its targets one after the other.
queue() {
  local index
  for ((index = $1; index < ${#targets[@]}; index += 2)); do
    run_target "${targets[$index]}"
  done
}
queue 0 &
first=$!
queue 1 &
second=$!
wait "$first" "$second"

echo "fuzz: ${#targets[@]} targets in $((SECONDS - started)) s"
if [ -e "$work/failed" ]; then
  echo "fuzz: a target found a crash, a leak or a timeout" >&2
  exit 1
fi
