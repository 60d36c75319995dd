// A sorted set of states on disk, optionally with a 128-bit count per state, compressed: states
// in blocks of up to 4,096, each the first state then the gaps between successive states as
// LEB128 varints (a layer of a 41-hole board has gaps of a few thousand: about 2 bytes a state
// instead of 8); counts as LEB128 varints in a second file with the same blocks, so a job that
// no longer needs a layer's counts deletes that file and keeps the states.
//
// The same sets can be held in memory instead (MemoryStates, MemoryCounts: plain arrays, nothing
// encoded or checked), for layers small enough to keep: readers and writers then work on those
// arrays with the same interface, blocks of kBlockStates included.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/uint128.h"
#include "solvers/common/huge_page_allocator.h"
#include "solvers/io/block_file.h"

namespace gs {

struct MemoryStates {
  std::string header;
  HugePageVector<std::uint64_t> states;
};
struct MemoryCounts {
  std::string header;
  HugePageVector<uint128> counts;
};

class StateFileWriter {
 public:
  static constexpr std::size_t kBlockStates = 4096;
  // `counts_path` empty: states only. `durable` as for BlockFileWriter.
  StateFileWriter(const std::string& path, const std::string& counts_path, const std::string& header,
                  bool durable = true);
  // Into memory; `counts` null: states only.
  StateFileWriter(std::shared_ptr<MemoryStates> states, std::shared_ptr<MemoryCounts> counts);
  bool in_memory() const { return memory_states_ != nullptr; }
  // In memory, n more states and their counts (zero without counts) at once, written by
  // fill(states, counts) (counts null without them), for writers that copy in parallel.
  template <class Fill>
  void append(std::size_t n, Fill&& fill) {
    auto& st = memory_states_->states;
    const std::size_t at = st.size();
    st.resize(at + n);
    if (memory_counts_) memory_counts_->counts.resize(at + n);
    fill(st.data() + at, memory_counts_ ? memory_counts_->counts.data() + at : nullptr);
    size_ += n;
    if (n) last_ = st.back();
  }
  // States must come in increasing order.
  void add(std::uint64_t state, uint128 count = 0);
  // A whole block (kBlockStates states) already encoded by encode_block, for writers that encode
  // in parallel; only when pending() is 0, so that blocks fall where add() would put them.
  void add_encoded(const std::string& states, const std::string& counts, std::uint64_t first, std::uint64_t last);
  std::size_t pending() const { return block_.size(); }  // states added but not yet in a block
  std::uint64_t finish();                                // bytes written (both files; in memory, held)

  // Encodes n states (increasing) and, when `counts` is not null, their counts.
  static void encode_block(const std::uint64_t* states, const uint128* counts, std::size_t n, std::string& states_out,
                           std::string& counts_out);

 private:
  void flush();
  std::unique_ptr<BlockFileWriter> states_, counts_;
  std::shared_ptr<MemoryStates> memory_states_;
  std::shared_ptr<MemoryCounts> memory_counts_;
  std::vector<std::uint64_t> block_;
  std::vector<uint128> block_counts_;
  std::uint64_t size_ = 0, last_ = 0;
};

class StateFileReader {
 public:
  explicit StateFileReader(const std::string& path, const std::string& counts_path = "");
  // From memory; `counts` may be null.
  StateFileReader(std::shared_ptr<const MemoryStates> states, std::shared_ptr<const MemoryCounts> counts);
  const std::string& header() const { return memory_states_ ? memory_states_->header : states_->header(); }
  std::uint64_t size() const { return memory_states_ ? memory_states_->states.size() : states_->count(); }
  std::size_t blocks() const {
    return memory_states_ ? (size() + StateFileWriter::kBlockStates - 1) / StateFileWriter::kBlockStates
                          : states_->blocks();
  }
  // On disk, or in memory.
  std::uint64_t bytes() const;
  std::uint64_t first_state(std::size_t b) const {
    return memory_states_ ? memory_states_->states[b * StateFileWriter::kBlockStates] : states_->info(b).first_key;
  }
  // The block that holds `state` if any block does: the last one starting at or below it (0 when
  // every block starts above it). The file must have a block.
  std::size_t block_of(std::uint64_t state) const;

  // Unpacks block b (counts left empty without a counts file).
  void read_block(std::size_t b, std::vector<std::uint64_t>& states, std::vector<uint128>* counts = nullptr) const;
  // Block b without a copy where the set is held in memory; from disk it is unpacked into
  // `buffer`, which a thread keeps from block to block (a buffer allocated per block costs a
  // page fault per page: the heap gives freed blocks back to the system).
  struct BlockBuffer {
    std::vector<std::uint64_t> states;
    std::vector<uint128> counts;
  };
  struct BlockView {
    std::span<const std::uint64_t> states;
    std::span<const uint128> counts;  // empty unless asked for
  };
  BlockView view_block(std::size_t b, BlockBuffer& buffer, bool with_counts = false) const;
  bool contains(std::uint64_t state) const;

 private:
  std::optional<BlockFileReader> states_, counts_;
  std::shared_ptr<const MemoryStates> memory_states_;
  std::shared_ptr<const MemoryCounts> memory_counts_;
};

// The blocks of `layer` that may hold one of n keys in increasing order (key(i) the i-th), each
// with the index of the first key it may hold: block blocks[j].first may hold the keys from
// blocks[j].second up to the next entry's (the last: up to n). A key at or past the start of the
// block after the last one found falls in a new block: one search a block, not one a key.
template <class Key>
std::vector<std::pair<std::size_t, std::size_t>> blocks_for_keys(const StateFileReader& layer, std::size_t n,
                                                                 Key&& key) {
  std::vector<std::pair<std::size_t, std::size_t>> blocks;
  if (layer.size() == 0) return blocks;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t last = blocks.empty() ? 0 : blocks.back().first;
    if (blocks.empty() || (last + 1 < layer.blocks() && key(i) >= layer.first_state(last + 1)))
      blocks.emplace_back(layer.block_of(key(i)), i);
  }
  return blocks;
}

}  // namespace gs
