// A sorted set of states on disk, optionally with a 128-bit count per state, compressed: states
// in blocks of up to 4,096, each the first state then the gaps between successive states as
// LEB128 varints (a layer of a 41-hole board has gaps of a few thousand: about 2 bytes a state
// instead of 8); counts as LEB128 varints in a second file with the same blocks, so a job that
// no longer needs a layer's counts deletes that file and keeps the states.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/uint128.h"
#include "solvers/io/block_file.h"

namespace gs {

class StateFileWriter {
 public:
  static constexpr std::size_t kBlockStates = 4096;
  // `counts_path` empty: states only. `durable` as for BlockFileWriter.
  StateFileWriter(const std::string& path, const std::string& counts_path, const std::string& header,
                  bool durable = true);
  // States must come in increasing order.
  void add(std::uint64_t state, uint128 count = 0);
  // A whole block (kBlockStates states) already encoded by encode_block, for writers that encode
  // in parallel; only when pending() is 0, so that blocks fall where add() would put them.
  void add_encoded(const std::string& states, const std::string& counts, std::uint64_t first, std::uint64_t last);
  std::size_t pending() const { return block_.size(); }  // states added but not yet in a block
  std::uint64_t finish();                                // bytes written (both files)

  // Encodes n states (increasing) and, when `counts` is not null, their counts.
  static void encode_block(const std::uint64_t* states, const uint128* counts, std::size_t n, std::string& states_out,
                           std::string& counts_out);

 private:
  void flush();
  std::unique_ptr<BlockFileWriter> states_, counts_;
  std::vector<std::uint64_t> block_;
  std::vector<uint128> block_counts_;
  std::uint64_t size_ = 0, last_ = 0;
};

class StateFileReader {
 public:
  explicit StateFileReader(const std::string& path, const std::string& counts_path = "");
  const std::string& header() const { return states_.header(); }
  std::uint64_t size() const { return states_.count(); }
  std::size_t blocks() const { return states_.blocks(); }
  std::uint64_t bytes() const { return states_.bytes() + (counts_ ? counts_->bytes() : 0); }
  std::uint64_t first_state(std::size_t b) const { return states_.info(b).first_key; }
  // The block that holds `state` if any block does: the last one starting at or below it (0 when
  // every block starts above it). The file must have a block.
  std::size_t block_of(std::uint64_t state) const;

  // Unpacks block b (counts left empty without a counts file).
  void read_block(std::size_t b, std::vector<std::uint64_t>& states, std::vector<uint128>* counts = nullptr) const;
  bool contains(std::uint64_t state) const;

 private:
  BlockFileReader states_;
  std::optional<BlockFileReader> counts_;
};

}  // namespace gs
