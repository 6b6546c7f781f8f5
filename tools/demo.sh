#!/bin/bash
# The main job on an embedded sample: decode a real Godot 3.2.3 TCP stream
# (20 messages sent with StreamPeerTCP.put_var, captured on loopback) and
# print each message as the engine's own var2str text.
set -euo pipefail
cd "$(dirname "$0")/.."
setup/install_deps.sh
SAMPLE=tests/data/corpus/godot3/framing/stream_put_var_tcp.bin
bazel build -c opt //tools:gdwire 2>/dev/null || bazel build -c opt //tools:gdwire
exec bazel-bin/tools/gdwire decode --dialect=godot3 --framing=stream "$SAMPLE"
