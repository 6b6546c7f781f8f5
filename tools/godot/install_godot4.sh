#!/bin/bash
# Installs Godot 4.6.x headless from Debian sid into a minimal debootstrap
# root (bookworm's glibc is too old for it; the binary runs on the host
# through sid's own loader, see tools/godot/godot4). Idempotent: when the
# root already holds a working engine a second run returns at once.
#
#   tools/godot/install_godot4.sh [ROOT]     # default $GODOT4_ROOT or /opt/godot4-sid
#
# Needs root (debootstrap, chroot, mount) and Debian's registry. proc and
# dev are always unmounted again (trap), also on failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
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
if [ "$(id -u)" -ne 0 ]; then
  echo "install_godot4.sh: needs root (debootstrap/chroot/mount)" >&2
  exit 1
fi
if ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

cleanup() {
  # Always unmount, innermost first; never leave the host's /dev bound.
  mountpoint -q "$R/dev" && umount "$R/dev" || true
  mountpoint -q "$R/proc" && umount "$R/proc" || true
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

if [ ! -x "$R/usr/bin/apt-get" ]; then
  echo "debootstrap sid into $R (a few minutes)" >&2
  # A half-made root from an interrupted run: start it again (unmounted).
  if [ -e "$R" ]; then
    cleanup
    rm -rf --one-file-system "$R"
  fi
  mkdir -p "$R"
  debootstrap --variant=minbase sid "$R" "$MIRROR" >"$R.debootstrap.log" 2>&1 || {
    tail -n 20 "$R.debootstrap.log" >&2
    exit 1
  }
fi
mountpoint -q "$R/proc" || mount -t proc proc "$R/proc"
mountpoint -q "$R/dev" || mount --bind /dev "$R/dev"
cp /etc/resolv.conf "$R/etc/resolv.conf"
echo "apt-get install godot in $R" >&2
# Valid-Until is not checked: the mirror's sid Release can be older than
# this machine's clock (seen here: "Release file ... is expired").
chroot "$R" sh -c 'apt-get -o Acquire::Check-Valid-Until=false update -qq &&
  DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false \
    install -y -qq --no-install-recommends godot >/dev/null'
cleanup
trap - EXIT INT TERM
echo "godot4: $("$here/godot4" --version 2>/dev/null | tail -n 1) ($R)"
