package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.channel.BackPressureListener;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.KeyGroups;

/**
 * The end of a task's chain that writes to the downstream instances' channels: records go to
 * one channel (by key group for keyed edges, round-robin otherwise) or to every channel (a
 * broadcast edge), watermarks, status,
 * checkpoint barriers and end of input go to every channel (docs/semantics.md §2: a watermark is
 * broadcast). Records are published in batches per channel; {@link #flush()} publishes what is
 * pending, and every watermark, status, barrier and end of input publishes the records before it.
 * A channel whose ring is full holds the events back in its overflow; {@link #drain()} moves
 * them on, and {@link #backPressured()} tells, with one field test, whether any channel holds
 * some (docs/runtime.md, "Back-pressure"). The producing thread only.
 *
 * @param <T> the record type
 */
public final class ChannelOutput<T> implements ChainEnd<T> {
    private final Channel[] channels;
    private final KeySelector<? super T, ?> keySelector;
    private final int maxParallelism;
    private final SideOutputs sideOutputs;
    /** True for a broadcast edge: every record goes to every channel. */
    private final boolean broadcast;
    private int next;
    private long recordsOut;
    /** Channels whose overflow holds events: the output is back-pressured while not 0. */
    private int backPressuredChannels;
    private BackPressureListener listener = BackPressureListener.NONE;

    /**
     * @param channels one per downstream instance, in instance order
     * @param keySelector the key of a keyed edge, or null for round-robin
     * @param maxParallelism the number of key groups
     * @param sideOutputs where side-output records go
     */
    public ChannelOutput(final Channel[] channels, final KeySelector<? super T, ?> keySelector, final int maxParallelism,
            final SideOutputs sideOutputs) {
        this(channels, keySelector, maxParallelism, sideOutputs, false);
    }

    /**
     * @param channels one per downstream instance, in instance order
     * @param sideOutputs where side-output records go
     * @param <T> the record type
     * @return the end of a broadcast edge: every record goes to every channel (input 2 of a
     *     two-input stage made from a broadcast stream)
     */
    public static <T> ChannelOutput<T> broadcast(final Channel[] channels, final SideOutputs sideOutputs) {
        return new ChannelOutput<>(channels, null, 0, sideOutputs, true);
    }

    private ChannelOutput(final Channel[] channels, final KeySelector<? super T, ?> keySelector, final int maxParallelism,
            final SideOutputs sideOutputs, final boolean broadcast) {
        this.broadcast = broadcast;
        this.channels = channels.clone();
        this.keySelector = keySelector;
        this.maxParallelism = maxParallelism;
        this.sideOutputs = sideOutputs;
        final BackPressureListener counting = new BackPressureListener() {
            @Override
            public void onBackPressure() {
                if (backPressuredChannels++ == 0) {
                    listener.onBackPressure();
                }
            }

            @Override
            public void onBackPressureRelieved() {
                if (--backPressuredChannels == 0) {
                    listener.onBackPressureRelieved();
                }
            }
        };
        for (final Channel channel : this.channels) {
            channel.backPressureListener(counting);
        }
    }

    @Override
    public void record(final T value, final long timestamp) {
        recordsOut++;
        if (broadcast) {
            for (final Channel channel : channels) {
                channel.writeRecord(value, timestamp);
            }
            return;
        }
        if (keySelector == null) {
            roundRobin().writeRecord(value, timestamp);
            return;
        }
        // the key and its group travel with the record: the keyed consumer computes neither again
        final Object key = keySelector.keyOf(value);
        if (channels.length == 1) {
            channels[0].writeKeyedRecord(value, timestamp, key, -1);
        } else {
            final int keyGroup = KeyGroups.keyGroupOf(key, maxParallelism);
            channels[KeyGroups.instanceFor(maxParallelism, channels.length, keyGroup)].writeKeyedRecord(value, timestamp, key, keyGroup);
        }
    }

    private Channel roundRobin() {
        if (channels.length == 1) {
            return channels[0];
        }
        final Channel channel = channels[next];
        next = next + 1 == channels.length ? 0 : next + 1;
        return channel;
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideOutputs.emit(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        for (final Channel channel : channels) {
            channel.publishWatermark(watermark);
        }
    }

    @Override
    public void status(final WatermarkStatus status) {
        for (final Channel channel : channels) {
            channel.publishStatus(status);
        }
    }

    @Override
    public void barrier(final long checkpointId) {
        for (final Channel channel : channels) {
            channel.publishBarrier(checkpointId);
        }
    }

    @Override
    public void end() {
        for (final Channel channel : channels) {
            channel.publishEnd();
        }
    }

    @Override
    public void flush() {
        for (final Channel channel : channels) {
            channel.flush();
        }
    }

    @Override
    public boolean drain() {
        if (backPressuredChannels == 0) {
            return true;
        }
        for (final Channel channel : channels) {
            channel.drain();
        }
        return backPressuredChannels == 0;
    }

    @Override
    public boolean backPressured() {
        return backPressuredChannels != 0;
    }

    @Override
    public long backlog() {
        if (backPressuredChannels == 0) {
            return 0;
        }
        long held = 0;
        for (final Channel channel : channels) {
            held += channel.backlog();
        }
        return held;
    }

    /**
     * @param backPressure learns when this output becomes back-pressured (the first of its
     *     channels holds events back) and when it is relieved (the last one drained), e.g. a
     *     source's emitter, whose idleness clock stops meanwhile; set before the producer starts
     */
    public void backPressureListener(final BackPressureListener backPressure) {
        this.listener = backPressure == null ? BackPressureListener.NONE : backPressure;
    }

    /** @return records written */
    public long recordsOut() {
        return recordsOut;
    }
}
