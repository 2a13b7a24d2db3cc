//===- BufferCache.cpp - malloc and free for compiled code ----------------===//
//
// Part of the torch-mlir project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compiled code allocates its buffers with malloc and frees them with free:
// these are the definitions the JIT links those calls to. Small blocks are
// the C library's. A large block (kLargeBytes or more) that is freed is
// kept, up to kCachedBytes in all, and handed out again for a request it
// fits (no more than twice as large), so that a model called again and again
// reuses its memory. Through the C library alone, a freed block of 16 MiB
// goes back to the kernel and the next call faults every page of it in
// again: a softmax over 4096x1024 floats spent half its time in page faults.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <mutex>
#include <vector>

namespace {

constexpr size_t kLargeBytes = size_t(256) << 10;
constexpr size_t kCachedBytes = size_t(256) << 20;

struct Block {
  void *address;
  size_t bytes;
};

class BufferCache {
public:
  static BufferCache &get() {
    static BufferCache *cache = new BufferCache(); // lives as long as blocks
    return *cache;
  }

  void *allocate(size_t bytes) {
    if (bytes >= kLargeBytes) {
      std::lock_guard<std::mutex> lock(mutex);
      // The smallest kept block the request fits, if not twice its size.
      size_t best = blocks.size();
      for (size_t i = 0; i < blocks.size(); ++i)
        if (blocks[i].bytes >= bytes && blocks[i].bytes / 2 <= bytes &&
            (best == blocks.size() || blocks[i].bytes < blocks[best].bytes))
          best = i;
      if (best != blocks.size()) {
        Block block = blocks[best];
        blocks[best] = blocks.back();
        blocks.pop_back();
        cached -= block.bytes;
        return block.address;
      }
    }
    return std::malloc(bytes);
  }

  void release(void *address) {
    if (!address)
      return;
    size_t bytes = malloc_usable_size(address);
    if (bytes >= kLargeBytes) {
      std::lock_guard<std::mutex> lock(mutex);
      if (cached + bytes <= kCachedBytes) {
        blocks.push_back({address, bytes});
        cached += bytes;
        return;
      }
    }
    std::free(address);
  }

private:
  std::mutex mutex;
  std::vector<Block> blocks;
  size_t cached = 0;
};

} // namespace

extern "C" {

void *refback_malloc(size_t bytes) {
  return BufferCache::get().allocate(bytes);
}

void refback_free(void *address) { BufferCache::get().release(address); }

} // extern "C"
