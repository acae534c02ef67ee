package dev.weir.runtime.task;

import dev.weir.clock.Clock;
import dev.weir.runtime.Gauge;
import dev.weir.valve.WatermarkValve;

/**
 * Mirrors a task's watermark valve into gauges after every watermark or status it takes, so
 * that other threads can see each channel's watermark, status and alignment, and which channel
 * holds the minimum since when (docs/semantics.md §6: "which channel holds the minimum and since
 * when"). Updated by the task's thread only; O(channels) per watermark or status event, none
 * per record.
 */
final class ValveProbe {
    private final WatermarkValve valve;
    private final Clock clock;
    private final Gauge[] watermarks;
    private final Gauge[] idle;
    private final Gauge[] aligned;
    private final Gauge minimumChannel;
    private final Gauge minimumSinceMillis;

    ValveProbe(final WatermarkValve valve, final Clock clock) {
        this.valve = valve;
        this.clock = clock;
        final int channels = valve.channels();
        this.watermarks = new Gauge[channels];
        this.idle = new Gauge[channels];
        this.aligned = new Gauge[channels];
        for (int channel = 0; channel < channels; channel++) {
            watermarks[channel] = new Gauge(Long.MIN_VALUE);
            idle[channel] = new Gauge(0);
            aligned[channel] = new Gauge(valve.isChannelAligned(channel) ? 1 : 0);
        }
        this.minimumChannel = new Gauge(valve.minimumChannel());
        this.minimumSinceMillis = new Gauge(clock.millis());
    }

    /** Copies the valve's state after it took an event; the task's thread only. */
    void update() {
        for (int channel = 0; channel < watermarks.length; channel++) {
            watermarks[channel].set(valve.channelWatermark(channel));
            idle[channel].set(valve.isChannelIdle(channel) ? 1 : 0);
            aligned[channel].set(valve.isChannelAligned(channel) ? 1 : 0);
        }
        final int holder = valve.minimumChannel();
        if (holder != minimumChannel.get()) {
            minimumSinceMillis.set(clock.millis());
            minimumChannel.set(holder);
        }
    }

    int channels() {
        return watermarks.length;
    }

    long watermark(final int channel) {
        return watermarks[channel].get();
    }

    boolean isIdle(final int channel) {
        return idle[channel].get() != 0;
    }

    boolean isAligned(final int channel) {
        return aligned[channel].get() != 0;
    }

    /** @return the channel that holds the minimum, or -1 */
    int minimumChannel() {
        return (int) minimumChannel.get();
    }

    long minimumSinceMillis() {
        return minimumSinceMillis.get();
    }
}
