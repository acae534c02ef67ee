package dev.weir.flink.scenario;

import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.AscendingTimestampsWatermarks;
import org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import org.apache.flink.api.common.eventtime.NoWatermarksGenerator;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkOutputMultiplexer;
import org.apache.flink.api.common.eventtime.WatermarksWithIdleness;
import org.apache.flink.api.connector.source.SourceOutput;

/**
 * The watermarks of a scenario's channels on Flink, driven by the scenario's processing time (the
 * rows' {@code at}, docs/scenarios.md "How a scenario is driven"). Each channel has Flink's own
 * generator ({@code BoundedOutOfOrdernessWatermarks}, {@code AscendingTimestampsWatermarks}, inside
 * {@code WatermarksWithIdleness} with idleness) and an output of Flink's own
 * {@code WatermarkOutputMultiplexer}, which combines them (minimum over active channels, idle when
 * all are) into the reader's output. They are called as Flink's source operator calls the split
 * outputs of one reader: a record goes to its channel's generator with the channel's immediate
 * output; a periodic emission calls every channel's generator with its deferred output, then the
 * multiplexer's {@code onPeriodicEmit}. What is virtual is only the instants: periodic emissions
 * at the ticks {@code interval}, {@code 2·interval}, ... of processing time, before the first row
 * at or after each, and the idleness timers read that time ({@link ScenarioClock}).
 *
 * <p>Ticks at which every generator would repeat its previous call are skipped: one tick after a
 * channel's last row its periodic watermark repeats, and with idleness the only later change is
 * the tick at which its idleness timer runs out, which this class computes by Flink's rule (the
 * second check without a record starts the inactivity; a later check more than {@code idleness}
 * ms after it finds the channel idle) and jumps to.
 *
 * <p>The channels of an input of a two-input job are parallel source instances instead
 * ({@link ParallelChannels}): the same generators and calls, but each channel's output is a source
 * subtask's, combined by Flink's valve one emission at a time, as on Weir. Not thread-safe: the
 * source reader's thread.
 */
final class ChannelWatermarks {
    /** Marks "no tick pending" for a channel's idleness timer. */
    private static final long NEVER = Long.MIN_VALUE;

    private final long interval;
    private final long idleness;
    /** For an input of a two-input job: its channels as parallel source instances; null for a one-input job's splits. */
    private final ParallelChannels parallel;
    private final ScenarioClock clock = new ScenarioClock();
    private final ForwardingOutput combined = new ForwardingOutput();
    private final WatermarkOutputMultiplexer multiplexer = new WatermarkOutputMultiplexer(combined);
    private final List<WatermarkGenerator<ScenarioRecord>> generators = new ArrayList<>();
    private final List<WatermarkOutput> immediate = new ArrayList<>();
    private final List<WatermarkOutput> deferred = new ArrayList<>();
    private final boolean[] ended;
    private final long[] ticksSinceRow;
    private final long[] ticksSinceRecord;
    private final long[] idleTick;
    private long nextTick;
    private boolean ticksOver;
    private int open;

    /**
     * @param spec the job's watermarks section
     * @param channels the number of channels, 1 or more
     */
    ChannelWatermarks(final WatermarkSpec spec, final int channels) {
        this(spec, channels, null);
    }

    /**
     * @param spec the input's watermarks section
     * @param channels the number of channels, 1 or more
     * @param parallel for an input of a two-input job, its channels as parallel source instances ({@link ParallelChannels},
     *     each emission on its own, as on Weir); null for the splits of one reader, combined by Flink's multiplexer once per tick
     */
    ChannelWatermarks(final WatermarkSpec spec, final int channels, final ParallelChannels parallel) {
        this.parallel = parallel;
        this.interval = spec.intervalMillis();
        this.idleness = spec.idlenessMillis();
        this.ended = new boolean[channels];
        this.ticksSinceRow = new long[channels];
        this.ticksSinceRecord = new long[channels];
        this.idleTick = new long[channels];
        this.open = channels;
        for (int channel = 0; channel < channels; channel++) {
            if (parallel != null) {
                immediate.add(parallel.channel(channel));
                deferred.add(parallel.channel(channel));
            } else {
                final String id = Integer.toString(channel);
                multiplexer.registerNewOutput(id);
                immediate.add(multiplexer.getImmediateOutput(id));
                deferred.add(multiplexer.getDeferredOutput(id));
            }
            generators.add(generator(spec, clock));
            // Flink's idleness timer starts with no record seen: its first check already starts the inactivity
            ticksSinceRecord[channel] = 1;
            idleTick[channel] = NEVER;
        }
        this.nextTick = interval;
        this.ticksOver = interval <= 0;
    }

    private static WatermarkGenerator<ScenarioRecord> generator(final WatermarkSpec spec, final ScenarioClock clock) {
        final WatermarkGenerator<ScenarioRecord> generator;
        switch (spec.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                generator = new BoundedOutOfOrdernessWatermarks<>(Duration.ofMillis(spec.maxOutOfOrdernessMillis()));
                break;
            case MONOTONOUS:
                generator = new AscendingTimestampsWatermarks<>();
                break;
            case EXPLICIT:
            case NONE:
            default:
                if (spec.idlenessMillis() <= 0) {
                    // W rows only
                    return null;
                }
                // W rows, and Flink's idleness timer over a generator that emits nothing (noWatermarks().withIdleness(...))
                generator = new NoWatermarksGenerator<>();
                break;
        }
        return spec.idlenessMillis() > 0 ? new WatermarksWithIdleness<>(generator, Duration.ofMillis(spec.idlenessMillis()), clock) : generator;
    }

