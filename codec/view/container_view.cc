// Copyright 2026 The gdwire Authors.
//
// The cursors: each step skips what the caller was given last (a
// structural walk with an explicit stack, core::SkipValue) and checks
// the header of the next child.

#include "codec/view/container_view.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "codec/core/fields.h"
#include "codec/core/walk.h"

namespace gdwire {
namespace view {

using core::StatusOf;

namespace {

// Sets *status from an error whose path gets `segment` in front.
bool Stop(Error e, const std::string& segment, absl::Status* status) {
  e.path = segment + e.path;
  *status = StatusOf(std::move(e));
  return false;
}

std::string Index(uint32_t i) { return absl::StrCat("[", i, "]"); }

}  // namespace

// ---- Array ----------------------------------------------------------------

ArrayCursor ArrayView::cursor() const { return base_; }

bool ArrayCursor::Next(ValueView* out) {
  if (c_ == nullptr || !status_.ok()) return false;
  if (pending_) {
    size_t end;
    if (Error e = core::SkipValue(*c_, pos_, depth_, &end); !e.ok()) {
      return Stop(std::move(e), Index(index_ - 1), &status_);
    }
    pos_ = end;
    pending_ = false;
  }
  if (index_ == count_) return false;
  size_t p = pos_;
  uint32_t header;
  Type type;
  if (Error e = core::ReadHeader(*c_, &p, depth_, &header, &type); !e.ok()) {
    return Stop(std::move(e), Index(index_), &status_);
  }
  *out = ValueView(c_, pos_, header, type, depth_);
  pending_ = true;
  ++index_;
  return true;
}

// ---- Dictionary -----------------------------------------------------------

DictionaryCursor DictionaryView::cursor() const {
  DictionaryCursor c;
  c.c_ = c_;
  c.pos_ = first_;
  c.depth_ = depth_;
  c.count_ = count_;
  return c;
}

bool DictionaryCursor::Next(DictionaryView::Entry* out) {
  if (c_ == nullptr || !status_.ok()) return false;
  if (pending_) {
    size_t end;
    if (Error e = core::SkipValue(*c_, pos_, depth_, &end); !e.ok()) {
      return Stop(std::move(e), core::KeySegment(*c_, key_pos_, index_ - 1),
                  &status_);
    }
    pos_ = end;
    pending_ = false;
  }
  if (index_ == count_) return false;
  const size_t key_pos = pos_;
  size_t p = key_pos;
  uint32_t kh, vh;
  Type kt, vt;
  if (Error e = core::ReadHeader(*c_, &p, depth_, &kh, &kt); !e.ok()) {
    return Stop(std::move(e), absl::StrCat("{key #", index_, "}"), &status_);
  }
  size_t value_pos;
  if (Error e = core::SkipValue(*c_, key_pos, depth_, &value_pos); !e.ok()) {
    return Stop(std::move(e), absl::StrCat("{key #", index_, "}"), &status_);
  }
  p = value_pos;
  if (Error e = core::ReadHeader(*c_, &p, depth_, &vh, &vt); !e.ok()) {
    return Stop(std::move(e), core::KeySegment(*c_, key_pos, index_), &status_);
  }
  out->key = ValueView(c_, key_pos, kh, kt, depth_);
  out->value = ValueView(c_, value_pos, vh, vt, depth_);
  pos_ = value_pos;
  key_pos_ = key_pos;
  pending_ = true;
  ++index_;
  return true;
}

// ---- Object ---------------------------------------------------------------

PropertyCursor ObjectView::properties() const {
  PropertyCursor c;
  if (kind_ != Object::Kind::kFull) return c;  // nothing to yield
  c.c_ = c_;
  c.pos_ = first_;
  c.depth_ = depth_;
  c.count_ = count_;
  return c;
}

bool PropertyCursor::Next(Property* out) {
  if (c_ == nullptr || !status_.ok()) return false;
  if (pending_) {
    size_t end;
    if (Error e = core::SkipValue(*c_, pos_, depth_, &end); !e.ok()) {
      return Stop(std::move(e), core::PropertySegment(*c_, name_pos_),
                  &status_);
    }
    pos_ = end;
    pending_ = false;
  }
  if (index_ == count_) return false;
  const size_t name_pos = pos_;
  size_t p = pos_;
  core::WireText name;
  if (Error e = core::ReadWireString(*c_, &p, true, &name); !e.ok()) {
    return Stop(std::move(e), absl::StrCat(".<property #", index_, ">"),
                &status_);
  }
  const size_t value_pos = p;
  uint32_t header;
  Type type;
  if (Error e = core::ReadHeader(*c_, &p, depth_, &header, &type); !e.ok()) {
    return Stop(std::move(e), core::PropertySegment(*c_, name_pos), &status_);
  }
  out->name = TextView(c_, name);
  out->value = ValueView(c_, value_pos, header, type, depth_);
  pos_ = value_pos;
  name_pos_ = name_pos;
  pending_ = true;
  ++index_;
  return true;
}

// ---- NodePath -------------------------------------------------------------

uint32_t NodePathView::name_count() const { return std::min(names_, total_); }

NodePathCursor NodePathView::components() const {
  NodePathCursor c;
  c.c_ = c_;
  c.pos_ = first_;
  c.names_ = names_;
  c.total_ = total_;
  return c;
}

bool NodePathCursor::Next(Component* out) {
  if (c_ == nullptr || !status_.ok() || index_ == total_) return false;
  core::WireText t;
  if (Error e = core::ReadWireString(*c_, &pos_, true, &t); !e.ok()) {
    return Stop(std::move(e), "", &status_);
  }
  out->text = TextView(c_, t);
  out->subname = index_ >= names_;
  ++index_;
  return true;
}

absl::StatusOr<NodePath> NodePathView::ToNodePath() const {
  NodePath np;
  NodePathCursor cur = components();
  NodePathCursor::Component comp;
  while (cur.Next(&comp)) {
    (comp.subname ? np.subnames : np.names).push_back(comp.text.ToString());
  }
  if (!cur.status().ok()) return cur.status();
  np.absolute = absolute();
  return np;
}

}  // namespace view
}  // namespace gdwire
