"""CPython's `random.Random`, draw for draw, for compiled code.

The compiled engine must play the very games the Python engine plays, so it needs the
same random numbers: the Mersenne Twister (MT19937) seeded as CPython seeds it from an
integer (`init_by_array` over the integer's 32-bit words, least significant first), and
the same ways of turning its words into choices: `getrandbits`, `_randbelow` (rejection
of `bit_length(n)`-bit draws at or above n), `shuffle` and `sample` (its small-population
branch). The state is a uint32 array of 625 words, the last being the position.
"""

from __future__ import annotations

import numpy as np

from generator.sim.compiled.kernel import kernel

N, M = 624, 397
WORDS = N + 1  # the state's size: the twister's words and its position
MASK32 = 0xFFFFFFFF


@kernel
def _init_genrand(mt, s):
    mt[0] = s & MASK32
    for i in range(1, N):
        prev = np.uint64(mt[i - 1])
        mt[i] = (np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i)) \
            & np.uint64(MASK32)


@kernel
def seed_state(mt, low, high):
    """Seed `mt` as `random.Random(seed)` does for a whole number 0 <= seed < 2**64,
    given as its low and high 32-bit words (`split_seed`)."""
    _init_genrand(mt, 19650218)
    words = 1 if high == 0 else 2
    i, j = 1, 0
    for _ in range(max(N, words)):
        prev = np.uint64(mt[i - 1])
        mixed = (np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
        key = np.uint64(low if j == 0 else high)
        mt[i] = (mixed + key + np.uint64(j)) & np.uint64(MASK32)
        i, j = i + 1, j + 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= words:
            j = 0
    for _ in range(N - 1):
        prev = np.uint64(mt[i - 1])
        mixed = (np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
        mt[i] = (mixed - np.uint64(i)) & np.uint64(MASK32)
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@kernel
def _twist(mt):
    upper, lower, magic = np.uint32(0x80000000), np.uint32(0x7FFFFFFF), np.uint32(0x9908B0DF)
    for k in range(N):
        y = (mt[k] & upper) | (mt[(k + 1) % N] & lower)
        mt[k] = mt[(k + M) % N] ^ (y >> np.uint32(1)) ^ (magic if y & np.uint32(1) else
                                                       np.uint32(0))
    mt[N] = 0


@kernel
def next_word(mt) -> int:
    """The next 32-bit output (`genrand_uint32`)."""
    if mt[N] >= N:
        _twist(mt)
    y = np.uint32(mt[mt[N]])
    mt[N] += 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return int(y)


@kernel
def bits(mt, k) -> int:
    """`getrandbits(k)` for 1 <= k <= 32."""
    return next_word(mt) >> (32 - k)


@kernel
def below(mt, n) -> int:
    """`_randbelow(n)` (so `randrange(n)`) for 1 <= n < 2**32."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = bits(mt, k)
    while r >= n:
        r = bits(mt, k)
    return r


@kernel
def shuffle(mt, items, count) -> None:
    """`shuffle` of the first `count` entries of `items`, in place."""
    for i in range(count - 1, 0, -1):
        j = below(mt, i + 1)
        items[i], items[j] = items[j], items[i]


@kernel
def sample(mt, population, k, out, pool) -> None:
    """`sample(population, k)` into `out` (`pool`: working room as long as the
    population), for a population of at most 21 (the pool branch CPython takes for
    small populations)."""
    for i in range(len(pool)):
        pool[i] = population[i]
    n = len(population)
    for i in range(k):
        j = below(mt, n - i)
        out[i] = pool[j]
        pool[j] = pool[n - i - 1]


def split_seed(seed: int) -> tuple[int, int]:
    """A seed below 2**64 as its (low, high) 32-bit words."""
    return seed & MASK32, seed >> 32


def seed_words(seeds) -> np.ndarray:
    """Seeds as rows of their (low, high) 32-bit words, as the batches take them."""
    return np.array([split_seed(s) for s in seeds], np.int64).reshape(len(seeds), 2)


def new_state() -> np.ndarray:
    """An unseeded state (seed it with `seed_state`)."""
    return np.zeros(WORDS, np.uint32)
