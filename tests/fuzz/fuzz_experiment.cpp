// libFuzzer harness: YAML experiment files through load_experiment (full or --quick by the
// input length). Loading only validates: nothing is run and no folder is created. An accepted
// configuration must survive its own resolved YAML: to_yaml, loaded again, gives the same text.
#include "apps/runner/experiment_config.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".yaml");
  const std::string& path = input.path();
  const bool quick = (size & 1) != 0;
  fuzz::expect_clean_or_user_error([&] {
    const auto resolved = io::to_yaml(io::load_experiment(path, quick));
    const fuzz::ScratchFile again(resolved, ".resolved.yaml");
    try {
      if (io::to_yaml(io::load_experiment(again.path())) != resolved)
        fuzz::finding("the resolved YAML loads as a different configuration:\n" + resolved);
    } catch (const UserError& e) {
      fuzz::finding(std::string("the resolved YAML of an accepted file is refused: ") + e.what() + "\n" + resolved);
    }
  });
  return 0;
}
