//===- ParallelRuntime.cpp - The entry points of compiled parallel loops --===//
//
// Part of the torch-mlir project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The reference backend's parallel loops become OpenMP constructs
// (refback-parallelize, convert-scf-to-openmp), and MLIR's translation to
// LLVM IR outlines each into a function that calls a handful of OpenMP
// runtime entry points. They are defined here, over a small pool of our own
// threads, so that no OpenMP runtime ships with the wheel: the JIT is handed
// their addresses (torchMlirRefBackendRuntimeSymbols) before it links.
//
// What the generated code needs, and all these provide:
// - __kmpc_fork_call runs the outlined body on a team of threads (the
//   caller is thread 0) and returns when all are done. Its captured values
//   come aggregated in one struct: argc is 0 or 1.
// - __kmpc_push_num_threads sets the next fork's team size.
// - __kmpc_for_static_init_* gives each thread of the team one contiguous
//   block of the iterations [*lower, *upper] (inclusive bounds, step 1).
// - __kmpc_barrier waits for the whole team.
// - __kmpc_global_thread_num is the calling thread's number in its team.
// A fork from inside a team, or while another fork holds the pool (two
// compiled functions called from two Python threads), runs its body on the
// calling thread alone.
//
// A thread that waits (a worker for the next fork, the caller for the end
// of one, a barrier) spins for up to kSpinMicroseconds before it sleeps on
// a condition variable: a model runs one fork per large op, and waking a
// sleeping thread costs tens of microseconds each time (a small ResNet ran
// slower on two threads than on one).
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdarg>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using Microtask = void (*)(int32_t *, int32_t *, void *);

// Long enough that a worker is still spinning when the next call comes
// after a millisecond of other work: a sleeping worker woke 50-100 us late
// on a VM, into the call's first fork (the small ResNet at batch 1, called
// alternately with one thread and with two, scaled 1.5x instead of 1.6x).
// (Intel's OpenMP runtime waits 200 ms by default before a thread sleeps.)
constexpr int64_t kSpinMicroseconds = 2000;

// Spins until `ready()` or for about kSpinMicroseconds; whether it is ready.
// Every 256 checks (some 10 us) it also yields its core: where no other
// thread wants the core that returns at once, and where one does (another
// process, the other worker of a test) that thread runs instead of waiting
// out the spin. The ONNX node suite's two worker processes on two cores, each
// with a pool worker spinning after its calls, took 41.8 s without the yield
// and 39.2 s with it (means of four runs).
template <typename Ready> bool spinUntil(Ready ready) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::microseconds(kSpinMicroseconds);
  for (uint32_t i = 1;; ++i) {
    if (ready())
      return true;
    if (i % 256 == 0) {
      if (std::chrono::steady_clock::now() > deadline)
        return false;
      std::this_thread::yield();
      continue;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
  }
}

// A team's barrier: the last of `size` arrivals releases the others.
class Barrier {
public:
  void reset(int32_t teamSize) {
    size = teamSize;
    waiting = 0;
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex);
    uint64_t arrivedIn = generation.load();
    if (++waiting == size) {
      waiting = 0;
      generation.fetch_add(1);
      released.notify_all();
      return;
    }
    auto isReleased = [&] { return generation.load() != arrivedIn; };
    lock.unlock();
    if (spinUntil(isReleased))
      return;
    lock.lock();
    released.wait(lock, isReleased);
  }

private:
  std::mutex mutex;
  std::condition_variable released;
  int32_t size = 1;
  int32_t waiting = 0;
  std::atomic<uint64_t> generation{0};
};

// What a thread knows of the team it is running in.
struct TeamMember {
  int32_t id = 0;
  int32_t size = 1;
  Barrier *barrier = nullptr;
};

thread_local TeamMember member;
thread_local int32_t requestedThreads = 0;

