package dev.weir.runtime.channel;

import com.lmax.disruptor.RingBuffer;
import dev.weir.event.StreamEvent;

/**
 * The fields only a {@link Channel}'s producer writes, on every record: padded on both sides
 * (by {@link ChannelProducerPad} before, by {@link Channel}'s own padding after) so that no
 * other thread reads or writes the cache lines they sit on.
 */
abstract class ChannelProducerCursor extends ChannelProducerPad {
    /** The last slot the producer filled, and the last it published; equal when nothing is pending. */
    protected long written = -1;
    protected long published = -1;
    /**
     * True while the overflow holds events (since a write found the ring full, until a drain
     * emptied it): every write goes to the overflow then, so events stay in order. The one
     * field a write tests besides the ring.
     */
    protected boolean backPressured;

    ChannelProducerCursor(final String name, final RingBuffer<StreamEvent> ring, final int publishBatch) {
        super(name, ring, publishBatch);
    }
}
