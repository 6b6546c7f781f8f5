// Copyright 2026 The gdwire Authors.

#include "codec/multiplayer/manifest.h"

#include <algorithm>

namespace gdwire {
namespace multiplayer {

void StaticManifest::AddRpcMethods(std::string node_path,
                                   std::vector<std::string> names) {
  // Godot sorts the names as Strings (code point order), which is the byte
  // order of their UTF-8.
  std::sort(names.begin(), names.end());
  for (size_t i = 0; i < names.size() && i < 0x8000; ++i) {
    methods_[{node_path, static_cast<uint16_t>(i)}] = std::move(names[i]);
  }
}

void StaticManifest::AddRpcMethod(std::string node_path, uint16_t id,
                                  std::string name) {
  methods_[{std::move(node_path), id}] = std::move(name);
}

void StaticManifest::AddSyncProperties(std::string sync,
                                       std::vector<std::string> always,
                                       std::vector<std::string> on_change) {
  always_[sync] = std::move(always);
  on_change_[std::move(sync)] = std::move(on_change);
}

std::optional<std::string> StaticManifest::MethodName(
    absl::string_view node_path, uint16_t method_id) const {
  auto it = methods_.find(std::make_pair(std::string(node_path), method_id));
  if (it == methods_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> StaticManifest::PropertyName(absl::string_view sync,
                                                        bool delta,
                                                        size_t index) const {
  const auto& table = delta ? on_change_ : always_;
  auto it = table.find(sync);
  if (it == table.end() || index >= it->second.size()) {
    return std::nullopt;
  }
  return it->second[index];
}

}  // namespace multiplayer
}  // namespace gdwire
