package dev.weir.state;

/**
 * Flink's key-group assignment, so that keys land where they would on Flink:
 * {@code murmur(key.hashCode()) % maxParallelism}, with contiguous key-group ranges per
 * operator instance.
 */
public final class KeyGroups {
    /** Flink's default maximum parallelism for small jobs. */
    public static final int DEFAULT_MAX_PARALLELISM = 128;

    private KeyGroups() {
    }

    /**
     * @param key a key, not null
     * @param maxParallelism the number of key groups
     * @return the key's key group
     */
    public static int keyGroupOf(final Object key, final int maxParallelism) {
        if (key == null) {
            throw new NullPointerException("keys must not be null");
        }
        return murmurHash(key.hashCode()) % maxParallelism;
    }

    /**
     * @param maxParallelism the number of key groups
     * @param parallelism the number of operator instances
     * @param keyGroup a key group
     * @return the index of the instance that owns it
     */
    public static int instanceFor(final int maxParallelism, final int parallelism, final int keyGroup) {
        return keyGroup * parallelism / maxParallelism;
    }

    /**
     * @param maxParallelism the number of key groups
     * @param parallelism the number of operator instances
     * @param instance an instance index
     * @return the key groups that instance owns
     */
    public static KeyGroupRange rangeFor(final int maxParallelism, final int parallelism, final int instance) {
        if (parallelism < 1 || parallelism > maxParallelism) {
            throw new IllegalArgumentException("parallelism must be in [1, " + maxParallelism + "]: " + parallelism);
        }
        final int start = (instance * maxParallelism + parallelism - 1) / parallelism;
        final int end = ((instance + 1) * maxParallelism - 1) / parallelism;
        return new KeyGroupRange(start, end);
    }

    /**
     * Flink's murmur-based scrambling of a hash code; never negative.
     *
     * @param code a hash code
     * @return the scrambled, non-negative hash
     */
    public static int murmurHash(final int code) {
        int h = code * 0xcc9e2d51;
        h = Integer.rotateLeft(h, 15);
        h *= 0x1b873593;
        h = Integer.rotateLeft(h, 13);
        h = h * 5 + 0xe6546b64;
        h ^= 4;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        if (h >= 0) {
            return h;
        }
        return h != Integer.MIN_VALUE ? -h : 0;
    }
}
