// A plain peg solitaire enumerator, the yardstick for `gamesolver peg --analyze`: every
// position reachable from the centre start, layer by layer, up to the symmetries of the square
// grid, with no path counts, no dead ends and no backward pass. One file, std::thread, each
// layer a sorted vector. It shares no code with the toolkit: it reads the board's grid from the
// toolkit's board file and nothing else.
//
//   g++ -O2 -march=native -std=c++20 -pthread bench/peers/plain_enumerator.cpp -o plain_enumerator
//   ./plain_enumerator data/boards/english.txt [threads]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

using State = std::uint64_t;

struct Board {
  int holes = 0;
  std::vector<std::array<int, 3>> jumps;                             // from, over, to
  std::vector<std::vector<std::array<State, 256>>> symmetry_tables;  // [g][byte][value]
  int centre = -1;
};

Board read_board(const char* path) {
  std::ifstream in(path);
  std::vector<std::string> grid;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line.find_first_not_of("o.") == std::string::npos) grid.push_back(line);
  const int n = static_cast<int>(grid.size());
  Board b;
  std::vector<std::vector<int>> id(n, std::vector<int>(n, -1));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (c < static_cast<int>(grid[r].size()) && grid[r][c] == 'o') id[r][c] = b.holes++;
  b.centre = id[n / 2][n / 2];
  const auto at = [&](int r, int c) { return r < 0 || c < 0 || r >= n || c >= n ? -1 : id[r][c]; };
  const int dr[4] = {0, 0, 1, -1}, dc[4] = {1, -1, 0, 0};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int k = 0; k < 4; ++k) {
        const int f = at(r, c), o = at(r + dr[k], c + dc[k]), t = at(r + 2 * dr[k], c + 2 * dc[k]);
        if (f >= 0 && o >= 0 && t >= 0) b.jumps.push_back({f, o, t});
      }
  // The eight symmetries of the square, kept when they map holes to holes.
  for (int g = 0; g < 8; ++g) {
    std::vector<int> image(b.holes);
    bool ok = true;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        if (id[r][c] < 0) continue;
        int rr = (g & 1) ? c : r, cc = (g & 1) ? r : c;
        if (g & 2) rr = n - 1 - rr;
        if (g & 4) cc = n - 1 - cc;
        if (id[rr][cc] < 0)
          ok = false;
        else
          image[id[r][c]] = id[rr][cc];
      }
    if (!ok) continue;
    std::vector<std::array<State, 256>> table((b.holes + 7) / 8);
    for (std::size_t byte = 0; byte < table.size(); ++byte)
      for (int v = 0; v < 256; ++v) {
        State s = 0;
        for (int bit = 0; bit < 8; ++bit)
          if ((v >> bit & 1) && 8 * static_cast<int>(byte) + bit < b.holes) s |= State{1} << image[8 * byte + bit];
        table[byte][v] = s;
      }
    b.symmetry_tables.push_back(std::move(table));
  }
  return b;
}

State canonical(const Board& b, State s) {
  State best = ~State{0};
  for (const auto& table : b.symmetry_tables) {
    State image = 0;
    for (std::size_t byte = 0; byte < table.size(); ++byte) image |= table[byte][(s >> (8 * byte)) & 0xFF];
    best = std::min(best, image);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: plain_enumerator BOARD_FILE [threads]\n";
    return 2;
  }
  const Board b = read_board(argv[1]);
  const int threads = argc > 2 ? std::stoi(argv[2]) : static_cast<int>(std::thread::hardware_concurrency());
  const auto t0 = std::chrono::steady_clock::now();
  State all = b.holes == 64 ? ~State{0} : (State{1} << b.holes) - 1;
  std::vector<State> layer{canonical(b, all & ~(State{1} << b.centre))};
  std::uint64_t positions = 0, edges = 0;
  for (int depth = 0; !layer.empty(); ++depth) {
    positions += layer.size();
    std::printf("%2d %12zu\n", depth, layer.size());
    std::vector<std::vector<State>> parts(threads);
    std::vector<std::uint64_t> part_edges(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        const std::size_t lo = layer.size() * t / threads, hi = layer.size() * (t + 1) / threads;
        std::vector<State>& out = parts[t];
        for (std::size_t i = lo; i < hi; ++i)
          for (const auto& [f, o, to] : b.jumps) {
            const State s = layer[i];
            if ((s >> f & 1) && (s >> o & 1) && !(s >> to & 1)) {
              out.push_back(canonical(b, s ^ (State{1} << f | State{1} << o | State{1} << to)));
              ++part_edges[t];
            }
          }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
      });
    for (auto& th : pool) th.join();
    std::vector<State> next = std::move(parts[0]);
    for (int t = 1; t < threads; ++t) {
      std::vector<State> merged(next.size() + parts[t].size());
      merged.erase(std::set_union(next.begin(), next.end(), parts[t].begin(), parts[t].end(), merged.begin()),
                   merged.end());
      next = std::move(merged);
    }
    for (auto e : part_edges) edges += e;
    layer = std::move(next);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("positions %llu edges %llu seconds %.3f threads %d\n", static_cast<unsigned long long>(positions),
              static_cast<unsigned long long>(edges), seconds, threads);
}
