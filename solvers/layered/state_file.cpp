#include "solvers/layered/state_file.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/errors.h"

namespace gs {

namespace {

void put_varint(std::string& out, uint128 v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(static_cast<unsigned>(v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(static_cast<unsigned>(v)));
}

template <class T>
T get_varint(const char*& p, const char* end) {
  T v = 0;
  for (int shift = 0;; shift += 7) {
    if (p == end || shift >= static_cast<int>(8 * sizeof(T))) throw DataError("damaged state block (bad varint)");
    const auto byte = static_cast<unsigned char>(*p++);
    v |= static_cast<T>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return v;
  }
}

// The bytes a set held in memory takes: 8 a state, and 16 a count.
std::uint64_t held_bytes(std::uint64_t states, bool with_counts) {
  return states * sizeof(std::uint64_t) + (with_counts ? states * sizeof(uint128) : 0);
}

}  // namespace

StateFileWriter::StateFileWriter(const std::string& path, const std::string& counts_path, const std::string& header,
                                 bool durable)
    : states_(std::make_unique<BlockFileWriter>(path, header, durable)) {
  if (!counts_path.empty()) counts_ = std::make_unique<BlockFileWriter>(counts_path, header, durable);
  block_.reserve(kBlockStates);
}

StateFileWriter::StateFileWriter(std::shared_ptr<MemoryStates> states, std::shared_ptr<MemoryCounts> counts)
    : memory_states_(std::move(states)), memory_counts_(std::move(counts)) {}

void StateFileWriter::encode_block(const std::uint64_t* states, const uint128* counts, std::size_t n,
                                   std::string& states_out, std::string& counts_out) {
  states_out.clear(), counts_out.clear();
  std::uint64_t last = 0;
  for (std::size_t i = 0; i < n; ++i) {
    put_varint(states_out, states[i] - last);
    last = states[i];
  }
  if (counts)
    for (std::size_t i = 0; i < n; ++i) put_varint(counts_out, counts[i]);
}

void StateFileWriter::add(std::uint64_t state, uint128 count) {
  if (size_ != 0 && state <= last_) throw std::logic_error("StateFileWriter: states out of order");
  last_ = state;
  ++size_;
  if (memory_states_) {
    memory_states_->states.push_back(state);
    if (memory_counts_) memory_counts_->counts.push_back(count);
    return;
  }
  block_.push_back(state);
  if (counts_) block_counts_.push_back(count);
  if (block_.size() == kBlockStates) flush();
}

void StateFileWriter::add_encoded(const std::string& states, const std::string& counts, std::uint64_t first,
                                  std::uint64_t last) {
  if (memory_states_ || !block_.empty() || (size_ != 0 && first <= last_))
    throw std::logic_error("StateFileWriter: encoded block out of place");
  states_->add(states, kBlockStates, first);
  if (counts_) counts_->add(counts, kBlockStates, first);
  size_ += kBlockStates;
  last_ = last;
}

void StateFileWriter::flush() {
  if (block_.empty()) return;
  std::string s, c;
  encode_block(block_.data(), counts_ ? block_counts_.data() : nullptr, block_.size(), s, c);
  states_->add(s, block_.size(), block_.front());
  if (counts_) counts_->add(c, block_.size(), block_.front());
  block_.clear(), block_counts_.clear();
}

std::uint64_t StateFileWriter::finish() {
  if (memory_states_) return held_bytes(size_, memory_counts_ != nullptr);
  flush();
  std::uint64_t bytes = states_->finish();
  if (counts_) bytes += counts_->finish();
  return bytes;
}

StateFileReader::StateFileReader(const std::string& path, const std::string& counts_path) {
  states_.emplace(path);
  if (counts_path.empty()) return;
  counts_.emplace(counts_path);
  if (counts_->blocks() != states_->blocks() || counts_->count() != states_->count())
    throw DataError(counts_path + ": its blocks do not match " + path);
}

StateFileReader::StateFileReader(std::shared_ptr<const MemoryStates> states, std::shared_ptr<const MemoryCounts> counts)
    : memory_states_(std::move(states)), memory_counts_(std::move(counts)) {
  if (memory_counts_ && memory_counts_->counts.size() != memory_states_->states.size())
    throw std::logic_error("StateFileReader: counts and states of different sizes");
}

std::uint64_t StateFileReader::bytes() const {
  if (memory_states_) return held_bytes(size(), memory_counts_ != nullptr);
  return states_->bytes() + (counts_ ? counts_->bytes() : 0);
}

void StateFileReader::read_block(std::size_t b, std::vector<std::uint64_t>& states,
                                 std::vector<uint128>* counts) const {
  if (memory_states_) {
    const std::size_t first = b * StateFileWriter::kBlockStates,
                      last = std::min<std::size_t>(first + StateFileWriter::kBlockStates, size());
    states.assign(memory_states_->states.begin() + static_cast<std::ptrdiff_t>(first),
                  memory_states_->states.begin() + static_cast<std::ptrdiff_t>(last));
    if (!counts) return;
    if (!memory_counts_) throw std::logic_error("StateFileReader: no counts");
    counts->assign(memory_counts_->counts.begin() + static_cast<std::ptrdiff_t>(first),
                   memory_counts_->counts.begin() + static_cast<std::ptrdiff_t>(last));
    return;
  }
  const std::uint64_t n = states_->info(b).count;
  const std::string_view bytes = states_->block(b);
  const char *p = bytes.data(), *end = p + bytes.size();
  states.resize(n);
  std::uint64_t last = 0;
  for (std::uint64_t i = 0; i < n; ++i) states[i] = last += get_varint<std::uint64_t>(p, end);
  if (p != end) throw DataError("damaged state block (trailing bytes)");
  states_->release(b);
  if (!counts) return;
  if (!counts_) throw std::logic_error("StateFileReader: no counts file");
  const std::string_view cbytes = counts_->block(b);
  const char *q = cbytes.data(), *cend = q + cbytes.size();
  counts->resize(n);
  for (std::uint64_t i = 0; i < n; ++i) (*counts)[i] = get_varint<uint128>(q, cend);
  if (q != cend) throw DataError("damaged count block (trailing bytes)");
  counts_->release(b);
}

StateFileReader::BlockView StateFileReader::view_block(std::size_t b, BlockBuffer& buffer, bool with_counts) const {
  if (!memory_states_) {
    read_block(b, buffer.states, with_counts ? &buffer.counts : nullptr);
    return {buffer.states, with_counts ? std::span<const uint128>(buffer.counts) : std::span<const uint128>()};
  }
  const std::size_t first = b * StateFileWriter::kBlockStates,
                    n = std::min<std::size_t>(StateFileWriter::kBlockStates, size() - first);
  if (with_counts && !memory_counts_) throw std::logic_error("StateFileReader: no counts");
  return {
      {memory_states_->states.data() + first, n},
      with_counts ? std::span<const uint128>(memory_counts_->counts.data() + first, n) : std::span<const uint128>()};
}

std::size_t StateFileReader::block_of(std::uint64_t state) const {
  std::size_t lo = 0, hi = blocks();
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    (first_state(mid) <= state ? lo : hi) = mid;
  }
  return lo;
}

bool StateFileReader::contains(std::uint64_t state) const {
  if (blocks() == 0) return false;
  std::vector<std::uint64_t> states;
  read_block(block_of(state), states);
  return std::binary_search(states.begin(), states.end(), state);
}

}  // namespace gs
