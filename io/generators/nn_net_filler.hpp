#pragma once
// Building blocks of the synthetic SNN families whose net sizes are known before any pin is drawn
// (nn_model.cpp, nn_allen.cpp): nets are filled in parallel on the host, each a pure function of
// its neuron (counter-based hashing), so the result is the same for every thread count and
// backend; and a small set of distinct ids for rejecting repeated destinations.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::gen::detail {

// Open-addressing set of node ids, sized for at most `capacity` inserts; reused net after net.
class DistinctIds {
 public:
  void reset(std::size_t capacity) {
    std::size_t size = 16;
    while (size < 2 * capacity) size *= 2;
    slots_.assign(size, k_empty);
    mask_ = size - 1;
  }
  // False when `id` is already in the set.
  bool insert(vid_t id) {
    std::size_t i = (static_cast<std::uint64_t>(id) * 0x9e3779b97f4a7c15ULL >> 17) & mask_;
    while (slots_[i] != k_empty) {
      if (slots_[i] == id) return false;
      i = (i + 1) & mask_;
    }
    slots_[i] = id;
    return true;
  }

 private:
  static constexpr vid_t k_empty = -1;
  std::vector<vid_t> slots_;
  std::size_t mask_ = 0;
};

// A directed HypergraphInput with one net per neuron (the neuron its only source, first pin)
// and net_size(v) destinations for each of the n neurons. Checks the memory budget (the pins,
// their transpose and the offsets) against `min_pins`, a lower bound of the pins that costs no
// pass over the neurons, before anything else. `fill(v, destinations, ids)` writes neuron
// v's net_size(v) distinct destinations and returns true, or false when it could not draw them
// (then the whole call throws UserError "<spec>: <failure>"); `ids` is scratch it may use. Nets
// run in parallel on the host, so `fill` must not throw.
template <class NetSize, class FillNet>
HypergraphInput one_net_per_neuron(std::int64_t n, long double min_pins, const NetSize& net_size,
                                   const std::string& spec, const std::string& failure, const FillNet& fill);

}  // namespace tessera::gen::detail

#include "io/generators/nn_net_filler_impl.hpp"
