package dev.weir.runtime.chain;

import dev.weir.clock.Clock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.valve.WatermarkValve;

/**
 * A keyed edge without a ring: the end of the feeding instance's chain that runs the next stage's
 * chain (an inline stage, docs/runtime.md "Stage placement") on the feeding thread. It does on
 * each call what the stage's {@link dev.weir.runtime.task.Task} does with the same event taken from its one channel:
 * a record enters the chain with its key; a watermark or status passes a one-channel valve,
 * after the processing-time timers due by then fired; a barrier snapshots the stage's chain
 * (aligned at once: one channel) and goes on; end of input ends the chain. The stage's
 * processing-time timers fire when the feeding chain asks for its own ({@link #advanceProcessingTime}),
 * and what the stage's own output holds back counts as the feeding chain's. Its operators' gauges
 * are published every {@value #FLUSHES_PER_METRICS} flushes of the feeding chain, at the end of
 * input and at close. The feeding thread only.
 *
 * @param <T> the record type
 */
public final class InlineEdge<T> implements ChainEnd<T> {
    /**
     * Units of work of the feeding thread per publication of the stage's operator gauges: a publisher flushes after
     * every record, and copying the statistics costs about as much as the rest of a small record's work.
     */
    static final int FLUSHES_PER_METRICS = 64;

    private final OperatorChain stage;
    private final KeySelector<? super T, ?> keySelector;
    private final WatermarkValve valve;
    private final BarrierAligner.Handler checkpoint;
    private final Clock clock;
    private final SideOutputs sideOutputs;
    private int flushes;

    /**
     * @param stage the inline stage's chain, opened
     * @param keySelector the key of the edge
     * @param clock processing time
     * @param sideOutputs where the feeding chain's last operator sends side-output records
     * @param checkpoint snapshots the stage's chain and forwards the barrier (its {@link ChainCheckpointer}),
     *     or null when the pipeline takes no checkpoints
     */
    public InlineEdge(final OperatorChain stage, final KeySelector<? super T, ?> keySelector, final Clock clock,
            final SideOutputs sideOutputs, final BarrierAligner.Handler checkpoint) {
        this.stage = stage;
        this.keySelector = keySelector;
        this.clock = clock;
        this.sideOutputs = sideOutputs;
        this.valve = new WatermarkValve(1, stage);
        this.checkpoint = checkpoint != null ? checkpoint : stage::barrier;
    }

    @Override
    public void record(final T value, final long timestamp) {
        // as a one-channel keyed edge sends it: with its key, the key group left to the operator
        stage.keyedRecord(value, timestamp, keySelector.keyOf(value), -1);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideOutputs.emit(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        // a timer already due fires before the watermark, as in Task
        fireDueTimers();
        valve.inputWatermark(watermark, 0);
    }

    @Override
    public void status(final WatermarkStatus status) {
        fireDueTimers();
        valve.inputStatus(status, 0);
    }

    @Override
    public void barrier(final long checkpointId) {
        checkpoint.aligned(checkpointId);
    }

    @Override
    public void end() {
        fireDueTimers();
        stage.endInput();
        stage.publishMetrics();
    }

    @Override
    public void close() {
        stage.publishMetrics();
        stage.close();
    }

    @Override
    public void flush() {
        stage.flush();
        // the stage's gauges as a task's after its duty cycles, every so many units of work of the feeding thread
        if (++flushes == FLUSHES_PER_METRICS) {
            flushes = 0;
            stage.publishMetrics();
        }
    }

    @Override
    public boolean drain() {
        return stage.drainOutput();
    }

    @Override
    public boolean backPressured() {
        return stage.outputBackPressured();
    }

    @Override
    public long backlog() {
        return stage.end().backlog();
    }

    @Override
    public long nextProcessingTime() {
        return stage.nextProcessingTime();
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        if (stage.nextProcessingTime() <= nowMillis) {
            stage.advanceProcessingTime(nowMillis);
        }
    }

    private void fireDueTimers() {
        final long nextTimer = stage.nextProcessingTime();
        if (nextTimer == Long.MAX_VALUE) {
            return;
        }
        final long now = clock.millis();
        if (now >= nextTimer) {
            stage.advanceProcessingTime(now);
        }
    }

    /** @return the inline stage's chain */
    public OperatorChain stage() {
        return stage;
    }
}