    /** @param output where the combined watermark and idleness go: the reader's output of this poll */
    void emitTo(final WatermarkOutput output) {
        combined.target = output;
    }

    /** @param output where the combined watermark and idleness, or a window join's channel marks, go: the reader's output of this poll */
    void emitTo(final SourceOutput<ScenarioRecord> output) {
        combined.target = output;
        if (parallel != null) {
            parallel.emitTo(output);
        }
    }

    /**
     * Runs the periodic emissions due before a row at {@code at}: every tick up to and including
     * it that has not run, skipping those that cannot change anything. The row that follows may
     * change a generator, so the first tick after it runs again.
     *
     * @param at the next row's processing time in ms, never before the previous row's
     */
    void advanceTo(final long at) {
        for (long tick = dueTick(at); tick != NEVER; tick = dueTick(at)) {
            runTick(at);
        }
        settle(at);
    }

    /**
     * @param at the next row's processing time in ms
     * @return the next tick due before that row ({@link #advanceTo}), or {@code Long.MIN_VALUE} if none is
     */
    long dueTick(final long at) {
        return !ticksOver && nextTick <= at ? nextTick : NEVER;
    }

    /** @param at the next row's processing time: runs the tick {@link #dueTick} returned, then plans the next one */
    void runTick(final long at) {
        final long tick = nextTick;
        tick(tick);
        final long following = followingChange(tick);
        if (following == NEVER) {
            nextTick = Math.max(nextTick, firstTickAfter(at));
        } else if (tick > Long.MAX_VALUE - interval) {
            ticksOver = true;
        } else {
            nextTick = Math.max(tick + interval, following);
        }
    }

    /** @param at the next row's processing time, once no tick is due before it: the first tick after the row runs again */
    void settle(final long at) {
        if (!ticksOver) {
            nextTick = Math.min(nextTick, firstTickAfter(at));
        }
    }

    /** @return the first tick after {@code at}; sets {@link #ticksOver} (and returns MAX) if none is left before the end of time */
    private long firstTickAfter(final long at) {
        final long ticks = at / interval + 1;
        if (ticks > Long.MAX_VALUE / interval) {
            ticksOver = true;
            return Long.MAX_VALUE;
        }
        return ticks * interval;
    }

    private void tick(final long tick) {
        clock.set(tick);
        for (int channel = 0; channel < ended.length; channel++) {
            if (!ended[channel] && generators.get(channel) != null) {
                generators.get(channel).onPeriodicEmit(deferred.get(channel));
            }
            ticksSinceRow[channel]++;
            if (++ticksSinceRecord[channel] == 2 && idleness > 0) {
                // this tick's check started the inactivity; the first check more than idleness later finds the channel idle
                final long ticks = idleness / interval + 1;
                idleTick[channel] = ticks > (Long.MAX_VALUE - tick) / interval ? NEVER : tick + ticks * interval;
            }
        }
        multiplexer.onPeriodicEmit();
    }

    /** @return the next tick that can change anything after {@code tick}, or {@link #NEVER} before the next row */
    private long followingChange(final long tick) {
        long following = NEVER;
        for (int channel = 0; channel < ended.length; channel++) {
            if (ended[channel]) {
                continue;
            }
            if (ticksSinceRow[channel] < 1 || (idleness > 0 && ticksSinceRecord[channel] < 2)) {
                return tick + interval > tick ? tick + interval : Long.MAX_VALUE;
            }
            if (idleness > 0 && idleTick[channel] != NEVER && idleTick[channel] > tick) {
                following = following == NEVER ? idleTick[channel] : Math.min(following, idleTick[channel]);
            }
        }
        return following;
    }

    /**
     * A record of a channel, after it was emitted: to the channel's generator (and, with
     * {@code interval: 0}, its periodic emission right after).
     *
     * @param channel the row's channel
     * @param record the record
     * @param timestamp its event time in ms
     */
    void onRecord(final int channel, final ScenarioRecord record, final long timestamp) {
        final WatermarkGenerator<ScenarioRecord> generator = generators.get(channel);
        if (generator != null) {
            generator.onEvent(record, timestamp, immediate.get(channel));
            if (interval == 0) {
                generator.onPeriodicEmit(immediate.get(channel));
            }
        }
        ticksSinceRow[channel] = 0;
        ticksSinceRecord[channel] = 0;
        idleTick[channel] = NEVER;
    }

    /**
     * @param channel the row's channel
     * @param watermark a {@code W} row's watermark, on the channel's immediate output
     */
    void onWatermark(final int channel, final long watermark) {
        immediate.get(channel).emitWatermark(new Watermark(watermark));
        ticksSinceRow[channel] = 0;
    }

    /**
     * @param channel the row's channel
     * @param idle true for an {@code I} row, false for an {@code A} row
     */
    void onStatus(final int channel, final boolean idle) {
        if (idle) {
            immediate.get(channel).markIdle();
        } else {
            immediate.get(channel).markActive();
        }
        ticksSinceRow[channel] = 0;
    }

    /**
     * An {@code E} row: the channel emits MAX and its generator stops.
     *
     * @param channel the row's channel
     */
    void onEnd(final int channel) {
        immediate.get(channel).emitWatermark(Watermark.MAX_WATERMARK);
        if (!ended[channel]) {
            ended[channel] = true;
            open--;
        }
    }

    /** @return true once every channel has had its {@code E} row */
    boolean allEnded() {
        return open == 0;
    }

    /** The multiplexer's output: the reader's output of the current poll. */
    private static final class ForwardingOutput implements WatermarkOutput {
        private WatermarkOutput target;

        @Override
        public void emitWatermark(final Watermark watermark) {
            target.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            target.markIdle();
        }

        @Override
        public void markActive() {
            target.markActive();
        }
    }
}
