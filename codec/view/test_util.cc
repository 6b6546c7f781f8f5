// Copyright 2026 The gdwire Authors.

#include "codec/view/test_util.h"

#include <pthread.h>

#include <utility>

namespace gdwire {
namespace view {
namespace testing {
namespace {

#define GDWIRE_ASSIGN_OR_RETURN(lhs, expr)      \
  auto lhs##_or = (expr);                       \
  if (!lhs##_or.ok()) return lhs##_or.status(); \
  auto lhs = std::move(*lhs##_or)

absl::StatusOr<Variant> Packed(const ValueView& v, bool real_is_double) {
  GDWIRE_ASSIGN_OR_RETURN(p, v.packed_array());
  const size_t n = p.size() * p.components();
  absl::Status st;
  switch (v.type()) {
    case Type::kPackedByteArray: {
      std::vector<uint8_t> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      return Variant::PackedBytes(std::move(out));
    }
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray: {
      std::vector<int32_t> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      return v.type() == Type::kPackedInt32Array
                 ? Variant::PackedInt32(std::move(out))
                 : Variant::PackedIntVectors(v.type(), std::move(out));
    }
    case Type::kPackedInt64Array: {
      std::vector<int64_t> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      return Variant::PackedInt64(std::move(out));
    }
    case Type::kPackedFloat32Array:
    case Type::kPackedColorArray: {
      std::vector<float> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      return v.type() == Type::kPackedColorArray
                 ? Variant::PackedColors(std::move(out))
                 : Variant::PackedFloat32(std::move(out));
    }
    case Type::kPackedFloat64Array: {
      std::vector<double> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      return Variant::PackedFloat64(std::move(out));
    }
    default: {
      std::vector<double> out(n);
      st = p.CopyTo(absl::MakeSpan(out));
      if (!st.ok()) return st;
      if (p.component_width() == 8 && !real_is_double) {
        for (double& d : out) d = WidenF32Exact(NarrowF64ToF32(d));
      }
      return Variant::PackedRealVectors(v.type(), std::move(out));
    }
  }
}

}  // namespace

// Deep values are rebuilt on a thread with a large stack (the helper
// recurses; the library does not). Shallow ones need no thread.
thread_local int t_depth = 0;
thread_local bool t_big_stack = false;
constexpr int kShallow = 64;
constexpr char kTooDeepHere[] = "too deep for this stack";

struct DepthGuard {
  DepthGuard() { ++t_depth; }
  ~DepthGuard() { --t_depth; }
};

absl::StatusOr<Variant> LazyBuildOnThisStack(const ValueView& v,
                                             bool real_is_double) {
  DepthGuard guard;
  if (t_depth > kShallow && !t_big_stack) {
    return absl::AbortedError(kTooDeepHere);
  }
  const Type t = v.type();
  if (const int n = RealComponents(t)) {
    double c[16];
    if (absl::Status st = v.reals(absl::MakeSpan(c, n)); !st.ok()) {
      return st;
    }
    return Variant::Math(t, absl::MakeConstSpan(c, n));
  }
  if (const int n = IntComponents(t)) {
    int32_t c[4];
    if (absl::Status st = v.ints(absl::MakeSpan(c, n)); !st.ok()) return st;
    return Variant::IntMath(t, absl::MakeConstSpan(c, n));
  }
  switch (t) {
    case Type::kNil:
      return Variant();
    case Type::kCallable:
      return Variant::Callable();
    case Type::kBool: {
      GDWIRE_ASSIGN_OR_RETURN(b, v.as_bool());
      return Variant::Bool(b);
    }
    case Type::kInt: {
      GDWIRE_ASSIGN_OR_RETURN(i, v.as_int());
      return Variant::Int(i);
    }
    case Type::kFloat: {
      GDWIRE_ASSIGN_OR_RETURN(d, v.as_float());
      return Variant::Float(d);
    }
    case Type::kString:
    case Type::kStringName: {
      GDWIRE_ASSIGN_OR_RETURN(text, v.text());
      GDWIRE_ASSIGN_OR_RETURN(s, v.as_string());
      if (text.canonical() && text.view() != s) {
        return absl::InternalError("canonical view differs from the text");
      }
      return t == Type::kString ? Variant::String(s) : Variant::StringName(s);
    }
    case Type::kRID: {
      GDWIRE_ASSIGN_OR_RETURN(id, v.rid());
      return Variant::Rid(id);
    }
    case Type::kSignal: {
      GDWIRE_ASSIGN_OR_RETURN(s, v.signal());
      Signal sig;
      sig.name = s.name.ToString();
      sig.object_id = s.object_id;
      return Variant::MakeSignal(std::move(sig));
    }
    case Type::kNodePath: {
      GDWIRE_ASSIGN_OR_RETURN(np, v.node_path());
      GDWIRE_ASSIGN_OR_RETURN(path, np.ToNodePath());
      return Variant::MakeNodePath(std::move(path));
    }
    case Type::kObject: {
      GDWIRE_ASSIGN_OR_RETURN(ov, v.object());
      Object o;
      o.kind = ov.kind();
      o.id = ov.id();
      if (ov.kind() == Object::Kind::kFull) {
        o.class_name = ov.class_name().ToString();
        PropertyCursor cur = ov.properties();
        PropertyCursor::Property prop;
        while (cur.Next(&prop)) {
          GDWIRE_ASSIGN_OR_RETURN(
              value, LazyBuildOnThisStack(prop.value, real_is_double));
          o.properties.emplace_back(prop.name.ToString(), std::move(value));
        }
        if (!cur.status().ok()) return cur.status();
      }
      return Variant::MakeObject(std::move(o));
    }
    case Type::kArray:
    case Type::kTypedArray:
    case Type::kPackedTypedArray: {
      GDWIRE_ASSIGN_OR_RETURN(av, v.array());
      Array a;
      a.element_type = av.element_type().ToContainerType();
      for (const absl::StatusOr<ValueView>& e : av.elements()) {
        if (!e.ok()) return e.status();
        GDWIRE_ASSIGN_OR_RETURN(item, LazyBuildOnThisStack(*e, real_is_double));
        a.items.push_back(std::move(item));
      }
      if (v.type() == Type::kTypedArray) {
        return Variant::MakeTypedArray(std::move(a));
      }
      if (v.type() == Type::kPackedTypedArray) {
        return Variant::MakePackedTypedArray(std::move(a));
      }
      return Variant::MakeArray(std::move(a));
    }
    case Type::kDictionary: {
      GDWIRE_ASSIGN_OR_RETURN(dv, v.dictionary());
      Dictionary d;
      d.key_type = dv.key_type().ToContainerType();
      d.value_type = dv.value_type().ToContainerType();
      for (const auto& e : dv.entries()) {
        if (!e.ok()) return e.status();
        GDWIRE_ASSIGN_OR_RETURN(key,
                                LazyBuildOnThisStack(e->key, real_is_double));
        GDWIRE_ASSIGN_OR_RETURN(value,
                                LazyBuildOnThisStack(e->value, real_is_double));
        d.Set(std::move(key), std::move(value));
      }
      return Variant::MakeDictionary(std::move(d));
    }
    case Type::kPackedStringArray: {
      GDWIRE_ASSIGN_OR_RETURN(sv, v.packed_string_array());
      std::vector<std::string> out;
      for (const absl::StatusOr<TextView>& s : sv.elements()) {
        if (!s.ok()) return s.status();
        out.push_back(s->ToString());
      }
      return Variant::PackedStrings(std::move(out));
    }
    default:
      return Packed(v, real_is_double);
  }
}

namespace {

struct Job {
  const ValueView* v;
  bool real_is_double;
  absl::StatusOr<Variant> result;
};

void* RunJob(void* arg) {
  t_big_stack = true;
  Job* job = static_cast<Job*>(arg);
  job->result = LazyBuildOnThisStack(*job->v, job->real_is_double);
  return nullptr;
}

}  // namespace

absl::StatusOr<Variant> LazyBuild(const ValueView& v, bool real_is_double) {
  // The helper recurses (the library does not): give 1025 levels room
  // even in sanitizer builds.
  absl::StatusOr<Variant> direct = LazyBuildOnThisStack(v, real_is_double);
  if (direct.ok() || direct.status().message() != kTooDeepHere) {
    return direct;
  }
  Job job{&v, real_is_double, absl::UnknownError("not run")};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t{512} << 20);
  pthread_t thread;
  if (pthread_create(&thread, &attr, RunJob, &job) != 0) {
    pthread_attr_destroy(&attr);
    return absl::ResourceExhaustedError("no thread for a deep value");
  }
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return std::move(job.result);
}

}  // namespace testing
}  // namespace view
}  // namespace gdwire
