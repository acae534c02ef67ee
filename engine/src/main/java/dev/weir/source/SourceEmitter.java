package dev.weir.source;

import dev.weir.clock.Clock;
import dev.weir.clock.PausableClock;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.channel.BackPressureListener;
import dev.weir.time.SplitWatermarks;
import dev.weir.time.StreamWatermarks;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarkStrategy;
import java.util.Arrays;

/**
 * One source instance's emission path: timestamps and watermarks from the strategy (with
 * periodic emission on the clock and idleness measured on a pausable activity clock), then the
 * operators fused behind the source. Records emitted directly run one watermark generator
 * (allocation-free); records emitted through {@link #split(int)} run one generator per split and
 * the source emits the minimum over its splits (docs/semantics.md §1). The activity clock stands
 * still while the source is paused for alignment or back-pressured by a full downstream ring, so
 * neither counts as idle. Owned by the one thread that feeds the source.
 *
 * @param <T> the record type
 */
public final class SourceEmitter<T> implements BackPressureListener {
    private static final int PAUSED = 1;
    private static final int BACK_PRESSURED = 2;
    /**
     * Periodic emissions without input after which Weir's own generators have settled: each has
     * repeated its last watermark and started its inactivity timer, so only an idleness
     * declaration can change anything until the next input.
     */
    private static final int SETTLE_TICKS = 4;

    private final Clock clock;
    private final PausableClock activityClock;
    private final OperatorChain chain;
    private final WatermarkStrategy<T> strategy;
    private final StreamWatermarks<T> watermarks;
    private final long intervalMillis;
    private SplitWatermarks<T> splits;
    private SourceSplitOutput<?>[] splitOutputs = new SourceSplitOutput<?>[0];
    private long nextEmissionMillis;
    /**
     * Whether a periodic emission is still to come: false without an interval and past the end of
     * time; the last one may fall on {@code Long.MAX_VALUE} itself, so that value alone cannot say.
     */
    private boolean emissionScheduled;
    /** Periodic emissions since the last record or announcement; see {@link #SETTLE_TICKS}. */
    private int quietTicks;
    private int stopReasons;
    private boolean ended;
    private boolean chainFailed;
    private long recordsOut;
    private SourceCheckpointer checkpointer;

    /**
     * @param strategy timestamps and watermarks
     * @param clock processing time
     * @param chain the operators after the source, opened
     */
    public SourceEmitter(final WatermarkStrategy<T> strategy, final Clock clock, final OperatorChain chain) {
        this.clock = clock;
        this.activityClock = new PausableClock(clock);
        this.chain = chain;
        this.strategy = strategy;
        this.watermarks = new StreamWatermarks<>(strategy, activityClock, chain);
        this.intervalMillis = strategy.intervalMillis();
        this.nextEmissionMillis = Long.MAX_VALUE;
        if (intervalMillis > 0) {
            scheduleEmission(clock.millis(), 1);
        }
    }

    /**
     * Emits a record of the source's single stream.
     *
     * @param value a record
     * @param recordTimestamp the timestamp it carries, or {@code Long.MIN_VALUE}
     * @throws IllegalStateException if the source emits through split outputs
     */
    public void emit(final T value, final long recordTimestamp) {
        if (splits != null) {
            throw new IllegalStateException("this source emits through split outputs: emit each record on its split's output");
        }
        final long timestamp = watermarks.timestampOf(value, recordTimestamp);
        recordsOut++;
        quietTicks = 0;
        forward(value, timestamp);
        watermarks.onRecord(value, timestamp);
    }

    private void forward(final T value, final long timestamp) {
        try {
            chain.record(value, timestamp);
        } catch (RuntimeException failure) {
            chainFailed = true;
            throw failure;
        }
    }

    /**
     * The output of one split; the first call registers the split (it holds the source back from
     * then on), later calls return the same object.
     *
     * @param splitIndex the reader's index of the split, not negative
     * @return the split's output
     * @throws IllegalStateException if records were emitted directly before
     */
    @SuppressWarnings("unchecked")
    public SplitOutput<T> split(final int splitIndex) {
        if (splitIndex >= 0 && splitIndex < splitOutputs.length && splitOutputs[splitIndex] != null) {
            return (SplitOutput<T>) splitOutputs[splitIndex];
        }
        if (splits == null) {
            if (recordsOut > 0) {
                throw new IllegalStateException("records were emitted directly on the source output: a reader emits either there"
                        + " or through split outputs, not both");
            }
            splits = new SplitWatermarks<>(strategy, activityClock, watermarks.output());
        }
        splits.addSplit(splitIndex);
        if (splitIndex >= splitOutputs.length) {
            splitOutputs = Arrays.copyOf(splitOutputs, Math.max(splitIndex + 1, splitOutputs.length * 2));
        }
        final SourceSplitOutput<T> output = new SourceSplitOutput<>(this, splitIndex);
        splitOutputs[splitIndex] = output;
        return output;
    }

