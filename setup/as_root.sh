# shellcheck shell=bash
# Sourced by the install scripts (bash): runs the commands that need root
# directly when we are root, and through non-interactive sudo (`sudo -n`,
# as a cloud image's user with passwordless sudo has it) otherwise. When
# neither works it says what is needed and exits 1; it never asks for a
# password (a script run by CI or tools/test.sh must not hang on a prompt).
#
#   . "$(dirname "${BASH_SOURCE[0]}")/as_root.sh"    # from setup/
#   need_root "installing cmake"   # once, before the first as_root: exits 1
#                                  # with a clear message when it cannot
#   as_root apt-get update -qq     # the command, as root
#   as_root_apt install -y -qq foo # apt-get, non-interactive, as root
#
# Set GDWIRE_SUDO to replace "sudo -n" (e.g. GDWIRE_SUDO="sudo" to let sudo
# ask for a password on a terminal).

# need_root WHAT: makes sure as_root will work; WHAT says what for.
need_root() {
  local what="$1" me
  me="$(basename "${0:-gdwire}")"
  if [ "$(id -u)" -eq 0 ]; then
    return 0
  fi
  if [ -n "${GDWIRE_SUDO:-}" ]; then
    return 0
  fi
  if ! command -v sudo >/dev/null 2>&1; then
    cat >&2 <<EOF
$me: $what needs root, and sudo is not installed.
  Run it as root (e.g. 'su -c $0'), or install sudo and give $(id -un)
  passwordless sudo, then run it again.
EOF
    exit 1
  fi
  local why
  if ! why="$(sudo -n true 2>&1)"; then
    cat >&2 <<EOF
$me: $what needs root: run it as root, or as a user with passwordless
  sudo ('sudo -n true' failed for $(id -un): ${why:-no reason given}).
  To type a password instead: sudo $0, or GDWIRE_SUDO=sudo $0.
EOF
    exit 1
  fi
}

# as_root CMD...: CMD as root (after need_root).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    # shellcheck disable=SC2086  # GDWIRE_SUDO may hold options
    ${GDWIRE_SUDO:-sudo -n} "$@"
  fi
}

# as_root_apt ARGS...: apt-get ARGS as root, never asking questions (sudo
# drops the environment, so DEBIAN_FRONTEND goes through env).
as_root_apt() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}
