// Whether the tests run under a sanitizer (scripts/sanitize.sh), which slows the solvers three
// to ten times. There the heaviest tests run a smaller sample of the same code paths; the Release
// suite runs each of them whole, so every assertion is still made at full breadth.
#pragma once

namespace gs::testing {

inline constexpr bool kSanitized = GAMESOLVER_SANITIZED;

// `whole` in the Release suite, `sample` under a sanitizer.
template <class T>
constexpr T whole_or_sanitized(T whole, T sample) {
  return kSanitized ? sample : whole;
}

}  // namespace gs::testing
