// engine/peg: boards, jump tables, symmetries, position classes, notation, board files.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/position_class.h"

namespace gs::peg {
namespace {

struct BoardFacts {
  const char* name;
  int holes, jumps, symmetries;
  const char* centre;  // "" = none
};

class PegBuiltinBoard : public ::testing::TestWithParam<BoardFacts> {};

TEST_P(PegBuiltinBoard, HolesJumpsSymmetriesAndCentre) {
  const auto& f = GetParam();
  const Board board = load_board(f.name);
  EXPECT_EQ(board.holes(), f.holes);
  EXPECT_EQ(static_cast<int>(board.jumps().size()), f.jumps);
  EXPECT_EQ(board.symmetries().order(), f.symmetries);
  EXPECT_EQ(board.centre() ? hole_name(board, *board.centre()) : "", f.centre);
}

// Jump counts: every line of three holes, in both directions. Triangle of side n: 3 directions
// x sum over lines of (length - 2) x 2.
INSTANTIATE_TEST_SUITE_P(
    Peg, PegBuiltinBoard,
    ::testing::Values(BoardFacts{"english", 33, 76, 8, "d4"}, BoardFacts{"french", 37, 92, 8, "d4"},
                      BoardFacts{"diamond", 41, 100, 8, "e5"}, BoardFacts{"wiegleb", 45, 108, 8, "e5"},
                      BoardFacts{"triangle4", 10, 18, 6, "b2"}, BoardFacts{"triangle5", 15, 36, 6, ""},
                      BoardFacts{"triangle6", 21, 60, 6, ""}, BoardFacts{"triangle7", 28, 90, 6, "c3"},
                      BoardFacts{"triangle8", 36, 126, 6, ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(PegBoard, JumpsAreLinesOfThreeAndUnjumpsUndoThem) {
  const Board board = load_board("english");
  std::mt19937_64 rng(3);
  for (int t = 0; t < 200; ++t) {
    const Position pos = rng() & board.all_holes();
    board.for_each_jump(pos, [&](const Jump& j) {
      const Position after = pos ^ j.all;
      EXPECT_EQ(popcount(after), popcount(pos) - 1);
      bool found = false;
      board.for_each_unjump(after, [&](const Jump& u) { found = found || (&u == &j); });
      EXPECT_TRUE(found);
    });
  }
}

TEST(PegBoard, GroupedJumpGenerationMatchesTestingEveryJump) {
  std::vector<Board> boards;
  for (const auto& name : builtin_board_names()) boards.push_back(load_board(name));
  boards.emplace_back(parse_board_spec("jumps: diagonal\n.ooooo.\nooooooo\nooooooo\nooo.ooo\n", "test"));
  std::mt19937_64 rng(11);
  for (const Board& board : boards) {
    for (int t = 0; t < 300; ++t) {
      const Position pos = (t % 2 ? rng() : rng() | rng()) & board.all_holes();
      std::vector<const Jump*> expected_jumps, expected_unjumps, jumps, unjumps;
      for (const Jump& j : board.jumps()) {
        if ((pos & j.from_over) == j.from_over && !(pos & j.to_mask)) expected_jumps.push_back(&j);
        if (!(pos & j.from_over) && (pos & j.to_mask)) expected_unjumps.push_back(&j);
      }
      board.for_each_jump(pos, [&](const Jump& j) { jumps.push_back(&j); });
      board.for_each_unjump(pos, [&](const Jump& j) { unjumps.push_back(&j); });
      std::sort(jumps.begin(), jumps.end());
      std::sort(unjumps.begin(), unjumps.end());
      EXPECT_EQ(jumps, expected_jumps) << board.name();
      EXPECT_EQ(unjumps, expected_unjumps) << board.name();
      // A peg's next jump in a run: the jumps from one hole, and the unjumps onto one, in order.
      for (int h = 0; h < board.holes(); ++h) {
        std::vector<const Jump*> from, expected_from, onto, expected_onto;
        for (const Jump* j : expected_jumps)
          if (j->from == h) expected_from.push_back(j);
        for (const Jump* j : expected_unjumps)
          if (j->to == h) expected_onto.push_back(j);
        board.for_each_jump_from(pos, h, [&](const Jump& j) { from.push_back(&j); });
        board.for_each_unjump_onto(pos, h, [&](const Jump& j) { onto.push_back(&j); });
        EXPECT_EQ(from, expected_from) << board.name() << " hole " << h;
        EXPECT_EQ(onto, expected_onto) << board.name() << " hole " << h;
      }
    }
  }
}

TEST(PegBoard, SymmetriesMapJumpsToJumps) {
  for (const auto& name : builtin_board_names()) {
    const Board board = load_board(name);
    for (int g = 0; g < board.symmetries().order(); ++g)
      for (const Jump& j : board.jumps()) {
        const Bitboard image = board.symmetries()[g].apply(j.all);
        bool is_jump = false;
        for (const Jump& k : board.jumps()) is_jump = is_jump || k.all == image;
        EXPECT_TRUE(is_jump) << name;
      }
  }
}

TEST(PegBoard, DiagonalOptionAddsDiagonalJumps) {
  const auto spec = parse_board_spec("jumps: diagonal\nooo\nooo\nooo\n", "test");
  const Board board(spec);
  EXPECT_EQ(board.jumps().size(), 16U);  // 3 rows + 3 columns + 2 diagonals, both ways
  EXPECT_EQ(board.symmetries().order(), 8);
  EXPECT_EQ(hole_name(board, *board.centre()), "b2");
}

TEST(PegPositionClass, EnglishHasSixteenClassesAndTheCentreFinishesOnFiveHoles) {
  const Board board = load_board("english");
  const PositionClasses classes(board);
  EXPECT_EQ(classes.count(), 16);
  const Position start = board.all_holes() & ~bit(parse_hole(board, "d4"));
  EXPECT_EQ(hole_names(board, classes.feasible_finishes(start)),
            (std::vector<std::string>{"d7", "a4", "d4", "g4", "d1"}));
  // Invariance: a jump never changes the class.
  std::mt19937_64 rng(5);
  for (int t = 0; t < 200; ++t) {
    const Position pos = rng() & board.all_holes();
    board.for_each_jump(pos, [&](const Jump& j) { EXPECT_EQ(classes.of(pos ^ j.all), classes.of(pos)); });
  }
}

TEST(PegPositionClass, FrenchCentreStartCannotFinishWithOnePeg) {
  const Board board = load_board("french");
  const Position start = board.all_holes() & ~bit(*board.centre());
  EXPECT_EQ(PositionClasses(board).feasible_finishes(start), Bitboard{0});
}

TEST(PegNotation, HoleNamesRoundTripOnEveryBuiltinBoard) {
  for (const auto& name : builtin_board_names()) {
    const Board board = load_board(name);
    for (int h = 0; h < board.holes(); ++h) EXPECT_EQ(parse_hole(board, hole_name(board, h)), h);
  }
  const Board english = load_board("english");
  EXPECT_EQ(hole_name(english, english.hole_at(0, 2)), "c7");  // top-left hole of the top arm
  EXPECT_EQ(hole_name(english, english.hole_at(6, 4)), "e1");
}

TEST(PegNotation, PositionsRoundTripAsGridAndAsHoleList) {
  const Board board = load_board("english");
  std::mt19937_64 rng(9);
  for (int t = 0; t < 100; ++t) {
    const Position pos = (rng() & board.all_holes()) | 1;
    EXPECT_EQ(parse_position(board, position_grid(board, pos)), pos);
    std::string list;
    for (const auto& n : hole_names(board, pos)) list += n + ",";
    EXPECT_EQ(parse_position(board, list), pos);
  }
  EXPECT_EQ(parse_position(board, "d4 d5"), bit(parse_hole(board, "d4")) | bit(parse_hole(board, "d5")));
}

TEST(PegNotation, JumpsAndMoves) {
  const Board board = load_board("english");
  const Position start = board.all_holes() & ~bit(parse_hole(board, "d4"));
  const Jump& j = parse_jump(board, start, "d2-d4");
  EXPECT_EQ(jump_name(board, j), "d2-d4");
  EXPECT_THROW(parse_jump(board, start, "d3-d5"), DataError);   // d5 holds a peg
  EXPECT_THROW(parse_jump(board, start, "d1-d4"), InputError);  // not a jump
  EXPECT_THROW(parse_jump(board, start, "d1d3"), InputError);
  // b4-d4 then the same peg d4-f4 is one move; another peg starts a new move.
  const Position chain = parse_position(board, "b4,c4,e4,d6,d5");
  const Jump& a = parse_jump(board, chain, "b4-d4");
  const Jump& b = parse_jump(board, chain ^ a.all, "d4-f4");
  const Jump& c = parse_jump(board, chain ^ a.all ^ b.all, "d6-d4");
  EXPECT_EQ(count_moves({a, b}), 1);
  EXPECT_EQ(count_moves({a, b, c}), 2);
  EXPECT_EQ(count_moves({}), 0);
}

TEST(PegNotation, BadInputIsRefusedWithAReason) {
  const Board board = load_board("english");
  for (const char* hole : {"a1", "z9", "d", "4d", "D4", "d0", "d44444"})
    EXPECT_THROW(parse_hole(board, hole), InputError) << hole;
  EXPECT_THROW(parse_position(board, "xxx/xxx"), InputError);  // wrong row count
  EXPECT_THROW(parse_position(board, "..xxx../..xxx../xxxxxxx/xxxoxxx/xxxxxxx/..xxx../..xxq.."), InputError);
  EXPECT_THROW(parse_position(board, "x.xxx../..xxx../xxxxxxx/xxxoxxx/xxxxxxx/..xxx../..xxx.."),
               InputError);  // off-board peg
  EXPECT_THROW(parse_position(board, "d4,d4"), InputError);
  EXPECT_THROW(parse_position(board, ""), InputError);
  EXPECT_THROW(load_board("no-such-board"), InputError);
}

TEST(PegBoardFile, ParsesOptionsAndRefusesMalformedFiles) {
  const auto spec =
      parse_board_spec("# a plus\nname: plus\njumps: orthogonal\nstart: b2\nfinish: any\n.o.\nooo\n.o.\n", "t");
  const Board board(spec);
  EXPECT_EQ(board.name(), "plus");
  EXPECT_EQ(board.holes(), 5);
  EXPECT_EQ(hole_name(board, *board.default_start()), "b2");
  EXPECT_FALSE(board.default_finish().has_value());
  EXPECT_EQ(parse_board_spec(format_board_spec(spec), "t").grid, spec.grid);

  EXPECT_THROW(parse_board_spec("colour: red\nooo\n", "t"), InputError);       // unknown option
  EXPECT_THROW(parse_board_spec("jumps: hexagonal\nooo\n", "t"), InputError);  // unknown geometry
  EXPECT_THROW(parse_board_spec("ooo\nxox\n", "t"), InputError);               // bad character
  EXPECT_THROW(parse_board_spec("# nothing\n", "t"), InputError);              // no grid
  EXPECT_THROW(parse_board_spec("ooo\nname: late\n", "t"), InputError);        // option after grid
  EXPECT_THROW(Board(parse_board_spec("...\n...\n", "t")), InputError);        // no holes
  std::string big;
  for (int r = 0; r < 9; ++r) big += "oooooooo\n";
  EXPECT_THROW(Board(parse_board_spec(big, "t")), InputError);                 // 72 holes > 64
  EXPECT_THROW(Board(parse_board_spec("start: z9\nooo\n", "t")), InputError);  // start off the board
}

}  // namespace
}  // namespace gs::peg
