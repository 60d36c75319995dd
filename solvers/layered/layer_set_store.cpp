#include "solvers/layered/layer_set_store.h"

#include <filesystem>

#include "engine/core/errors.h"
#include "solvers/io/block_file.h"
#include "solvers/io/checked_text_file.h"

namespace gs {

bool LayerSetStore::exists(const std::string& path) const {
  if (memory_) return states_.contains(path) || counts_.contains(path) || texts_.contains(path);
  return std::filesystem::exists(path);
}

bool LayerSetStore::whole(const std::string& path) const {
  if (memory_) return states_.contains(path) || counts_.contains(path);
  return block_file_ok(path);
}

void LayerSetStore::remove(const std::string& path) {
  if (memory_) {
    const auto c = counts_.find(path);
    if (c != counts_.end() && c->second.use_count() == 1) {
      spare_counts_.push_back(std::move(c->second->counts));
      spare_counts_.back().clear();
    }
    states_.erase(path), counts_.erase(path), texts_.erase(path);
  } else
    std::filesystem::remove(path);
}

StateFileReader LayerSetStore::reader(const std::string& states, const std::string& counts) const {
  if (!memory_) return StateFileReader(states, counts);
  const auto s = states_.find(states);
  if (s == states_.end()) throw DataError(states + ": no such layer");
  std::shared_ptr<const MemoryCounts> c;
  if (!counts.empty()) {
    const auto found = counts_.find(counts);
    if (found == counts_.end()) throw DataError(counts + ": no such layer");
    c = found->second;
  }
  return StateFileReader(s->second, c);
}

StateFileWriter LayerSetStore::writer(const std::string& states, const std::string& counts, const std::string& header) {
  if (!memory_) return StateFileWriter(states, counts, header, durable_);
  auto s = std::make_shared<MemoryStates>(MemoryStates{.header = header, .states = {}});
  states_[states] = s;
  std::shared_ptr<MemoryCounts> c;
  if (!counts.empty()) {
    c = std::make_shared<MemoryCounts>(MemoryCounts{.header = header, .counts = {}});
    if (!spare_counts_.empty()) c->counts = std::move(spare_counts_.back()), spare_counts_.pop_back();
    counts_[counts] = c;
    counts_of_[states] = counts;
  }
  return StateFileWriter(std::move(s), std::move(c));
}

void LayerSetStore::write_text(const std::string& path, const std::string& text) {
  if (memory_)
    texts_[path] = text;
  else
    write_checked_text(path, text);
}

std::string LayerSetStore::read_text(const std::string& path) const {
  if (!memory_) return read_checked_text(path, kSmallFileLimit);
  const auto t = texts_.find(path);
  if (t == texts_.end()) throw DataError(path + ": no such file");
  return t->second;
}

std::uint64_t LayerSetStore::memory_bytes() const {
  std::uint64_t bytes = 0;
  for (const auto& [path, s] : states_) bytes += s->states.capacity() * sizeof(std::uint64_t);
  for (const auto& [path, c] : counts_) bytes += c->counts.capacity() * sizeof(uint128);
  return bytes;
}

bool LayerSetStore::spill_if_over(std::size_t limit) {
  if (!memory_ || memory_bytes() <= limit) return false;
  for (const auto& [path, s] : states_) {
    const auto pair = counts_of_.find(path);
    const bool with_counts = pair != counts_of_.end() && counts_.contains(pair->second);
    StateFileWriter out(path, with_counts ? pair->second : "", s->header, durable_);
    const HugePageVector<uint128>* counts = with_counts ? &counts_.at(pair->second)->counts : nullptr;
    for (std::size_t i = 0; i < s->states.size(); ++i) out.add(s->states[i], counts ? (*counts)[i] : 0);
    out.finish();
  }
  for (const auto& [path, text] : texts_) write_checked_text(path, text);
  states_.clear(), counts_.clear(), counts_of_.clear(), texts_.clear(), spare_counts_.clear();
  memory_ = false;
  return true;
}

}  // namespace gs
