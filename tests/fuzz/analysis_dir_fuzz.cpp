// A streamed analysis directory (peg --analyze --dir) with one of its files replaced by the
// input: a layer's states or counts, or its statistics (signed or not, so the JSON reader is
// reached, not only the checksum test). Resuming must give the answer or refuse the directory
// with a reason; the file is put back after each run.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/peg/board_file.h"
#include "engine/peg/puzzle.h"
#include "solvers/layered/streamed_layers.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

using namespace gs;

struct Analysis {
  peg::Board board = peg::load_board("triangle4");
  peg::Position start = board.all_holes() & ~bit(*board.default_start());
  SymmetryGroup group = board.symmetries().stabiliser({start, board.all_holes()});
  peg::PegPuzzle puzzle{board, board.all_holes(), group};
  StreamedOptions options{.dir = fuzz::scratch_path("analysis"), .problem = "fuzz", .memory_bytes = 1 << 20};
  std::vector<std::pair<std::string, std::string>> files;  // the finished analysis's: path, bytes

  Analysis() {
    std::filesystem::remove_all(options.dir);
    StreamedLayers<peg::PegPuzzle>(puzzle, options).run(start);
    for (const auto& e : std::filesystem::directory_iterator(options.dir)) {
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      files.emplace_back(e.path().string(), bytes.str());
    }
    std::sort(files.begin(), files.end());
    // GAMESOLVER_FUZZ_SEEDS=DIR writes the seed corpus: each file as the input that puts it back
    // (its index, then for a statistics file the byte that signs it and the body).
    if (const char* seeds = std::getenv("GAMESOLVER_FUZZ_SEEDS"))
      for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& [path, bytes] = files[i];
        std::string seed(1, static_cast<char>(i));
        seed += path.ends_with(".stats") ? std::string(1, '\0') + bytes.substr(0, bytes.rfind("checksum: ")) : bytes;
        fuzz::put_file(std::string(seeds) + "/" + std::filesystem::path(path).filename().string(), seed);
      }
  }
  // The directory as the finished analysis left it.
  void restore() const {
    std::filesystem::remove_all(options.dir);
    std::filesystem::create_directories(options.dir);
    for (const auto& [path, bytes] : files) fuzz::put_file(path, bytes);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Analysis analysis;
  if (size < 2) return 0;
  const std::string& file = analysis.files[data[0] % analysis.files.size()].first;
  if (file.ends_with(".stats"))
    fuzz::put_checked_file(file, data + 1, size - 1);
  else
    fuzz::put_file(file, fuzz::text_of(data + 1, size - 1));
  fuzz::refusals_allowed(
      [&] { StreamedLayers<peg::PegPuzzle>(analysis.puzzle, analysis.options).run(analysis.start); });
  analysis.restore();  // a run that took the file may have rebuilt others from it
  return 0;
}
