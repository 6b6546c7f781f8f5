// Copyright 2026 The gdwire Authors.
//
// codec/text/internal/godot_sort.h: the sort the engines use for Dictionary
// keys in var_to_str / var2str. Internal to codec/text.
//
//   std::vector<const Variant*> keys = ...;
//   internal::GodotSort(keys.data(), keys.size(), less);
//
// The engines' key order is not a pure function of the keys: the comparison
// they use is not a strict weak order (in Godot 4 a String sorts before a
// Vector2 by type, the Vector2 before a StringName, the StringName before
// the String by text; many types never compare less; NaN never does), so the
// result depends on the algorithm and on the input (insertion) order. This is
// the algorithm of Godot's SortArray (core/templates/sort_array.h in 4.x,
// core/sort_array.h in 3.x, identical): SGI-style introsort (median of three,
// unguarded partition, depth limit 2*floor(log2 n), heap sort fallback) that
// leaves runs of up to 16 elements to a final insertion sort, with the
// debug-build "bad comparison" guards (the Debian engines are debug builds):
// a scan that would run off the range stops where it is.

#ifndef GDWIRE_CODEC_TEXT_INTERNAL_GODOT_SORT_H_
#define GDWIRE_CODEC_TEXT_INTERNAL_GODOT_SORT_H_

#include <utility>

namespace gdwire {
namespace text {
namespace internal {

template <typename T, typename Less>
class GodotSorter {
 public:
  GodotSorter(T* a, Less less) : a_(a), less_(less) {}

  void Sort(int n) {
    if (n == 0) return;
    Introsort(0, n, 2 * FloorLog2(n));
    FinalInsertionSort(0, n);
  }

 private:
  static constexpr int kThreshold = 16;

  static int FloorLog2(int n) {
    int k = 0;
    while (n != 1) {
      n >>= 1;
      ++k;
    }
    return k;
  }

  const T& MedianOf3(const T& x, const T& y, const T& z) const {
    if (less_(x, y)) {
      if (less_(y, z)) return y;
      if (less_(x, z)) return z;
      return x;
    }
    if (less_(x, z)) return x;
    if (less_(y, z)) return z;
    return y;
  }

  // Heap operations on a_[first, first + len), as a max-heap.
  void PushHeap(int first, int hole, int top, T value) {
    int parent = (hole - 1) / 2;
    while (hole > top && less_(a_[first + parent], value)) {
      a_[first + hole] = a_[first + parent];
      hole = parent;
      parent = (hole - 1) / 2;
    }
    a_[first + hole] = value;
  }

  void AdjustHeap(int first, int hole, int len, T value) {
    const int top = hole;
    int child = 2 * hole + 2;
    while (child < len) {
      if (less_(a_[first + child], a_[first + child - 1])) --child;
      a_[first + hole] = a_[first + child];
      hole = child;
      child = 2 * (child + 1);
    }
    if (child == len) {
      a_[first + hole] = a_[first + child - 1];
      hole = child - 1;
    }
    PushHeap(first, hole, top, value);
  }

  // Moves the heap top to `result` and re-heaps a_[first, last) with value.
  void PopHeapTo(int first, int last, int result, T value) {
    a_[result] = a_[first];
    AdjustHeap(first, 0, last - first, value);
  }

  void MakeHeap(int first, int last) {
    const int len = last - first;
    if (len < 2) return;
    for (int parent = (len - 2) / 2;; --parent) {
      AdjustHeap(first, parent, len, a_[first + parent]);
      if (parent == 0) return;
    }
  }

  void HeapSort(int first, int last) {
    MakeHeap(first, last);
    while (last - first > 1) {
      --last;
      PopHeapTo(first, last, last, a_[last]);
    }
  }

  int Partition(int first, int last, T pivot) {
    const int begin = first;
    const int end = last;
    for (;;) {
      while (less_(a_[first], pivot)) {
        if (first == end - 1) break;  // bad comparison
        ++first;
      }
      --last;
      while (less_(pivot, a_[last])) {
        if (last == begin) break;  // bad comparison
        --last;
      }
      if (!(first < last)) return first;
      std::swap(a_[first], a_[last]);
      ++first;
    }
  }

  void Introsort(int first, int last, int depth) {
    while (last - first > kThreshold) {
      if (depth == 0) {
        HeapSort(first, last);
        return;
      }
      --depth;
      const T pivot =
          MedianOf3(a_[first], a_[first + (last - first) / 2], a_[last - 1]);
      const int cut = Partition(first, last, pivot);
      Introsort(cut, last, depth);
      last = cut;
    }
  }

  void UnguardedLinearInsert(int last, T value) {
    int next = last - 1;
    while (less_(value, a_[next])) {
      if (next == 0) break;  // bad comparison
      a_[last] = a_[next];
      last = next;
      --next;
    }
    a_[last] = value;
  }

  void LinearInsert(int first, int last) {
    T value = a_[last];
    if (less_(value, a_[first])) {
      for (int i = last; i > first; --i) a_[i] = a_[i - 1];
      a_[first] = value;
    } else {
      UnguardedLinearInsert(last, value);
    }
  }

  void InsertionSort(int first, int last) {
    if (first == last) return;
    for (int i = first + 1; i != last; ++i) LinearInsert(first, i);
  }

  void FinalInsertionSort(int first, int last) {
    if (last - first > kThreshold) {
      InsertionSort(first, first + kThreshold);
      for (int i = first + kThreshold; i != last; ++i) {
        UnguardedLinearInsert(i, a_[i]);
      }
    } else {
      InsertionSort(first, last);
    }
  }

  T* a_;
  Less less_;
};

// Sorts a[0, n) exactly as Godot's SortArray<T, Less>::sort does.
template <typename T, typename Less>
void GodotSort(T* a, int n, Less less) {
  GodotSorter<T, Less>(a, less).Sort(n);
}

}  // namespace internal
}  // namespace text
}  // namespace gdwire

#endif  // GDWIRE_CODEC_TEXT_INTERNAL_GODOT_SORT_H_
