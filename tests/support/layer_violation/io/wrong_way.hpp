// A fixture for the layer check (tests/CMakeLists.txt, layer-includes-detects): the io layer
// may not include the algorithms layer, so the check must fail on this tree.
#pragma once
#include "core/types.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