// Worker threads, started on first use and kept for the process's life.
class Pool {
public:
  static Pool &get() {
    static Pool *pool = new Pool(); // never destroyed: workers may be waiting
    return *pool;
  }

  // Starts the workers of a team of `size` if need be and wakes them: they
  // spin, ready for a fork about to come, instead of sleeping through its
  // start.
  void wakeUp(int32_t size) {
    if (size <= 1)
      return;
    startWorkers(size - 1);
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++wakeUps;
    }
    wake.notify_all();
  }

  // Runs `task(arg)` on `size` threads (this one as 0); false if the pool is
  // busy with another fork.
  bool run(int32_t size, Microtask task, void *arg) {
    std::unique_lock<std::mutex> busy(forkMutex, std::try_to_lock);
    if (!busy.owns_lock())
      return false;
    startWorkers(size - 1);
    {
      std::lock_guard<std::mutex> lock(mutex);
      job = {task, arg, size};
      barrier.reset(size);
      remaining.store(size - 1);
      generation.fetch_add(1);
    }
    wake.notify_all();
    runMember(0, size, task, arg);
    auto allDone = [&] { return remaining.load() == 0; };
    if (spinUntil(allDone))
      return true;
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, allDone);
    return true;
  }

private:
  struct Job {
    Microtask task = nullptr;
    void *arg = nullptr;
    int32_t size = 1;
  };

  void runMember(int32_t id, int32_t size, Microtask task, void *arg) {
    TeamMember saved = member;
    member = {id, size, &barrier};
    int32_t globalId = id, boundId = id;
    task(&globalId, &boundId, arg);
    member = saved;
  }

  void startWorkers(int32_t count) {
    std::lock_guard<std::mutex> lock(mutex);
    while (static_cast<int32_t>(workers.size()) < count) {
      int32_t id = static_cast<int32_t>(workers.size()) + 1;
      workers.emplace_back([this, id] { work(id); });
      workers.back().detach();
    }
  }

  void work(int32_t id) {
    uint64_t seen = 0, seenWakeUps = 0;
    while (true) {
      Job current;
      auto forked = [&] { return generation.load() != seen; };
      spinUntil(forked);
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return forked() || wakeUps != seenWakeUps; });
        seenWakeUps = wakeUps;
        if (!forked())
          continue; // woken up ahead of a fork: spin for it
        seen = generation.load();
        current = job;
      }
      if (id >= current.size)
        continue; // not in this team
      runMember(id, current.size, current.task, current.arg);
      std::lock_guard<std::mutex> lock(mutex);
      if (remaining.fetch_sub(1) == 1)
        finished.notify_one();
    }
  }

  std::mutex forkMutex;
  std::mutex mutex;
  std::condition_variable wake;
  std::condition_variable finished;
  std::vector<std::thread> workers;
  Barrier barrier;
  Job job;
  std::atomic<int32_t> remaining{0};
  std::atomic<uint64_t> generation{0};
  uint64_t wakeUps = 0;
};

int32_t hardwareThreads() {
  unsigned count = std::thread::hardware_concurrency();
  return count == 0 ? 1 : static_cast<int32_t>(count);
}

// The block of [lower, upper] (inclusive) that thread `id` of `size` takes:
// the first (trip % size) threads take one iteration more. A thread with
// none gets lower = upper + 1.
template <typename T>
void staticBlock(T *lower, T *upper, T *stride, int32_t *last) {
  T first = *lower, trip = *upper - *lower + 1; // wraps to 0 for no trip
  T size = static_cast<T>(member.size), id = static_cast<T>(member.id);
  T base = trip / size, extra = trip % size;
  T begin = first + id * base + (id < extra ? id : extra);
  T count = base + (id < extra ? 1 : 0);
  *lower = begin;
  *upper = begin + count - 1;
  if (stride)
    *stride = trip;
  if (last)
    *last = count > 0 && begin + count == first + trip;
}

} // namespace

