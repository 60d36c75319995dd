// A fixed-size array whose memory comes zeroed from the kernel lazily, so a large table costs
// nothing until a search touches it. For element types whose all-zero bytes are a valid value
// (integers, atomics of them, plain structs of those).
//
// Pages::huge asks for transparent huge pages: a table touched at random costs a page fault per
// page, and with 4 KiB pages that is a fault per insertion (a French board search ran 1.4 times
// slower for them). Only for tables a job will fill: a small search touching a few slots of a
// big table would pay for zeroing 2 MiB a slot (the English centre game: 0.04 s -> 0.5 s).
//
// Small arrays come from the heap, zeroed there (aligned as their type asks): a mapping of their
// own would cost a fault a page and, when freed, an unmapping that interrupts every core the
// process runs on (a solve of the English centre game spent half its time in that).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace gs {

enum class Pages { normal, huge };

template <class T>
class ZeroedArray {
 public:
  explicit ZeroedArray(std::size_t size, Pages pages = Pages::normal)
      : size_(size), bytes_(std::max<std::size_t>(size * sizeof(T), 1)), mapped_(bytes_ > kHeapBytes) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (!mapped_) {
      // Aligned as T asks (a filter's blocks are whole cache lines), whole multiples of it.
      constexpr std::size_t align = std::max(alignof(T), alignof(std::max_align_t));
      const std::size_t rounded = (bytes_ + align - 1) / align * align;
      data_ = static_cast<T*>(std::aligned_alloc(align, rounded));
      if (!data_) throw std::bad_alloc();
      std::memset(static_cast<void*>(data_), 0, rounded);
      return;
    }
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    if (pages == Pages::huge) madvise(p, bytes_, MADV_HUGEPAGE);  // a hint: ignored where unsupported
    data_ = static_cast<T*>(p);
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() {
    if (mapped_)
      munmap(data_, bytes_);
    else
      std::free(data_);
  }

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  static constexpr std::size_t kHeapBytes = std::size_t{256} << 10;
  std::size_t size_;
  std::size_t bytes_;
  bool mapped_;
  T* data_ = nullptr;
};

}  // namespace gs
