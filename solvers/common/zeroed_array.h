// A fixed-size array whose memory comes zeroed from calloc: the kernel hands out fresh zero
// pages lazily, so a large table costs nothing until a search touches it. For element types
// whose all-zero bytes are a valid value (integers, atomics of them, plain structs of those).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace gs {

template <class T>
class ZeroedArray {
 public:
  explicit ZeroedArray(std::size_t size) : size_(size), data_(static_cast<T*>(std::calloc(size, sizeof(T)))) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (!data_) throw std::bad_alloc();
  }

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::size_t size_;
  std::unique_ptr<T, Free> data_;
};

}  // namespace gs
