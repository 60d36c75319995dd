// The meeting's filter: never "no" for a key it holds, from many threads at once; few false
// "maybe"s at the bits a key it is given; one block at the least, which says "maybe" to all.
#include <gtest/gtest.h>

#include <tbb/parallel_for.h>

#include <cstdint>

#include "solvers/common/bloom_filter.h"
#include "solvers/common/hash.h"

namespace gs {
namespace {

TEST(BloomFilter, HoldsEveryKeyAndAnswersFewFalseMaybes) {
  constexpr std::uint64_t kKeys = 1 << 20;
  BloomFilter filter(kKeys, std::size_t{1} << 30);
  EXPECT_EQ(filter.bytes(), kKeys * 24 / 8);
  // Keys that crowd together, as a layer's states do.
  const auto key = [](std::uint64_t i) { return (i << 3) | 5; };
  tbb::parallel_for(std::uint64_t{0}, kKeys, [&](std::uint64_t i) { filter.add(key(i)); });
  std::uint64_t held = 0, false_maybes = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i) held += filter.may_contain(key(i));
  for (std::uint64_t i = 0; i < 8 * kKeys; ++i) false_maybes += filter.may_contain(key(kKeys + i));
  EXPECT_EQ(held, kKeys);
  // About 1 in 10,000 at 24 bits a key (bloom_filter.h); at most 5 here.
  EXPECT_LT(false_maybes, 8 * kKeys / 2000) << false_maybes;
}

TEST(BloomFilter, OneBlockAtTheLeastThatSaysMaybeToAll) {
  BloomFilter filter(1000, 1);
  EXPECT_EQ(filter.bytes(), 64U);
  for (std::uint64_t i = 0; i < 1000; ++i) filter.add(mix64(i));
  int maybes = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) maybes += filter.may_contain(mix64(i + 1000));
  EXPECT_EQ(maybes, 1000);
}

}  // namespace
}  // namespace gs
