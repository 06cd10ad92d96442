#include "distributed/triangle_count/dist_params.hpp"

#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::dist {

const char* to_string(DistVariant v) {
  switch (v) {
    case DistVariant::cpu: return "cpu";
    case DistVariant::gpu: return "gpu";
    case DistVariant::hybrid: return "hybrid";
    case DistVariant::ipc: return "ipc";
    case DistVariant::mpi_ipc: return "mpi+ipc";
    case DistVariant::shm: return "shm";
  }
  return "unknown";
}

DistVariant parse_dist_variant(const std::string& name) {
  for (auto v : {DistVariant::cpu, DistVariant::gpu, DistVariant::hybrid, DistVariant::ipc, DistVariant::mpi_ipc,
                 DistVariant::shm})
    if (same_name(name, to_string(v))) return v;
  throw UserError("unknown distributed variant '" + name + "' (cpu, gpu, hybrid, ipc, mpi+ipc, shm)");
}

const char* to_string(MessageFormat f) {
  switch (f) {
    case MessageFormat::automatic: return "auto";
    case MessageFormat::flat: return "flat";
    case MessageFormat::compact: return "compact";
    case MessageFormat::rows: return "rows";
  }
  return "unknown";
}

const char* to_string(IpcRows r) {
  switch (r) {
    case IpcRows::gather: return "gather";
    case IpcRows::map: return "map";
    case IpcRows::copy: return "copy";
  }
  return "unknown";
}

namespace {

// An integer in [lo, hi]. Messages name the value, not the option: callers (CLI, YAML) add it.
long long parse_integer(const std::string& text, long long lo, long long hi) {
  const auto value = parse_whole_integer(text);
  TESSERA_USER_REQUIRE(value, "expects an integer, got '" << text << "'");
  TESSERA_USER_REQUIRE(*value >= lo && *value <= hi, "must be between " << lo << " and " << hi << ", got " << *value);
  return *value;
}

// The table's callers prefix the option's name (option_spec.hpp), so the message does not repeat it.
bool parse_bool(const std::string& text) {
  const auto value = parse_switch_value(text);
  TESSERA_USER_REQUIRE(value.has_value(), "expects " << k_switch_spellings << ", got '" << text << "'");
  return *value;
}

constexpr long long k_max_int = 1 << 30;

}  // namespace

const std::vector<DistParamOption>& dist_param_options() {
  using P = DistTriangleParams;
  static const std::vector<DistParamOption> options = with_defaults<DistTriangleParams>({
      {"variant", "V", "where ranks count: cpu | gpu | hybrid | ipc | mpi+ipc | shm",
       "", [](P& p, const std::string& v) { p.variant = parse_dist_variant(v); },
       [](const P& p) { return std::string(to_string(p.variant)); }},
      {"orientation", "O", "vertex order that orients the edges: degree | id",
       "", [](P& p, const std::string& v) { p.orientation = parse_orientation(v); },
       [](const P& p) { return std::string(to_string(p.orientation)); }},
      {"buffer-size", "N", "queries per message buffer (paper 1's SIZE)",
       "", [](P& p, const std::string& v) { p.buffer_size = std::size_t(parse_integer(v, 1, k_max_int)); },
       [](const P& p) { return std::to_string(p.buffer_size); }},
      {"compress", "lz4|none", "compress message buffers with LZ4 (cpu variant)",
       "", [](P& p, const std::string& v) {
         TESSERA_USER_REQUIRE(v == "lz4" || v == "none", "takes lz4 or none, got '" << v << "'");
         p.compress = v == "lz4";
       },
       [](const P& p) { return std::string(p.compress ? "lz4" : "none"); }},
      {"scan-chunk", "N", "queries generated per super-step before polling for messages",
       "", [](P& p, const std::string& v) { p.scan_chunk = std::size_t(parse_integer(v, 1, k_max_int)); },
       [](const P& p) { return std::to_string(p.scan_chunk); }},
      {"ranks-per-node", "K", "treat K consecutive ranks as one node (0: the real nodes)",
       "", [](P& p, const std::string& v) { p.ranks_per_node = int(parse_integer(v, 0, k_max_int)); },
       [](const P& p) { return std::to_string(p.ranks_per_node); }},
      {"gpu-ranks-per-node", "G", "hybrid: ranks per node counting on the GPU",
       "", [](P& p, const std::string& v) {
         p.gpu_ranks_per_node = int(parse_integer(v, 0, k_max_int));
       },
       [](const P& p) { return std::to_string(p.gpu_ranks_per_node); }},
      {"weigh-partition", "true|false", "hybrid: give each rank edges in proportion to its measured speed",
       "", [](P& p, const std::string& v) { p.weigh_partition = parse_bool(v); },
       [](const P& p) { return std::string(p.weigh_partition ? "true" : "false"); }},
      {"ipc-rows", "gather|map|copy",
       "ipc, mpi+ipc, shm on one node: read peers' rows in place (map, default) or copy them once (copy; ipc, mpi+ipc), "
       "counting with the distributed kernel, or gather the node's rows into one DAG per rank (single-node kernels; "
       "every rank then holds the whole oriented graph)",
       "", [](P& p, const std::string& v) {
         for (auto r : {IpcRows::gather, IpcRows::map, IpcRows::copy})
           if (v == to_string(r)) {
             p.ipc_rows = r;
             return;
           }
         throw UserError("takes gather, map or copy, got '" + v + "'");
       },
       [](const P& p) { return std::string(to_string(p.ipc_rows)); }},
      {"partition", "edges|work", "what the split of the vertices over the ranks evens out: edges, or estimated work",
       "", [](P& p, const std::string& v) { p.partition = parse_partition_balance(v); },
       [](const P& p) { return std::string(to_string(p.partition)); }},
      {"message-format", "auto|flat|compact|rows",
       "remote queries as (m, n) pairs (lookup kernel), runs (m; n1, n2, ...) decoded on the receiver (split-edge "
       "kernel), or out-lists sent once per destination with their parents' indices (rows); auto: compact for cpu "
       "and shm, rows (records built on the device) for the GPU variants",
       "", [](P& p, const std::string& v) {
         for (auto f : {MessageFormat::automatic, MessageFormat::flat, MessageFormat::compact, MessageFormat::rows})
           if (v == to_string(f)) {
             p.message_format = f;
             return;
           }
         throw UserError("takes auto, flat, compact or rows, got '" + v + "'");
       },
       [](const P& p) { return std::string(to_string(p.message_format)); }},
      {"receiver-streams", "S", "execution space instances (CUDA streams) counting received batches concurrently",
       "", [](P& p, const std::string& v) { p.receiver_streams = int(parse_integer(v, 1, 64)); },
       [](const P& p) { return std::to_string(p.receiver_streams); }},
  });
  return options;
}

}  // namespace tessera::dist
