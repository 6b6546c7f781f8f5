#!/bin/bash
# The package test: installs the .debs made by `cpack -G DEB` on a fresh
# Debian 12 root file system (tests/cmake/debian_rootfs.sh, cached), where
# apt must find gdwire's dependencies through the packages' Depends, then
# builds and runs the consumers there against /usr
# (tests/cmake/consumer_test.sh). Each run works on a throw-away overlay
# (or copy) of the cached root fs, which stays clean.
#
#   deb_test.sh DEB_DIR CASES_DIR
#
# Needs root (chroot, mount). Without it the test says SKIP and exits 0;
# GDWIRE_SKIP_DEB_TEST=1 skips it too.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
debs="$(cd "$1" && pwd)"
cases="$(cd "$2" && pwd)"
if [ "${GDWIRE_SKIP_DEB_TEST:-0}" = 1 ]; then
  echo "SKIP: package test (GDWIRE_SKIP_DEB_TEST=1)"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: package test (needs root for debootstrap and chroot)"
  exit 0
fi
rootfs="$("$here/debian_rootfs.sh")"
cache="$(dirname "$rootfs")"
run="$(mktemp -d "$cache/run.XXXXXX")"
root="$run/root"
mounted=""
cleanup() {
  if [ -n "$mounted" ]; then
    umount "$root/proc" 2>/dev/null || true
    umount "$root" 2>/dev/null || true
  fi
  rm -rf "$run"
}
trap cleanup EXIT
mkdir -p "$run/upper" "$run/work" "$root"
if mount -t overlay overlay \
     -o "lowerdir=$rootfs,upperdir=$run/upper,workdir=$run/work" "$root" 2>/dev/null; then
  mounted=1
  echo "-- root fs: overlay on $rootfs"
else
  echo "-- root fs: copy of $rootfs (no overlayfs here)"
  cp -a "$rootfs/." "$root/"
fi
mount -t proc proc "$root/proc" 2>/dev/null && mounted=1 || true
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

t="$root/root/gdwire-test"
mkdir -p "$t/debs"
cp "$debs"/*.deb "$t/debs/"
cp -r "$here/consumer" "$here/consumer_test.sh" "$t/"
cp -r "$cases" "$t/cases"

for p in libabsl-dev libhwy-dev; do
  if chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    echo "   note: $p is already in the root fs"
  else
    echo "   before: $p not installed (the packages' Depends must bring it)"
  fi
done
in_root=()
for f in "$t"/debs/*.deb; do in_root+=("/root/gdwire-test/debs/$(basename "$f")"); done
echo "-- apt-get install ${in_root[*]}"
chroot "$root" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${in_root[@]}" \
  >"$run/apt.log" 2>&1 || {
  tail -n 30 "$run/apt.log" >&2
  echo "FAIL: installing the packages" >&2
  exit 1
}
grep -E "^(Setting up|Unpacking) " "$run/apt.log" | sed 's/^/   /' | grep -E "gdwire|absl|hwy|simdjson" | grep "Setting up" || true
for p in $(cd "$t/debs" && for f in *.deb; do dpkg-deb -f "$f" Package; done); do
  echo "   $p $(chroot "$root" dpkg-query -W -f='${Version} Depends: ${Depends}' "$p")"
done
chroot "$root" env JOBS="${JOBS:-2}" bash /root/gdwire-test/consumer_test.sh \
  /usr /root/gdwire-test/cases/cases.txt /root/gdwire-test/work
# gdwire-wireshark: the plugin in Wireshark's own plugin folder, loaded by
# Debian's tshark, decodes a real capture as the installed CLI does.
if ls "$t"/debs/gdwire-wireshark_*.deb > /dev/null 2>&1; then
  chroot "$root" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends tshark >"$run/apt2.log" 2>&1 || {
    tail -n 30 "$run/apt2.log" >&2
    echo "FAIL: installing tshark beside gdwire-wireshark" >&2
    exit 1
  }
  cp "$here/../data/captures/godot4.pcap" "$t/"
  loaded=$(chroot "$root" tshark -G plugins 2>/dev/null | awk '$1 == "gdwire.so" {print $4}')
  want=$(chroot "$root" gdwire capture --format=json /root/gdwire-test/godot4.pcap | wc -l)
  got=$(chroot "$root" tshark -r /root/gdwire-test/godot4.pcap -T fields \
    -e godot.transport -E aggregator=, -Y godot 2>/dev/null | tr , '\n' | grep -c .)
  echo "   gdwire-wireshark: tshark loads ${loaded:-nothing}; godot4.pcap: $got values (gdwire capture: $want)"
  if [ -z "$loaded" ] || [ "$got" != "$want" ] || [ "$want" -lt 300 ]; then
    echo "FAIL: the installed Wireshark plugin" >&2
    exit 1
  fi
fi
# python3-gdwire: the module imports with Debian's python3 and decodes a
# real capture as the installed CLI does.
if ls "$t"/debs/python3-gdwire_*.deb > /dev/null 2>&1; then
  cp "$here/../data/captures/godot4.pcap" "$t/"
  want=$(chroot "$root" gdwire capture --format=json /root/gdwire-test/godot4.pcap | wc -l)
  got=$(chroot "$root" python3 -c '
import gdwire, sys
n = sum(1 for r in gdwire.read_capture("/root/gdwire-test/godot4.pcap"))
v = {"pos": gdwire.Vector3(1, 2, 3), "hp": 42}
assert gdwire.loads(gdwire.dumps(v)) == v and repr(v["pos"]) == "Vector3(1, 2, 3)"
print(n)') || got="import failed"
  echo "   python3-gdwire: import gdwire; godot4.pcap: $got messages (gdwire capture: $want)"
  if [ "$got" != "$want" ] || [ "$want" -lt 300 ]; then
    echo "FAIL: the installed Python module" >&2
    exit 1
  fi
fi
echo "PASS: the .debs on a fresh Debian 12 root fs"
