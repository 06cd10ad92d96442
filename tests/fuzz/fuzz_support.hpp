#pragma once
// What every harness shares: Kokkos started once per fuzzing process, the input bytes written to
// a scratch file the public readers can open, and the rule that decides what is a finding.
//
// A reader that refuses its input with tessera::UserError (ParseError included) behaves as
// designed. Any other exception escaping it (InternalError, std::bad_alloc, yaml-cpp's or the
// standard library's) is a finding: the harness prints it and aborts, so libFuzzer saves the
// input. Crashes, sanitizer reports, hangs (-timeout) and memory beyond -rss_limit_mb are
// findings by libFuzzer itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <typeinfo>

#include "core/error.hpp"
#include "io/graph_io.hpp"

namespace tessera::fuzz {

// What the readers' memory budget reports in a fuzzing process. Far below the 2 GB RSS limit:
// the budget counts a lower bound (the arrays of the result), AddressSanitizer holds freed
// memory in quarantine, and a graph of a million vertices from one large id already takes
// seconds to build under the sanitizers (the harness's timeout is 10 s).
inline constexpr int k_memory_budget_mb = 16;

// Starts Kokkos (one host thread) and caps the memory budget, the first time it is called.
void ensure_kokkos();

// The input bytes as a file "<tmp>/tessera-fuzz-<pid>-input<suffix>" (the suffix picks the format
// where readers look at the extension), removed when the object dies.
class ScratchFile {
 public:
  ScratchFile(const std::uint8_t* data, std::size_t size, const std::string& suffix);
  explicit ScratchFile(const std::string& text, const std::string& suffix)
      : ScratchFile(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), suffix) {}
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The bytes as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Load options for a graph reader, varied by the input's length so that every combination of
// symmetrize / compact_ids / one_based is fuzzed and an input always replays the same way.
io::GraphLoadOptions graph_options(io::FileFormat format, std::size_t size);

// Aborts (a finding) unless `g` is what build_graph promises: offsets from 0 to the entry count,
// ids in range, rows strictly ascending, no self-loops when they are removed, an undirected
// graph symmetric, labels and weights absent or one per vertex / entry.
void check_graph(const HostGraph& g, const BuildOptions& build);
// Aborts unless net offsets, pins, source counts and the node -> net transpose agree.
void check_hypergraph(const HostHypergraph& h);

// The harness of a hypergraph format: the bytes as a file of that format's extension, through
// load_hypergraph (parse, checks and build); what it returns must pass check_hypergraph.
void fuzz_hypergraph_reader(const std::uint8_t* data, std::size_t size, io::FileFormat format,
                            bool first_pin_is_source);

// Aborts with `what`: a property of a reader that should hold did not.
[[noreturn]] void finding(const std::string& what);

// Runs `read`; returns normally when it succeeds or throws UserError, aborts on anything else.
template <class Read>
void expect_clean_or_user_error(Read&& read);

namespace detail {
[[noreturn]] void unexpected_exception(const char* type, const char* what);
}

template <class Read>
void expect_clean_or_user_error(Read&& read) {
  ensure_kokkos();
  try {
    read();
  } catch (const UserError&) {
    // The reader refused the input with a clear error: the expected outcome for bad input.
  } catch (const std::exception& e) {
    detail::unexpected_exception(typeid(e).name(), e.what());
  } catch (...) {
    detail::unexpected_exception("a non-std exception", "");
  }
}

}  // namespace tessera::fuzz
