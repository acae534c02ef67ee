package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.operator.OutputTag;
import java.util.List;

/**
 * The end of a chain whose stream feeds several consumers (fan-out): every record, watermark,
 * status, checkpoint barrier and end of input goes to each branch, in the order the branches
 * were declared. The branches are downstream channels, inline stages, sinks or forward branches
 * fused on the same thread ({@link BranchEnd}). It is back-pressured while any branch is, so
 * the task stops taking input until {@link #drain()} has moved every held-back event on: a full
 * ring on one branch holds the thread back cooperatively, never blocks it (docs/runtime.md,
 * "Fan-out"). The producing thread only.
 */
public final class ForkEnd implements ChainEnd<Object> {
    private final ChainEnd<Object>[] branches;

    /** @param branches the consumers' ends, at least two, in declaration order */
    @SuppressWarnings("unchecked")
    public ForkEnd(final List<ChainEnd<?>> branches) {
        if (branches.size() < 2) {
            throw new IllegalArgumentException("a fork has at least two branches: " + branches.size());
        }
        this.branches = branches.toArray(new ChainEnd[0]);
    }

    @Override
    public void record(final Object value, final long timestamp) {
        for (final ChainEnd<Object> branch : branches) {
            branch.record(value, timestamp);
        }
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        // a side output goes to the pipeline's sink of its tag once, not once per branch
        branches[0].sideOutput(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        for (final ChainEnd<Object> branch : branches) {
            branch.watermark(watermark);
        }
    }

    @Override
    public void status(final WatermarkStatus status) {
        for (final ChainEnd<Object> branch : branches) {
            branch.status(status);
        }
    }

    @Override
    public void barrier(final long checkpointId) {
        for (final ChainEnd<Object> branch : branches) {
            branch.barrier(checkpointId);
        }
    }

    @Override
    public void end() {
        for (final ChainEnd<Object> branch : branches) {
            branch.end();
        }
    }

    @Override
    public void close() {
        CloseEach.of(branches, ChainEnd::close);
    }

    @Override
    public void flush() {
        for (final ChainEnd<Object> branch : branches) {
            branch.flush();
        }
    }

    @Override
    public boolean drain() {
        boolean empty = true;
        for (final ChainEnd<Object> branch : branches) {
            empty &= branch.drain();
        }
        return empty;
    }

    @Override
    public boolean backPressured() {
        for (final ChainEnd<Object> branch : branches) {
            if (branch.backPressured()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long backlog() {
        long held = 0;
        for (final ChainEnd<Object> branch : branches) {
            held += branch.backlog();
        }
        return held;
    }

    @Override
    public long nextProcessingTime() {
        long next = Long.MAX_VALUE;
        for (final ChainEnd<Object> branch : branches) {
            next = Math.min(next, branch.nextProcessingTime());
        }
        return next;
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        for (final ChainEnd<Object> branch : branches) {
            branch.advanceProcessingTime(nowMillis);
        }
    }

    @Override
    public void publishBranchMetrics() {
        for (final ChainEnd<Object> branch : branches) {
            branch.publishBranchMetrics();
        }
    }

    @Override
    public void addBranchMetrics(final long nowMillis, final List<OperatorMetrics> metrics) {
        for (final ChainEnd<Object> branch : branches) {
            branch.addBranchMetrics(nowMillis, metrics);
        }
    }

    /** @return the branches' ends, in declaration order */
    public List<ChainEnd<Object>> branches() {
        return List.of(branches);
    }
}
