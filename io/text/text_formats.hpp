#pragma once
// Umbrella header for Tessera's text (and small binary) graph formats. Every reader streams the
// file in large blocks, accepts plain or gzip input (detected from the content), and reports bad
// input as tessera::ParseError "path:line: what is wrong". Every writer goes through
// io::AtomicFile, so an output is written completely or not at all. Formats: io/README.md.
#include "io/text/directed_hypergraph_format.hpp"
#include "io/text/edge_list_format.hpp"
#include "io/text/hmetis_format.hpp"
#include "io/text/matrix_market_reader.hpp"
#include "io/text/metis_reader.hpp"
#include "io/text/partition_io.hpp"
#include "io/text/axon_formats.hpp"
