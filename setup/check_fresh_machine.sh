#!/bin/bash
# The new user's first hour, checked: a fresh Debian 12 (bookworm) root file
# system made with debootstrap, an ordinary user `debian` with passwordless
# sudo (as Debian's cloud images have it), the repository cloned into its
# home, and the README's two commands run as that user (or as root):
#
#   tools/demo.sh     then     tools/test.sh   (STAGES limits the stages)
#
# Each command's output goes to a log and its wall time is printed; the exit
# status is 1 when one of them fails.
#
#   sudo setup/check_fresh_machine.sh [--as=user|root|nosudo] [--keep]
#        [--from=REPO] [--rev=REV] [--run="demo test"]
#   STAGES="default"   passed to tools/test.sh (default: all its stages)
#   GDWIRE_FRESH_CACHE=/var/tmp/gdwire-fresh   (base root fs, logs, .debs)
#   DEBIAN_MIRROR=http://deb.debian.org/debian
#
#   --as=user    (default) the sudo user `debian` runs the commands
#   --as=root    root runs them
#   --as=nosudo  a user without sudo runs setup/install_deps.sh, which must
#                fail with a message that says it needs root (nothing else)
#   --from=REPO  clone this repository (default: the one holding this
#                script; its committed HEAD, not the working tree)
#   --rev=REV    check out this commit of it after cloning
#   --keep       leave the run's root file system (and its mounts gone)
#
# The base root fs (minbase + sudo, git, ca-certificates: what a user needs
# to clone) is made once and cached in $GDWIRE_FRESH_CACHE/base, outside the
# repository; every run copies it afresh. Downloaded .debs are shared
# between runs (bind-mounted apt archives) so a second run does not fetch
# them again; nothing is installed in the base. Needs root on the host
# (debootstrap, chroot, mount; sudo -n is used when not root) and Debian's
# registry. The chroot shares the host's network (loopback tests use
# 127.0.0.1). Times from a shared 2-core machine are in the closing note of
# the run (see the log folder).
set -euo pipefail
# The whole script is read before it runs (main, called at the end), so
# editing it while a check is running cannot change that check.
main() {
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/as_root.sh"

as=user keep=0 from="$(cd "$here/.." && pwd)" run="demo test" rev=""
for a in "$@"; do
  case "$a" in
    --as=*) as="${a#*=}" ;;
    --keep) keep=1 ;;
    --from=*) from="${a#*=}" ;;
    --rev=*) rev="${a#*=}" ;;
    --run=*) run="${a#*=}" ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "check_fresh_machine.sh: unknown argument $a (see --help)" >&2
      exit 2
      ;;
  esac
done
case "$as" in user | root | nosudo) ;; *)
  echo "check_fresh_machine.sh: --as must be user, root or nosudo" >&2
  exit 2
  ;;
esac
# Re-run as root: every step below mounts, chroots or writes root-owned files.
if [ "$(id -u)" -ne 0 ]; then
  need_root "making a Debian root file system (debootstrap, chroot, mount)"
  exec ${GDWIRE_SUDO:-sudo -n} env STAGES="${STAGES:-}" \
    GDWIRE_FRESH_CACHE="${GDWIRE_FRESH_CACHE:-}" \
    DEBIAN_MIRROR="${DEBIAN_MIRROR:-}" "$0" "$@"
fi
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
cache="${GDWIRE_FRESH_CACHE:-/var/tmp/gdwire-fresh}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
stages="${STAGES:-}"
case "$(realpath -m "$cache")" in
  "$(realpath -m "$from")"*)
    echo "check_fresh_machine.sh: the cache must be outside the repository" >&2
    exit 2
    ;;
esac
user=debian
mkdir -p "$cache/logs" "$cache/debs/partial"

# ---- the base root fs (once) ------------------------------------------------
recipe="bookworm minbase sudo,git,ca-certificates v1"
base="$cache/base"
if [ ! -f "$base/.gdwire-base" ] || [ "$(cat "$base/.gdwire-base")" != "$recipe" ]; then
  command -v debootstrap >/dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  }
  tmp="$cache/base.new"
  rm -rf --one-file-system "$tmp"
  echo "debootstrap bookworm into $base (once; a few minutes)" >&2
  debootstrap --variant=minbase --include=sudo,git,ca-certificates bookworm \
    "$tmp" "$mirror" >"$cache/logs/debootstrap.log" 2>&1 || {
    tail -n 20 "$cache/logs/debootstrap.log" >&2
    exit 1
  }
  cat >"$tmp/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SOURCES
  rm -f "$tmp/var/cache/apt/archives/"*.deb
  echo "$recipe" >"$tmp/.gdwire-base"
  rm -rf --one-file-system "$base"
  mv "$tmp" "$base"
fi

