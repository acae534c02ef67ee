package dev.weir.runtime;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.StateBackend;
import dev.weir.time.StreamWatermarks;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs {@code sources -> keyBy -> operator -> sink} on one thread and a virtual clock, so a
 * run is reproducible to the line. Each source channel has its own timestamps and
 * watermark generator (with idleness); every operator instance merges all channels through
 * its valve; records go to the instance that owns their key group.
 *
 * <p>Processing time moves only through the calls' {@code atMillis}. Periodic watermark
 * emission happens at {@code interval, 2*interval, ...}: at each tick the clock is set
 * first (processing-time timers fire), then every channel that has not ended emits, in
 * channel order. When every channel has ended, processing time jumps to
 * {@link Long#MAX_VALUE}. Not thread-safe.
 *
 * @param <IN> the record type
 * @param <OUT> the operator's output type
 */
public final class DeterministicDriver<IN, OUT> {
    /**
     * Ticks in a row without records after which every channel of Weir's own generators has
     * repeated its last watermark and started its inactivity clock; from then on only an
     * idleness declaration can change anything.
     */
    private static final long SETTLE_TICKS = 4;
    /** {@link #nextTick}'s answer past the end of time: every tick lies after the start, so never a tick. */
    private static final long NO_TICK = Long.MIN_VALUE;
    private final VirtualClock clock;
    private final List<StreamWatermarks<IN>> channels = new ArrayList<>();
    private final List<OperatorInput<IN>> instances = new ArrayList<>();
    private final KeySelector<? super IN, ?> keySelector;
    private final int maxParallelism;
    private final long intervalMillis;
    private final boolean emitAfterEveryRecord;
    /** Whether ticks that change nothing may be skipped: the channels run Weir's own generators. */
    private final boolean skipsSettledTicks;
    /** Whether a periodic tick is still to come; a tick may fall on {@code Long.MAX_VALUE} itself. */
    private boolean ticking;
    private long nextTickMillis;
    private int endedChannels;

    private DeterministicDriver(final Builder<IN, OUT> builder) {
        this.clock = new VirtualClock(builder.startMillis);
        this.keySelector = builder.keySelector;
        this.maxParallelism = builder.maxParallelism;
        this.emitAfterEveryRecord = builder.emitAfterEveryRecord;
        this.intervalMillis = builder.strategy.intervalMillis();
        this.ticking = intervalMillis > 0;
        if (ticking) {
            scheduleTick(builder.startMillis, 1);
        }
        this.skipsSettledTicks = builder.strategy.isDrivenByRecords() && intervalMillis > 0;
        if (keySelector == null && builder.parallelism != 1) {
            throw new IllegalArgumentException("parallelism " + builder.parallelism + " needs a key selector");
        }
        for (int instance = 0; instance < builder.parallelism; instance++) {
            final OneInputOperator<IN, OUT> operator = builder.operator.create();
            operator.open(new OperatorContext(builder.operatorName, clock, instance, builder.parallelism, maxParallelism, builder.stateBackend),
                    builder.sink);
            instances.add(new OperatorInput<>(operator, builder.channels));
        }
        for (int channel = 0; channel < builder.channels; channel++) {
            channels.add(new StreamWatermarks<>(builder.strategy, clock, new Broadcast(channel)));
        }
    }

    /**
     * @param <IN> the record type
     * @param <OUT> the operator's output type
     * @return a builder: one channel, no watermarks, parallelism 1, heap state
     */
    public static <IN, OUT> Builder<IN, OUT> builder() {
        return new Builder<>();
    }

    /**
     * A record arrives on a channel: it goes to its operator instance first, then to the
     * channel's watermark generator.
     *
     * @param atMillis processing time of arrival, not before the previous call's
     * @param channel the channel index
     * @param value the record
     * @param recordTimestamp the timestamp it carries, or {@link TimestampAssigner#NO_TIMESTAMP}
     */
    public void record(final long atMillis, final int channel, final IN value, final long recordTimestamp) {
        advanceTo(atMillis);
        final StreamWatermarks<IN> source = channel(channel);
        if (source.isEnded()) {
            throw new IllegalStateException("channel " + channel + " has ended");
        }
        final long timestamp = source.timestampOf(value, recordTimestamp);
        instanceFor(value).record(value, timestamp);
        source.onRecord(value, timestamp);
        if (emitAfterEveryRecord) {
            source.periodicEmit();
        }
        fireProcessingTimers();
    }

    /**
     * A watermark pushed by the source itself (explicit watermarks).
     *
     * @param atMillis processing time
     * @param channel the channel index
     * @param watermark the watermark; only an increase is forwarded
     */
    public void watermark(final long atMillis, final int channel, final long watermark) {
        advanceTo(atMillis);
        channel(channel).output().emitWatermark(watermark);
        fireProcessingTimers();
    }

    /**
     * @param atMillis processing time
     * @param channel the channel that declares itself idle
     */
    public void idle(final long atMillis, final int channel) {
        advanceTo(atMillis);
        channel(channel).output().markIdle();
        fireProcessingTimers();
    }

    /**
     * @param atMillis processing time
     * @param channel the channel that declares itself active
     */
    public void active(final long atMillis, final int channel) {
        advanceTo(atMillis);
        channel(channel).output().markActive();
        fireProcessingTimers();
    }

    /**
     * The channel's input ends: it emits MAX. When every channel has ended, processing time
     * jumps to {@link Long#MAX_VALUE} and the operators see end of input.
     *
     * @param atMillis processing time
     * @param channel the channel index
     */
    public void end(final long atMillis, final int channel) {
        advanceTo(atMillis);
        final StreamWatermarks<IN> source = channel(channel);
        if (source.isEnded()) {
            return;
        }
        source.end();
        endedChannels++;
        if (endedChannels == channels.size()) {
            clock.advanceTo(Long.MAX_VALUE);
            fireProcessingTimers();
            for (final OperatorInput<IN> instance : instances) {
                instance.operator().endInput();
            }
        } else {
            fireProcessingTimers();
        }
    }

    /**
     * Moves processing time forward, running every periodic emission due on the way.
     *
     * @param atMillis the new processing time
     */
    public void advanceTo(final long atMillis) {
        if (atMillis < clock.millis()) {
            throw new IllegalArgumentException("processing time went back from " + clock.millis() + " to " + atMillis);
        }
        long ticksRun = 0;
        while (ticking && nextTickMillis <= atMillis && endedChannels < channels.size()) {
            if (skipsSettledTicks && ticksRun >= SETTLE_TICKS) {
                final long change = nextIdlenessChange();
                if (change > nextTickMillis) {
                    // the ticks before the next idleness declaration change nothing
                    skipSettledTicks(change <= atMillis ? change - 1 : atMillis, atMillis);
                    continue;
                }
            }
            clock.advanceTo(nextTickMillis);
            fireProcessingTimers();
            for (final StreamWatermarks<IN> source : channels) {
                source.periodicEmit();
            }
            ticksRun++;
            scheduleTick(nextTickMillis, 1);
        }
        clock.advanceTo(atMillis);
        fireProcessingTimers();
    }

    /** @return the earliest time a channel's periodic emission could next declare idleness (see StreamWatermarks) */
    private long nextIdlenessChange() {
        long next = Long.MAX_VALUE;
        for (final StreamWatermarks<IN> source : channels) {
            next = Math.min(next, source.nextIdlenessChangeMillis());
        }
        return next;
    }

    /**
     * Without records, Weir's own generators settle within {@link #SETTLE_TICKS} ticks (the
     * last watermark repeats) but for idleness, which each channel declares once, at a time
     * its idleness timer knows: the ticks up to {@code untilMillis}, before that time, would
     * change nothing, so only the processing-time timers among them run, in time order. This
     * keeps a replay whose processing time starts at an epoch timestamp, or a long idleness
     * with a short interval, from ticking through decades.
     */
    private void skipSettledTicks(final long untilMillis, final long atMillis) {
        long due = nextProcessingTime();
        while (due <= untilMillis && due != Long.MAX_VALUE) {
            // a timer due between ticks fires at the next tick, as when ticking, or at atMillis
            final long later = due <= nextTickMillis ? nextTickMillis : nextTick(nextTickMillis, (due - nextTickMillis + intervalMillis - 1) / intervalMillis);
            final long tick = later == NO_TICK ? Long.MAX_VALUE : later;
            if (tick > untilMillis && untilMillis < atMillis) {
                break; // that tick is not skipped: the timer fires when it runs
            }
            clock.advanceTo(Math.min(tick, atMillis));
            fireProcessingTimers();
            due = nextProcessingTime();
        }
        scheduleTick(nextTickMillis, (untilMillis - nextTickMillis) / intervalMillis + 1);
    }

    /**
     * Makes the tick {@code ticks} intervals after {@code tickMillis} the next one; past the end
     * of time there is none. A tick at {@code Long.MAX_VALUE} itself still runs, before a row at
     * that time, as every other tick does.
     */
    private void scheduleTick(final long tickMillis, final long ticks) {
        final long next = nextTick(tickMillis, ticks);
        ticking = next != NO_TICK;
        nextTickMillis = next;
    }

    /**
     * @return the tick {@code ticks} intervals after {@code tickMillis}, or {@link #NO_TICK} past
     *     the end of time
     */
    private long nextTick(final long tickMillis, final long ticks) {
        if (ticks > (Long.MAX_VALUE - tickMillis) / intervalMillis) {
            return NO_TICK;
        }
        return tickMillis + ticks * intervalMillis;
    }

    private long nextProcessingTime() {
        long next = Long.MAX_VALUE;
        for (final OperatorInput<IN> instance : instances) {
            next = Math.min(next, instance.operator().nextProcessingTime());
        }
        return next;
    }

    /** @return the virtual processing time */
    public long currentProcessingTime() {
        return clock.millis();
    }

    /** @return true once every channel has ended */
    public boolean isFinished() {
        return endedChannels == channels.size();
    }

    /** @return the operator instances with their valves, in instance order */
    public List<OperatorInput<IN>> instances() {
        return instances;
    }

    /** Closes every operator. */
    public void close() {
        for (final OperatorInput<IN> instance : instances) {
            instance.operator().close();
        }
    }

    private StreamWatermarks<IN> channel(final int channel) {
        if (channel < 0 || channel >= channels.size()) {
            throw new IllegalArgumentException("channel " + channel + " does not exist: the job has " + channels.size() + " channel(s)");
        }
        return channels.get(channel);
    }

    private OperatorInput<IN> instanceFor(final IN value) {
        if (instances.size() == 1) {
            return instances.get(0);
        }
        final int keyGroup = KeyGroups.keyGroupOf(keySelector.keyOf(value), maxParallelism);
        return instances.get(KeyGroups.instanceFor(maxParallelism, instances.size(), keyGroup));
    }

    private void fireProcessingTimers() {
        final long now = clock.millis();
        for (final OperatorInput<IN> instance : instances) {
            if (instance.operator().nextProcessingTime() <= now) {
                instance.operator().advanceProcessingTime(now);
            }
        }
    }

    /** Sends one channel's watermarks and status to every operator instance. */
    private final class Broadcast implements WatermarkSink {
        private final int channel;

        Broadcast(final int channel) {
            this.channel = channel;
        }

        @Override
        public void watermark(final long watermark) {
            for (final OperatorInput<IN> instance : instances) {
                instance.watermark(watermark, channel);
            }
        }

        @Override
        public void status(final WatermarkStatus status) {
            for (final OperatorInput<IN> instance : instances) {
                instance.status(status, channel);
            }
        }
    }

    /**
     * Configures a {@link DeterministicDriver}.
     *
     * @param <IN> the record type
     * @param <OUT> the operator's output type
     */
    public static final class Builder<IN, OUT> {
        private int channels = 1;
        private WatermarkStrategy<IN> strategy = WatermarkStrategy.noWatermarks();
        private KeySelector<? super IN, ?> keySelector;
        private int parallelism = 1;
        private int maxParallelism = KeyGroups.DEFAULT_MAX_PARALLELISM;
        private OperatorFactory<IN, OUT> operator;
        private String operatorName = "operator";
        private Output<OUT> sink;
        private StateBackend stateBackend = HeapStateBackend.INSTANCE;
        private long startMillis;
        private boolean emitAfterEveryRecord;

        private Builder() {
        }

        /**
         * @param count the number of source channels, at least 1
         * @return this builder
         */
        public Builder<IN, OUT> channels(final int count) {
            if (count < 1) {
                throw new IllegalArgumentException("channels must be at least 1: " + count);
            }
            this.channels = count;
            return this;
        }

        /**
         * @param watermarkStrategy timestamps, watermarks, idleness and interval of every channel
         * @return this builder
         */
        public Builder<IN, OUT> watermarks(final WatermarkStrategy<IN> watermarkStrategy) {
            this.strategy = Objects.requireNonNull(watermarkStrategy, "watermarkStrategy");
            return this;
        }

        /**
         * @param selector routes records to instances by key group
         * @return this builder
         */
        public Builder<IN, OUT> keyBy(final KeySelector<? super IN, ?> selector) {
            this.keySelector = Objects.requireNonNull(selector, "selector");
            return this;
        }

        /**
         * @param instances operator instances, each owning a key-group range
         * @return this builder
         */
        public Builder<IN, OUT> parallelism(final int instances) {
            this.parallelism = instances;
            return this;
        }

        /**
         * @param keyGroups the number of key groups (Flink's maxParallelism)
         * @return this builder
         */
        public Builder<IN, OUT> maxParallelism(final int keyGroups) {
            this.maxParallelism = keyGroups;
            return this;
        }

        /**
         * @param name the operator's name
         * @param factory makes each operator instance
         * @return this builder
         */
        public Builder<IN, OUT> operator(final String name, final OperatorFactory<IN, OUT> factory) {
            this.operatorName = Objects.requireNonNull(name, "name");
            this.operator = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /**
         * @param output receives every instance's output
         * @return this builder
         */
        public Builder<IN, OUT> sink(final Output<OUT> output) {
            this.sink = Objects.requireNonNull(output, "output");
            return this;
        }

        /**
         * @param backend makes the keyed state of each instance
         * @return this builder
         */
        public Builder<IN, OUT> stateBackend(final StateBackend backend) {
            this.stateBackend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /**
         * @param millis the virtual processing time at start
         * @return this builder
         */
        public Builder<IN, OUT> startAt(final long millis) {
            this.startMillis = millis;
            return this;
        }

        /**
         * @param enabled run the channel's periodic emission right after each of its records
         *     (the scenario convenience for interval 0)
         * @return this builder
         */
        public Builder<IN, OUT> emitAfterEveryRecord(final boolean enabled) {
            this.emitAfterEveryRecord = enabled;
            return this;
        }

        /** @return the driver, with every operator instance opened */
        public DeterministicDriver<IN, OUT> build() {
            if (operator == null || sink == null) {
                throw new IllegalStateException("a driver needs an operator and a sink");
            }
            return new DeterministicDriver<>(this);
        }
    }
}
