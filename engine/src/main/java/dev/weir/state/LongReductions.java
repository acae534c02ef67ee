package dev.weir.state;

/**
 * Weir's own reduce functions over longs, as used by its built-in triggers' state. Constants of
 * an enum, so that a descriptor holding one serializes and reads back as the same function.
 * Stateless, so thread-safe.
 */
public enum LongReductions implements ReduceFunction<Long> {
    /** The sum of both values. */
    SUM {
        @Override
        public Long reduce(final Long accumulated, final Long value) {
            return accumulated + value;
        }
    },
    /** The smaller of both values. */
    MIN {
        @Override
        public Long reduce(final Long accumulated, final Long value) {
            return Math.min(accumulated, value);
        }
    }
}