    /**
     * Runs the periodic watermark emission (of the single stream or of every split, combined),
     * the chained operators' processing-time timers and a checkpoint when they are due.
     *
     * @return true if anything ran
     */
    public boolean poll() {
        final long now = clock.millis();
        boolean ran = false;
        if (emissionScheduled && now >= nextEmissionMillis && !ended) {
            if (nextEmissionDueMillis() > now) {
                // settled: the emissions up to now would change nothing; keep the schedule's grid
                scheduleEmission(nextEmissionMillis, (now - nextEmissionMillis) / intervalMillis + 1);
            } else {
                if (splits == null) {
                    watermarks.periodicEmit();
                } else {
                    splits.periodicEmit();
                }
                quietTicks++;
                scheduleEmission(now, 1);
                ran = true;
            }
        }
        final long timer = chain.nextProcessingTime();
        // MAX is "no timer", as in Task: a timer at the end of time fires at end of input
        if (timer != Long.MAX_VALUE && now >= timer) {
            chain.advanceProcessingTime(now);
            ran = true;
        }
        if (checkpointer != null && !ended && checkpointer.poll(now)) {
            ran = true;
        }
        return ran;
    }

    /**
     * When {@link #poll()} next has something to do: the periodic emission, the chained operators'
     * earliest processing-time timer, or the next checkpoint. Emissions that would change nothing
     * are not due: once Weir's own generators have settled ({@value #SETTLE_TICKS} emissions
     * without input), the next emission that matters is the first one of the schedule at or after
     * the stream's next idleness declaration (none if it has no idleness or is idle already), and
     * {@link #poll()} skips the ones before it. This keeps a virtual clock from ticking through
     * long quiet stretches (a replay at epoch timestamps, a long idleness with a short interval).
     *
     * @return processing time in ms; {@link Long#MAX_VALUE} when nothing is due before the end of
     *     time (an emission due at {@code Long.MAX_VALUE} itself runs once the clock is there)
     */
    public long nextDueMillis() {
        long due = Math.min(nextEmissionDueMillis(), chain.nextProcessingTime());
        if (checkpointer != null && !ended) {
            due = Math.min(due, checkpointer.nextDueMillis());
        }
        return due;
    }

    /**
     * @return the next tick of the periodic emission schedule, whether or not the emission then
     *     would change anything (see {@link #nextDueMillis()}); {@link Long#MAX_VALUE} once ended
     *     or without periodic emission
     */
    public long nextTickMillis() {
        return ended ? Long.MAX_VALUE : nextEmissionMillis;
    }

    /** @return when the next periodic emission that may change anything is due */
    private long nextEmissionDueMillis() {
        if (ended || !emissionScheduled) {
            return Long.MAX_VALUE;
        }
        if (splits != null || quietTicks < SETTLE_TICKS || !strategy.isDrivenByRecords()) {
            return nextEmissionMillis;
        }
        final long change = watermarks.nextIdlenessChangeMillis();
        if (change <= nextEmissionMillis) {
            return nextEmissionMillis;
        }
        return change == Long.MAX_VALUE ? Long.MAX_VALUE : tickAfter(change - 1);
    }

    /**
     * Makes the emission {@code ticks} intervals after {@code fromMillis} the next one; past the end
     * of time there is none (an emission on {@code Long.MAX_VALUE} itself still runs).
     */
    private void scheduleEmission(final long fromMillis, final long ticks) {
        emissionScheduled = ticks <= (Long.MAX_VALUE - fromMillis) / intervalMillis;
        nextEmissionMillis = emissionScheduled ? fromMillis + ticks * intervalMillis : Long.MAX_VALUE;
    }

    /** @return the first time of the emission schedule after {@code millis}, or {@link Long#MAX_VALUE} past the end of time */
    private long tickAfter(final long millis) {
        if (millis < nextEmissionMillis) {
            return nextEmissionMillis;
        }
        final long ticks = (millis - nextEmissionMillis) / intervalMillis + 1;
        if (ticks > (Long.MAX_VALUE - nextEmissionMillis) / intervalMillis) {
            return Long.MAX_VALUE;
        }
        return nextEmissionMillis + ticks * intervalMillis;
    }

    /**
     * @param sourceCheckpointer injects checkpoint barriers from {@link #poll()}, after the
     *     periodic watermark; set before the source starts
     */
    public void checkpointer(final SourceCheckpointer sourceCheckpointer) {
        this.checkpointer = sourceCheckpointer;
    }

