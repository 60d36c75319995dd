// The meeting's filter: never "no" for a key it holds, from many threads at once; few false
// "maybe"s at the bits a key it is given; one block at the least, which says "maybe" to all;
// keys served in batches, region by region, answered as one at a time.
#include <gtest/gtest.h>

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <vector>

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

// 4 M keys at 24 bits: 12 MiB, six regions of 2 MiB. Batches added from two threads hold every
// key, and a batch of queries answers "maybe" for exactly the keys that may_contain does.
TEST(BloomFilter, BatchesRegionByRegionAnswerAsSingleKeys) {
  constexpr std::uint64_t kKeys = 1 << 22;
  BloomFilter filter(kKeys, std::size_t{1} << 30);
  ASSERT_GT(filter.bytes(), std::size_t{4} << 20);
  tbb::parallel_for(std::uint64_t{0}, std::uint64_t{4}, [&](std::uint64_t part) {
    std::vector<std::uint64_t> keys, scratch;
    for (std::uint64_t i = part; i < kKeys; i += 4) keys.push_back(mix64(i));
    filter.add_all(keys, scratch);
    EXPECT_TRUE(keys.empty());
  });
  std::vector<std::uint64_t> queries, scratch, maybe, expected;
  for (std::uint64_t i = 0; i < 2 * kKeys; i += 3) queries.push_back(mix64(i));
  for (const std::uint64_t q : queries)
    if (filter.may_contain(q)) expected.push_back(q);
  filter.query_all(queries, scratch, [&](std::uint64_t k) { maybe.push_back(k); });
  std::sort(maybe.begin(), maybe.end()), std::sort(expected.begin(), expected.end());
  EXPECT_EQ(maybe, expected);
  std::uint64_t held = 0;
  for (std::uint64_t i = 0; i < kKeys; ++i) held += filter.may_contain(mix64(i));
  EXPECT_EQ(held, kKeys);
  EXPECT_GT(expected.size(), 2 * kKeys / 3 / 2);  // the held half of the queries, and few others
  EXPECT_LT(expected.size(), 2 * kKeys / 3 / 2 + 2 * kKeys / 3 / 1000);
}

}  // namespace
}  // namespace gs
