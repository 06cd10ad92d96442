#pragma once
// Buffered point-to-point messaging for edge queries (paper 1, §II-A, Algorithm 1).
//
// Every destination rank has two fixed-size slots: one being filled, one being sent (double
// buffering). A slot holds at most `items_per_message` queries (the paper's SIZE; 1 works) in
// the compact format of distributed/triangle_count/compact_format.hpp (a parent once, then its
// children) or the flat one ((parent, child) pairs). A full slot is sent at once with MPI_Issend; sends are tested every super-step
// (`test_sends`) and completed slots reused. When both slots of a destination are busy, `push`
// refuses and the caller suspends its scan until a test frees one.
//
// Termination is NBX (Hoefler et al.): sends are synchronous (MPI_Issend), so a completed send
// means the receiver has matched it; a rank with no local work and no send in flight enters
// MPI_Ibarrier and keeps receiving until the barrier completes. When it does, every rank has
// finished its sends and so every message has been received and processed.
//
// Optional LZ4 compression: a message is [uint32 raw bytes][LZ4 block]; statistics record the
// raw (uncompressed) and wire bytes on both sides.
#include <mpi.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

// How queries are laid out in a message. compact: a parent once, then its children (CPU
// variant; compact_format.hpp). flat: one (parent, child) pair per query, so a GPU can answer
// every query with one independent lookup (paper 1, §II-B3: more bytes, simpler processing).
// rows: records [-(k+1), L, r_0..r_{L-1}, i_1..i_k] (distributed/triangle_count/
// compact_format.hpp), pushed whole with push_record: one sorted list shared by k parents, so
// the volume grows with the lists, not with the queries they stand for.
enum class QueryFormat { compact, flat, rows };

struct MessengerParams {
  std::size_t items_per_message = 1 << 16;  // SIZE: queries per message, >= 1
  QueryFormat format = QueryFormat::compact;
  bool compress = false;                    // LZ4 per message
  int tag = 17;
};

struct MessengerStats {
  std::uint64_t messages_sent = 0, messages_received = 0;
  std::uint64_t items_sent = 0, items_received = 0;
  std::uint64_t bytes_sent_raw = 0, bytes_sent_wire = 0;
  std::uint64_t bytes_received_raw = 0, bytes_received_wire = 0;
  std::uint64_t messages_to_lower_ranks = 0;  // destination rank < own rank
};

class QueryMessenger {
 public:
  // `comm` must outlive the messenger.
  QueryMessenger(const Communicator& comm, const MessengerParams& params);
  ~QueryMessenger();
  QueryMessenger(const QueryMessenger&) = delete;
  QueryMessenger& operator=(const QueryMessenger&) = delete;

  // Appends the query (parent, child) for `dest`. Returns false, writing nothing, when the
  // destination's open slot is full and its other slot is still in flight: progress and retry.
  bool push(int dest, vid_t parent, vid_t child);
  // rows format: appends a whole record of `count` words standing for `items` queries. A full
  // open slot is sent first; a record larger than a slot travels alone. Returns false, writing
  // nothing, when no slot of `dest` is free: progress and retry.
  bool push_record(int dest, const vid_t* words, std::size_t count, std::size_t items);
  // Sends every non-empty open slot (the final flush; always possible since an open slot is
  // never in flight).
  void flush_all();
  // Tests every send in flight; completed slots are cleared for reuse.
  void test_sends();
  bool sends_pending() const { return in_flight_ > 0; }

  // Receives up to `max_messages` arrived messages; for each calls
  // on_message(const vid_t* words, std::size_t count, int source). Returns how many arrived.
  template <class OnMessage>
  std::size_t poll(OnMessage&& on_message, std::size_t max_messages = 64) {
    std::size_t received = 0;
    while (received < max_messages) {
      int source = -1;
      if (!receive_one(source)) break;
      on_message(recv_words_.data(), recv_words_.size(), source);
      ++received;
    }
    return received;
  }

  // NBX termination: enter once local work is done and !sends_pending(); then poll until
  // barrier_done().
  void enter_barrier();
  bool barrier_entered() const { return barrier_entered_; }
  bool barrier_done();

  const MessengerStats& stats() const { return stats_; }

 private:
  struct Slot {
    std::vector<vid_t> words;  // in params_.format
    std::vector<char> wire;    // compressed bytes (compress only)
    std::size_t items = 0;
    vid_t last_parent = invalid_vid;
    MPI_Request request = MPI_REQUEST_NULL;
    bool in_flight = false;
  };
  struct Destination {
    std::array<Slot, 2> slots;
    int open = -1;  // slot being filled, -1 when none
  };
  // Makes sure `d` has a slot being filled, taking a free one if needed; false when both are in
  // flight.
  static bool open_slot(Destination& d);
  void send(int dest);
  bool receive_one(int& source);

  const Communicator& comm_;
  MessengerParams params_;
  std::vector<Destination> dests_;
  std::size_t in_flight_ = 0;
  std::vector<char> recv_wire_;
  std::vector<vid_t> recv_words_;
  MPI_Request barrier_ = MPI_REQUEST_NULL;
  bool barrier_entered_ = false, barrier_complete_ = false;
  MessengerStats stats_;
};

}  // namespace tessera::dist