extern "C" {

int32_t refback_kmpc_global_thread_num(void *) { return member.id; }

void refback_kmpc_push_num_threads(void *, int32_t, int32_t threads) {
  requestedThreads = threads;
}

void refback_kmpc_fork_call(void *, int32_t argc, Microtask task, ...) {
  void *arg = nullptr;
  if (argc > 0) {
    va_list args;
    va_start(args, task);
    arg = va_arg(args, void *);
    va_end(args);
  }
  int32_t size = requestedThreads > 0 ? requestedThreads : hardwareThreads();
  requestedThreads = 0;
  bool inTeam = member.barrier != nullptr;
  if (size > 1 && !inTeam && Pool::get().run(size, task, arg))
    return;
  // Alone: a team of one, with a barrier of its own.
  Barrier alone;
  TeamMember saved = member;
  member = {0, 1, &alone};
  int32_t globalId = 0, boundId = 0;
  task(&globalId, &boundId, arg);
  member = saved;
}

void refback_kmpc_for_static_init_4u(void *, int32_t, int32_t, int32_t *last,
                                     uint32_t *lower, uint32_t *upper,
                                     uint32_t *stride, int32_t, int32_t) {
  staticBlock(lower, upper, stride, last);
}

void refback_kmpc_for_static_init_8u(void *, int32_t, int32_t, int32_t *last,
                                     uint64_t *lower, uint64_t *upper,
                                     uint64_t *stride, int64_t, int64_t) {
  staticBlock(lower, upper, stride, last);
}

void refback_kmpc_for_static_fini(void *, int32_t) {}

void refback_kmpc_barrier(void *, int32_t) {
  if (member.barrier && member.size > 1)
    member.barrier->wait();
}

// Called before compiled code runs (torch_mlir.refbackend): the workers of
// a team of `threads` spin while the call's arguments are prepared.
void torchMlirRefBackendWakeThreads(int32_t threads) {
  Pool::get().wakeUp(threads);
}

void *refback_malloc(size_t bytes); // BufferCache.cpp
void refback_free(void *address);
__bf16 refback_truncsfbf2(float value); // FloatConversions.cpp
__bf16 refback_truncdfbf2(double value);

// The entry points above (and BufferCache.cpp's and FloatConversions.cpp's)
// under the names the generated code calls: `names` and `addresses` get
// `count` entries each.
void torchMlirRefBackendRuntimeSymbols(const char *const **names,
                                       void *const **addresses,
                                       int64_t *count) {
  static const char *const symbolNames[] = {
      "__kmpc_global_thread_num",
      "__kmpc_push_num_threads",
      "__kmpc_fork_call",
      "__kmpc_for_static_init_4u",
      "__kmpc_for_static_init_8u",
      "__kmpc_for_static_fini",
      "__kmpc_barrier",
      "malloc",
      "free",
      "__truncsfbf2",
      "__truncdfbf2",
  };
  static void *const symbolAddresses[] = {
      reinterpret_cast<void *>(&refback_kmpc_global_thread_num),
      reinterpret_cast<void *>(&refback_kmpc_push_num_threads),
      reinterpret_cast<void *>(&refback_kmpc_fork_call),
      reinterpret_cast<void *>(&refback_kmpc_for_static_init_4u),
      reinterpret_cast<void *>(&refback_kmpc_for_static_init_8u),
      reinterpret_cast<void *>(&refback_kmpc_for_static_fini),
      reinterpret_cast<void *>(&refback_kmpc_barrier),
      reinterpret_cast<void *>(&refback_malloc),
      reinterpret_cast<void *>(&refback_free),
      reinterpret_cast<void *>(&refback_truncsfbf2),
      reinterpret_cast<void *>(&refback_truncdfbf2),
  };
  *names = symbolNames;
  *addresses = symbolAddresses;
  *count = sizeof(symbolNames) / sizeof(symbolNames[0]);
}

} // extern "C"