# ---- this run's root fs -------------------------------------------------------
stamp="$(date -u +%Y%m%dT%H%M%SZ)-$as"
R="$cache/run-$stamp"
logs="$cache/logs/$stamp"
mkdir -p "$logs"
unmount_all() {
  # Every mount under $R (also those a script made inside it), deepest first.
  local m
  for m in $(awk -v r="$R/" 'index($2, r) == 1 { print $2 }' /proc/mounts |
    sort -r); do
    umount -l "$m" 2>/dev/null || true
  done
}
# Processes left running in the root fs (the Bazel servers): ended by pid.
in_root_pids() {
  local p
  for p in /proc/[0-9]*; do
    if [ "$(readlink "$p/root" 2>/dev/null)" = "$R" ]; then
      echo "${p#/proc/}"
    fi
  done
}
stop_processes() {
  local pids
  pids="$(in_root_pids)"
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086
  kill $pids 2>/dev/null || true
  sleep 3
  pids="$(in_root_pids)"
  # shellcheck disable=SC2086
  [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
}
cleanup() {
  stop_processes
  unmount_all
  if [ "$keep" = 1 ]; then
    echo "kept: $R (unmounted)" >&2
  else
    rm -rf --one-file-system "$R"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
echo "root fs: $R (logs: $logs)" >&2
cp -a "$base" "$R"
cp /etc/resolv.conf "$R/etc/resolv.conf"
# The chroot shares the host's hostname (sudo looks it up).
host="$(hostname)"
echo "$host" >"$R/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 %s\n::1 localhost\n' "$host" \
  >"$R/etc/hosts"
mount -t proc proc "$R/proc"
mount -t sysfs sysfs "$R/sys"
mount --bind /dev "$R/dev"
mount --bind /dev/pts "$R/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$R/dev/shm"
mount --bind "$cache/debs" "$R/var/cache/apt/archives"

# The user, as a cloud image makes it: a home, bash, passwordless sudo.
in_root() { chroot "$R" "$@"; }
if [ "$as" = root ]; then
  home=/root
  runas() { in_root env -i HOME=/root USER=root LOGNAME=root TERM=dumb \
    PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    bash -lc "$1"; }
else
  home="/home/$user"
  in_root useradd --create-home --shell /bin/bash "$user"
  if [ "$as" = user ]; then
    echo "$user ALL=(ALL) NOPASSWD:ALL" >"$R/etc/sudoers.d/90-cloud-init-users"
    chmod 0440 "$R/etc/sudoers.d/90-cloud-init-users"
  fi
  runas() { in_root runuser -l "$user" -c "$1"; }
fi
git clone -q "$from" "$R$home/gdwire"
if [ -n "$rev" ]; then
  git -C "$R$home/gdwire" checkout -q "$rev"
fi
git -C "$R$home/gdwire" log -1 --format='commit %h %s' >&2
if [ "$as" != root ]; then
  in_root chown -R "$user:$user" "$home/gdwire"
fi

rc=0
# step NAME COMMAND: runs COMMAND in the clone as the user, logs and times it.
step() {
  local name="$1" cmd="$2" start t log="$logs/$1.log"
  echo "=== $name as $([ "$as" = root ] && echo root || echo "$user"): $cmd" >&2
  start=$(date +%s)
  if runas "cd ~/gdwire && $cmd" >"$log" 2>&1; then
    t=$(($(date +%s) - start))
    echo "PASS $name ($t s): $(tail -n 1 "$log")"
  else
    t=$(($(date +%s) - start))
    echo "FAIL $name ($t s), last lines of $log:"
    tail -n 30 "$log" | sed 's/^/    /'
    rc=1
  fi
}
if [ "$as" = nosudo ]; then
  # Each install script must fail, saying it needs root, and must not hang
  # on a password prompt.
  local s log
  for s in setup/install_deps.sh setup/godot/install_godot3.sh \
    setup/godot/install_godot4.sh; do
    log="$logs/$(basename "$s" .sh)_nosudo.log"
    if runas "cd ~/gdwire && timeout 60 $s" >"$log" 2>&1; then
      echo "FAIL $s without sudo succeeded"
      rc=1
    elif grep -q "needs root" "$log"; then
      echo "PASS $s without sudo: $(grep -m 1 "needs root" "$log")"
    else
      echo "FAIL $s without sudo did not say it needs root:"
      sed 's/^/    /' "$log"
      rc=1
    fi
  done
  exit "$rc"
fi
for r in $run; do
  case "$r" in
    demo) step demo "tools/demo.sh" ;;
    test)
      if [ -n "$stages" ]; then
        step test "STAGES='$stages' tools/test.sh"
      else
        step test "tools/test.sh"
      fi
      ;;
    *)
      echo "check_fresh_machine.sh: --run takes demo and test" >&2
      exit 2
      ;;
  esac
done
exit "$rc"
}
main "$@"
