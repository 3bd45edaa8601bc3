/*
 * A CPU-bound loop for scripts/bench-cpu-drift: random read-modify-writes of a 16 MB array (the
 * CPU and its caches, no system calls), printing each second how many blocks of 20,000 updates
 * it did, until SECONDS have passed. Usage: spin SECONDS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int seconds = argc > 1 ? atoi(argv[1]) : 60;
  size_t size = 1 << 21; /* 2M words of 8 bytes */
  uint64_t *array = malloc(size * sizeof *array);
  for (size_t i = 0; i < size; i++) {
    array[i] = i * 2654435761u;
  }
  double start = now(), next = start + 1;
  uint64_t blocks = 0, x = 1;
  for (;;) {
    for (int k = 0; k < 20000; k++) { /* a linear congruential walk over the array */
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      array[(x >> 20) & (size - 1)] += x;
    }
    blocks++;
    double t = now();
    if (t >= next) {
      printf("%.3f %lu\n", t, (unsigned long) blocks);
      fflush(stdout);
      blocks = 0;
      next += 1;
      if (t - start > seconds) {
        break;
      }
    }
  }
  return (int) (array[5] & 1); /* the array is used: the loop cannot be optimized away */
}
