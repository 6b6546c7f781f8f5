#!/bin/bash
# Installs Godot 4.6.x headless from Debian sid into a minimal debootstrap
# root (bookworm's glibc is too old for it; the binary runs on the host
# through sid's own loader, see setup/godot/godot4). Idempotent: when the
# root already holds a working engine a second run returns at once.
#
#   setup/godot/install_godot4.sh [ROOT]     # default $GODOT4_ROOT or /opt/godot4-sid
#
# Needs root for debootstrap, chroot and mount: run it as root or as a
# user with passwordless sudo (setup/as_root.sh), and Debian's registry.
# proc and dev are always unmounted again (trap), also on failure. The
# engine then runs as any user.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../as_root.sh"
R="${1:-${GODOT4_ROOT:-/opt/godot4-sid}}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
export GODOT4_ROOT="$R"
case "$R" in
  /* ) ;;
  *) echo "install_godot4.sh: ROOT must be an absolute path" >&2; exit 2 ;;
esac
case "${R%/}" in
  "" | /usr | /opt | /tmp | /var | /home | /root | /etc)
    echo "install_godot4.sh: refusing ROOT=$R (give a folder of its own)" >&2
    exit 2
    ;;
esac

if [ -x "$R/usr/bin/godot" ] && "$here/godot4" --version >/dev/null 2>&1; then
  echo "godot4: $("$here/godot4" --version 2>/dev/null | tail -n 1) ($R)"
  exit 0
fi
need_root "installing Godot 4 into $R (debootstrap, chroot, mount)"
# debootstrap lives in /usr/sbin, which a user's PATH may lack.
if ! PATH="$PATH:/usr/sbin:/sbin" command -v debootstrap >/dev/null; then
  as_root_apt update -qq
  as_root_apt install -y -qq debootstrap >/dev/null
fi

cleanup() {
  # Always unmount, innermost first; never leave the host's /dev bound.
  mountpoint -q "$R/dev" && as_root umount "$R/dev" || true
  mountpoint -q "$R/proc" && as_root umount "$R/proc" || true
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

if [ ! -x "$R/usr/bin/apt-get" ]; then
  echo "debootstrap sid into $R (a few minutes)" >&2
  # A half-made root from an interrupted run: start it again (unmounted).
  if [ -e "$R" ]; then
    cleanup
    as_root rm -rf --one-file-system "$R"
  fi
  as_root mkdir -p "$R"
  # The log is written by this shell (any user), next to a root-owned $R.
  log="$(mktemp "${TMPDIR:-/tmp}/install_godot4.debootstrap.XXXXXX")"
  as_root env PATH="/usr/sbin:/usr/bin:/sbin:/bin" \
    debootstrap --variant=minbase sid "$R" "$MIRROR" >"$log" 2>&1 || {
    tail -n 20 "$log" >&2
    echo "install_godot4.sh: debootstrap failed (log: $log)" >&2
    exit 1
  }
  rm -f "$log"
fi
mountpoint -q "$R/proc" || as_root mount -t proc proc "$R/proc"
mountpoint -q "$R/dev" || as_root mount --bind /dev "$R/dev"
as_root cp /etc/resolv.conf "$R/etc/resolv.conf"
echo "apt-get install godot in $R" >&2
# Valid-Until is not checked: the mirror's sid Release can be older than
# this machine's clock (seen here: "Release file ... is expired").
as_root chroot "$R" sh -c 'apt-get -o Acquire::Check-Valid-Until=false update -qq &&
  DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false \
    install -y -qq --no-install-recommends godot >/dev/null'
cleanup
trap - EXIT INT TERM
echo "godot4: $("$here/godot4" --version 2>/dev/null | tail -n 1) ($R)"
