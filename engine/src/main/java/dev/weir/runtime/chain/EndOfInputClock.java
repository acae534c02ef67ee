package dev.weir.runtime.chain;

import dev.weir.clock.Clock;

/**
 * The processing time a chain's operators see: the pipeline's clock until the chain's input
 * ends, then {@link Long#MAX_VALUE} for good, as processing time jumps to the end of time at
 * the end of a bounded input (the {@code E} rows of docs/scenarios.md, "How a scenario is driven").
 * Not thread-safe: the chain's
 * thread only.
 */
final class EndOfInputClock implements Clock {
    private final Clock clock;
    private boolean ended;

    /** @param clock the pipeline's processing time */
    EndOfInputClock(final Clock clock) {
        this.clock = clock;
    }

    /** The input has ended: from now on processing time is {@link Long#MAX_VALUE}. */
    void end() {
        ended = true;
    }

    @Override
    public long millis() {
        return ended ? Long.MAX_VALUE : clock.millis();
    }
}
