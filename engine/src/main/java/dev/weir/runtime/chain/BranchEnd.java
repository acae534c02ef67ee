package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.operator.OutputTag;
import java.util.List;

/**
 * A forward branch of a fan-out: the operators fused behind a {@link ForkEnd}, run on the
 * producing thread as the rest of its chain, with records, watermarks and status handed on as
 * one chained operator hands them to the next (no valve, no ring). A checkpoint barrier
 * snapshots the branch's operators and goes on to its end. The producing thread only.
 */
public final class BranchEnd implements ChainEnd<Object> {
    private final OperatorChain branch;
    private final BarrierAligner.Handler checkpoint;

    /**
     * @param branch the branch's operators and end
     * @param checkpoint snapshots the branch at a barrier and forwards it, or null without checkpoints (the barrier is forwarded)
     */
    public BranchEnd(final OperatorChain branch, final BarrierAligner.Handler checkpoint) {
        this.branch = branch;
        this.checkpoint = checkpoint != null ? checkpoint : branch::barrier;
    }

    @Override
    public void record(final Object value, final long timestamp) {
        branch.record(value, timestamp);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        branch.end().sideOutput(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        branch.watermark(watermark);
    }

    @Override
    public void status(final WatermarkStatus status) {
        branch.status(status);
    }

    @Override
    public void barrier(final long checkpointId) {
        checkpoint.aligned(checkpointId);
    }

    @Override
    public void end() {
        branch.endInput();
    }

    @Override
    public void close() {
        branch.close();
    }

    @Override
    public void flush() {
        branch.flush();
    }

    @Override
    public boolean drain() {
        return branch.drainOutput();
    }

    @Override
    public boolean backPressured() {
        return branch.outputBackPressured();
    }

    @Override
    public long backlog() {
        return branch.end().backlog();
    }

    @Override
    public long nextProcessingTime() {
        return branch.nextProcessingTime();
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        if (branch.nextProcessingTime() <= nowMillis) {
            branch.advanceProcessingTime(nowMillis);
        }
    }

    @Override
    public void publishBranchMetrics() {
        branch.publishMetrics();
    }

    @Override
    public void addBranchMetrics(final long nowMillis, final List<OperatorMetrics> metrics) {
        metrics.addAll(branch.operatorMetrics(nowMillis));
    }

    /** @return the branch's chain */
    public OperatorChain chain() {
        return branch;
    }
}
