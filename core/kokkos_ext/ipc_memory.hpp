#pragma once
// Zero-copy sharing of device memory between processes on one node (CUDA IPC): the one
// backend-specific service the distributed IPC variants need, kept here so algorithms carry
// no backend code. Other backends report ipc_supported() == false and the constructors throw
// UserError, so callers check once and fail clearly.
//
// SharedDeviceBuffer owns a device allocation made for sharing (IPC handles name whole
// allocations, and a Kokkos View's data() sits behind Kokkos' allocation header, so Views
// cannot be exported directly); wrap it in unmanaged Views to use it. Exchange its handle
// (plain bytes) with any collective and map it in the peer with MappedDeviceBuffer. CUDA does
// not let a process map its own allocation: use the local buffer there.
#include <array>
#include <cstddef>

namespace tessera::kokkos_ext {

struct IpcHandle {
  std::array<unsigned char, 64> bytes{};  // cudaIpcMemHandle_t
  std::size_t size = 0;                   // bytes of the buffer
};

// True when the default execution space's memory can be shared between processes.
bool ipc_supported();

class SharedDeviceBuffer {
 public:
  SharedDeviceBuffer() = default;
  explicit SharedDeviceBuffer(std::size_t bytes);
  ~SharedDeviceBuffer();
  SharedDeviceBuffer(SharedDeviceBuffer&& other) noexcept;
  SharedDeviceBuffer& operator=(SharedDeviceBuffer&& other) noexcept;
  SharedDeviceBuffer(const SharedDeviceBuffer&) = delete;
  SharedDeviceBuffer& operator=(const SharedDeviceBuffer&) = delete;

  void* data() const { return data_; }
  std::size_t size() const { return size_; }
  IpcHandle handle() const;

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

class MappedDeviceBuffer {
 public:
  MappedDeviceBuffer() = default;
  explicit MappedDeviceBuffer(const IpcHandle& handle);
  ~MappedDeviceBuffer();
  MappedDeviceBuffer(MappedDeviceBuffer&& other) noexcept;
  MappedDeviceBuffer& operator=(MappedDeviceBuffer&& other) noexcept;
  MappedDeviceBuffer(const MappedDeviceBuffer&) = delete;
  MappedDeviceBuffer& operator=(const MappedDeviceBuffer&) = delete;

  const void* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace tessera::kokkos_ext