    /** Publishes the records the chain's end holds back for a batch (see {@code ChainEnd.flush()}). */
    public void flush() {
        chain.flush();
    }

    /**
     * Moves what full downstream rings could not take on (see {@code ChainEnd.drain()}).
     *
     * @return true when the output holds nothing back
     */
    public boolean drainOutput() {
        return chain.drainOutput();
    }

    /** @return true while the output holds events back for full downstream rings; cheap */
    public boolean outputBackPressured() {
        return chain.outputBackPressured();
    }

    /**
     * @return where explicit watermarks and idle/active announcements of this source go; the
     *     caller is about to announce something, which counts as input for the emission schedule
     */
    public WatermarkOutput watermarkOutput() {
        quietTicks = 0;
        return watermarks.output();
    }

    /** Stops the idleness clock while the source may not read (watermark alignment); idempotent. */
    public void pause() {
        stop(PAUSED);
    }

    /** Lets the idleness clock run again, unless the source is still back-pressured; idempotent. */
    public void resume() {
        release(PAUSED);
    }

    /** Back-pressure started: the idleness clock stops until {@link #onBackPressureRelieved()}. */
    @Override
    public void onBackPressure() {
        stop(BACK_PRESSURED);
    }

    /** Back-pressure ended: the idleness clock runs again, unless the source is paused. */
    @Override
    public void onBackPressureRelieved() {
        release(BACK_PRESSURED);
    }

    private void stop(final int reason) {
        stopReasons |= reason;
        activityClock.pause();
    }

    private void release(final int reason) {
        stopReasons &= ~reason;
        if (stopReasons == 0) {
            activityClock.resume();
        }
    }

    /** @return true while paused for alignment */
    public boolean isPaused() {
        return (stopReasons & PAUSED) != 0;
    }

    /** @return true while a full downstream ring holds the output back (between the listener's two calls) */
    public boolean isBackPressured() {
        return (stopReasons & BACK_PRESSURED) != 0;
    }

    /** @return the clock idleness is measured on: processing time minus paused and back-pressured time */
    public PausableClock activityClock() {
        return activityClock;
    }

    /** End of input: MAX, then the chain ends and end of input goes downstream. */
    public void end() {
        if (!ended) {
            ended = true;
            checkpointsEnd();
            watermarks.end();
            chain.endInput();
        }
    }

    /**
     * The input failed: the chain ends and end of input goes downstream without MAX, so the tasks
     * downstream drain what was emitted while no window fires as if the input were complete.
     * Idempotent; does nothing after {@link #end()}.
     */
    public void abort() {
        if (!ended) {
            ended = true;
            checkpointsEnd();
            chain.endInput();
        }
    }

    private void checkpointsEnd() {
        if (checkpointer != null) {
            checkpointer.finished();
        }
    }

    /** @return true once ended or aborted */
    public boolean isEnded() {
        return ended;
    }

    /** @return true if an operator behind the source threw while a record was emitted */
    public boolean chainFailed() {
        return chainFailed;
    }

    /** @return true while the source is declared idle */
    public boolean isIdle() {
        return watermarks.isIdle();
    }

    /** @return the last watermark the source emitted */
    public long currentWatermark() {
        return watermarks.currentWatermark();
    }

    /** @return the per-split watermarks, or null while the source emits its single stream */
    public SplitWatermarks<T> splitWatermarks() {
        return splits;
    }

    /** @return records emitted */
    public long recordsOut() {
        return recordsOut;
    }

    /** @return the operators behind the source */
    public OperatorChain chain() {
        return chain;
    }

    /** One split's output: records feed the split's own generator. */
    private static final class SourceSplitOutput<T> implements SplitOutput<T> {
        private final SourceEmitter<T> emitter;
        private final int splitIndex;
        private boolean ended;

        SourceSplitOutput(final SourceEmitter<T> emitter, final int splitIndex) {
            this.emitter = emitter;
            this.splitIndex = splitIndex;
        }

        @Override
        public void emit(final T value) {
            emit(value, TimestampAssigner.NO_TIMESTAMP);
        }

        @Override
        public void emit(final T value, final long recordTimestamp) {
            if (ended) {
                throw new IllegalStateException("split " + splitIndex + " has ended: no record may follow");
            }
            final long timestamp = emitter.strategy.timestampOf(value, recordTimestamp);
            emitter.recordsOut++;
            emitter.quietTicks = 0;
            emitter.forward(value, timestamp);
            emitter.splits.onRecord(splitIndex, value, timestamp);
        }

        @Override
        public void end() {
            if (!ended) {
                ended = true;
                emitter.splits.endSplit(splitIndex);
            }
        }

        @Override
        public int splitIndex() {
            return splitIndex;
        }
    }
}
