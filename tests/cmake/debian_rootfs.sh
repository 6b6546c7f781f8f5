#!/bin/bash
# A fresh Debian 12 (bookworm) root file system for the package test, made
# once with debootstrap and cached outside the repository (reused by every
# later run): minbase plus the tools a consumer builds with (cmake, g++,
# make, pkg-config). gdwire's own dependencies (Abseil, Highway) are NOT in
# it: installing the .deb must pull them in through its Depends. Their .debs
# are only pre-fetched into apt's cache so a run does not download them
# again.
#
#   tests/cmake/debian_rootfs.sh          # prints the root fs path
#   GDWIRE_ROOTFS_CACHE=/var/tmp/gdwire-rootfs   (default cache folder)
#   DEBIAN_MIRROR=http://deb.debian.org/debian   (default mirror)
#
# Needs root (debootstrap, chroot) and the network the first time.
set -euo pipefail
cache="${GDWIRE_ROOTFS_CACHE:-/var/tmp/gdwire-rootfs}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
tools="cmake,g++,make,pkg-config,ca-certificates"
prefetch="libabsl-dev libhwy-dev libpcap-dev libenet-dev zlib1g-dev libzstd-dev"
# The recipe: a change makes a new root fs.
recipe="bookworm minbase ${tools} prefetch:${prefetch} v2"
rootfs="$cache/bookworm"
if [ -f "$rootfs/.gdwire-rootfs" ] && [ "$(cat "$rootfs/.gdwire-rootfs")" = "$recipe" ]; then
  echo "$rootfs"
  exit 0
fi
if ! command -v debootstrap >/dev/null; then
  echo "installing debootstrap" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi
mkdir -p "$cache"
tmp="$(mktemp -d "$cache/bookworm.new.XXXXXX")"
chmod 755 "$tmp"  # apt's _apt user reads its lists and archives there
trap 'rm -rf "$tmp"' EXIT
echo "debootstrap bookworm into $tmp (once; cached in $rootfs)" >&2
debootstrap --variant=minbase --include="$tools" bookworm "$tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 || {
  tail -n 30 "$cache/debootstrap.log" >&2
  exit 1
}
cat >"$tmp/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SOURCES
cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
in_root() {
  chroot "$tmp" env DEBIAN_FRONTEND=noninteractive "$@" >>"$cache/debootstrap.log" 2>&1 || {
    tail -n 30 "$cache/debootstrap.log" >&2
    echo "FAIL: $* in the new root fs" >&2
    exit 1
  }
}
in_root apt-get update -qq
in_root apt-get upgrade -y -qq
# Keep only the prefetched .debs (Debian's docker images may clean them).
rm -f "$tmp/etc/apt/apt.conf.d/docker-clean"
in_root apt-get clean
in_root apt-get install -y -qq --download-only $prefetch
echo "$recipe" >"$tmp/.gdwire-rootfs"
rm -rf "$rootfs"
mv "$tmp" "$rootfs"
trap - EXIT
echo "$rootfs"
