#include "distributed/mpi/query_messenger.hpp"

#include <lz4.h>

#include <cstring>
#include <limits>

#include "core/error.hpp"

namespace tessera::dist {

namespace {
// A message holds at most 2 words per query (parent marker + child); the byte count must fit
// MPI's int count, and LZ4's int sizes.
constexpr std::size_t k_max_items = (std::size_t(std::numeric_limits<int>::max()) - 64) / (4 * sizeof(vid_t));
// Queries a rows-format message stands for: Σ over its records of the candidates after each
// parent index (L - 1 - i). Validates the record structure, so the receiver's kernels can trust it.
std::uint64_t record_items(const vid_t* w, std::size_t count) {
  std::uint64_t items = 0;
  for (std::size_t at = 0; at < count;) {
    TESSERA_REQUIRE(w[at] < 0 && at + 1 < count, "rows message: no record header at word " << at);
    const std::size_t k = static_cast<std::size_t>(-(w[at] + 1));
    const vid_t length = w[at + 1];
    TESSERA_REQUIRE(length >= 0 && at + 2 + static_cast<std::size_t>(length) + k <= count,
                    "rows message: record at word " << at << " overruns the message");
    const vid_t* index = w + at + 2 + length;
    for (std::size_t j = 0; j < k; ++j) {
      TESSERA_REQUIRE(index[j] >= 0 && index[j] < length, "rows message: index " << index[j] << " outside its list");
      items += static_cast<std::uint64_t>(length - 1 - index[j]);
    }
    at += 2 + static_cast<std::size_t>(length) + k;
  }
  return items;
}

}  // namespace

QueryMessenger::QueryMessenger(const Communicator& comm, const MessengerParams& params)
    : comm_(comm), params_(params), dests_(static_cast<std::size_t>(comm.size())) {
  TESSERA_USER_REQUIRE(params.items_per_message >= 1 && params.items_per_message <= k_max_items,
                       "buffer size (queries per message) must be in [1, " << k_max_items << "], got "
                                                                           << params.items_per_message);
}

QueryMessenger::~QueryMessenger() {
  // Normal runs end with nothing in flight. On an error path the peers may never receive, so
  // waiting could hang: free the requests and deliberately leak the slot memory MPI may still
  // read.
  for (auto& d : dests_)
    for (auto& s : d.slots)
      if (s.in_flight) {
        MPI_Request_free(&s.request);
        new std::vector<vid_t>(std::move(s.words));
        new std::vector<char>(std::move(s.wire));
      }
  if (barrier_entered_ && !barrier_complete_) MPI_Request_free(&barrier_);
}

bool QueryMessenger::open_slot(Destination& d) {
  if (d.open >= 0) return true;
  for (int i = 0; i < 2; ++i)
    if (!d.slots[static_cast<std::size_t>(i)].in_flight) {
      d.open = i;
      return true;
    }
  return false;
}

bool QueryMessenger::push(int dest, vid_t parent, vid_t child) {
  Destination& d = dests_[static_cast<std::size_t>(dest)];
  if (!open_slot(d)) return false;
  Slot& s = d.slots[static_cast<std::size_t>(d.open)];
  if (s.items == 0) s.words.reserve(2 * params_.items_per_message);
  if (params_.format == QueryFormat::flat) {
    s.words.push_back(parent);
  } else if (s.last_parent != parent) {
    s.words.push_back(-(parent + 1));  // the sign marks a parent
    s.last_parent = parent;
  }
  s.words.push_back(child);
  if (++s.items == params_.items_per_message) send(dest);
  return true;
}

bool QueryMessenger::push_record(int dest, const vid_t* words, std::size_t count, std::size_t items) {
  TESSERA_REQUIRE(params_.format == QueryFormat::rows, "push_record needs the rows format");
  Destination& d = dests_[static_cast<std::size_t>(dest)];
  if (d.open >= 0) {
    const Slot& open = d.slots[static_cast<std::size_t>(d.open)];
    if (open.items > 0 && open.items + items > params_.items_per_message) {
      if (d.slots[static_cast<std::size_t>(1 - d.open)].in_flight) return false;  // no slot after this one
      send(dest);
    }
  }
  if (!open_slot(d)) return false;
  Slot& s = d.slots[static_cast<std::size_t>(d.open)];
  s.words.insert(s.words.end(), words, words + count);
  s.items += items;
  if (s.items >= params_.items_per_message) send(dest);
  return true;
}

void QueryMessenger::send(int dest) {
  Destination& d = dests_[static_cast<std::size_t>(dest)];
  TESSERA_REQUIRE(d.open >= 0, "send without an open slot");
  Slot& s = d.slots[static_cast<std::size_t>(d.open)];
  const std::size_t raw_bytes = s.words.size() * sizeof(vid_t);
  const void* data = s.words.data();
  std::size_t wire_bytes = raw_bytes;
  if (params_.compress) {
    const int bound = LZ4_compressBound(static_cast<int>(raw_bytes));
    s.wire.resize(sizeof(std::uint32_t) + static_cast<std::size_t>(bound));
    const auto header = static_cast<std::uint32_t>(raw_bytes);
    std::memcpy(s.wire.data(), &header, sizeof header);
    const int written = LZ4_compress_default(reinterpret_cast<const char*>(s.words.data()),
                                             s.wire.data() + sizeof header, static_cast<int>(raw_bytes), bound);
    TESSERA_REQUIRE(written > 0, "LZ4_compress_default failed on " << raw_bytes << " bytes");
    wire_bytes = sizeof header + static_cast<std::size_t>(written);
    data = s.wire.data();
  }
  TESSERA_MPI_CHECK(MPI_Issend(data, static_cast<int>(wire_bytes), MPI_BYTE, dest, params_.tag, comm_.get(),
                               &s.request));
  s.in_flight = true;
  ++in_flight_;
  d.open = -1;
  ++stats_.messages_sent;
  stats_.items_sent += s.items;
  stats_.bytes_sent_raw += raw_bytes;
  stats_.bytes_sent_wire += wire_bytes;
  if (dest < comm_.rank()) ++stats_.messages_to_lower_ranks;
}

void QueryMessenger::flush_all() {
  for (std::size_t dest = 0; dest < dests_.size(); ++dest) {
    Destination& d = dests_[dest];
    if (d.open >= 0 && d.slots[static_cast<std::size_t>(d.open)].items > 0) send(static_cast<int>(dest));
  }
}

void QueryMessenger::test_sends() {
  if (in_flight_ == 0) return;
  for (auto& d : dests_)
    for (auto& s : d.slots) {
      if (!s.in_flight) continue;
      int done = 0;
      TESSERA_MPI_CHECK(MPI_Test(&s.request, &done, MPI_STATUS_IGNORE));
      if (!done) continue;
      s.in_flight = false;
      --in_flight_;
      s.words.clear();
      s.items = 0;
      s.last_parent = invalid_vid;
    }
}

bool QueryMessenger::receive_one(int& source) {
  int arrived = 0;
  MPI_Status status;
  TESSERA_MPI_CHECK(MPI_Iprobe(MPI_ANY_SOURCE, params_.tag, comm_.get(), &arrived, &status));
  if (!arrived) return false;
  int bytes = 0;
  TESSERA_MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &bytes));
  source = status.MPI_SOURCE;
  std::size_t raw_bytes = static_cast<std::size_t>(bytes);
  if (!params_.compress) {
    // Received straight into the words the callback reads: no staging copy per message.
    TESSERA_REQUIRE(raw_bytes % sizeof(vid_t) == 0, "message of " << raw_bytes << " bytes is not whole ids");
    recv_words_.resize(raw_bytes / sizeof(vid_t));
    TESSERA_MPI_CHECK(MPI_Recv(recv_words_.data(), bytes, MPI_BYTE, source, params_.tag, comm_.get(), MPI_STATUS_IGNORE));
  } else {
    recv_wire_.resize(static_cast<std::size_t>(bytes));
    TESSERA_MPI_CHECK(MPI_Recv(recv_wire_.data(), bytes, MPI_BYTE, source, params_.tag, comm_.get(), MPI_STATUS_IGNORE));
    std::uint32_t header = 0;
    TESSERA_REQUIRE(raw_bytes >= sizeof header, "compressed message of " << bytes << " bytes from rank " << source);
    std::memcpy(&header, recv_wire_.data(), sizeof header);
    raw_bytes = header;
    recv_words_.resize(raw_bytes / sizeof(vid_t));
    const int got = LZ4_decompress_safe(recv_wire_.data() + sizeof header, reinterpret_cast<char*>(recv_words_.data()),
                                        bytes - static_cast<int>(sizeof header), static_cast<int>(raw_bytes));
    TESSERA_REQUIRE(got == static_cast<int>(raw_bytes),
                    "LZ4 decompression of a message from rank " << source << " gave " << got << " of " << raw_bytes
                                                                << " bytes");
    TESSERA_REQUIRE(raw_bytes % sizeof(vid_t) == 0, "message of " << raw_bytes << " bytes is not whole ids");
  }
  ++stats_.messages_received;
  stats_.bytes_received_raw += raw_bytes;
  stats_.bytes_received_wire += static_cast<std::size_t>(bytes);
  if (params_.format == QueryFormat::flat) {
    stats_.items_received += recv_words_.size() / 2;
  } else if (params_.format == QueryFormat::rows) {
    stats_.items_received += record_items(recv_words_.data(), recv_words_.size());
  } else {
    for (vid_t w : recv_words_)
      if (w >= 0) ++stats_.items_received;
  }
  return true;
}

void QueryMessenger::enter_barrier() {
  TESSERA_REQUIRE(!barrier_entered_ && in_flight_ == 0, "NBX barrier entered with sends in flight");
  TESSERA_MPI_CHECK(MPI_Ibarrier(comm_.get(), &barrier_));
  barrier_entered_ = true;
}

bool QueryMessenger::barrier_done() {
  if (!barrier_entered_) return false;
  if (barrier_complete_) return true;
  int done = 0;
  TESSERA_MPI_CHECK(MPI_Test(&barrier_, &done, MPI_STATUS_IGNORE));
  barrier_complete_ = done != 0;
  return barrier_complete_;
}

}  // namespace tessera::dist
