#pragma once
// Caps the memory budget (core/util/memory_budget.hpp) for the object's lifetime, so a test of a
// refused size gives the same answer on every machine.
#include <cstdint>

#include "core/util/memory_budget.hpp"

namespace tessera::test {

class MemoryCap {
 public:
  explicit MemoryCap(std::uint64_t bytes) { cap_available_memory(bytes); }
  ~MemoryCap() { cap_available_memory(0); }
  MemoryCap(const MemoryCap&) = delete;
  MemoryCap& operator=(const MemoryCap&) = delete;
};

}  // namespace tessera::test
