package dev.weir.source;

import dev.weir.clock.Clock;
import dev.weir.time.SplitWatermarks;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroup;

/**
 * One source instance's part in a watermark alignment group (docs/semantics.md §5, Flink's
 * FLIP-182). Every update interval of processing time it reports the instance's watermark to
 * the group (MAX while idle; nothing while still MIN, as in Flink) and learns the group's
 * minimum; the instance may keep reading while its watermark is at most {@code minimum +
 * maxDrift}. Beyond that it pauses, and its emitter's idleness clock stops (paused time is not
 * idle time) until a later update lets it go on. If the reader can pause single splits, each
 * split beyond the bound pauses on its own and the others keep reading. Owned by the source
 * task's thread; the group is thread-safe.
 */
public final class SourceAlignment {
    private final WatermarkAlignment alignment;
    private final WatermarkAlignmentGroup group;
    private final Clock clock;
    private final int member;
    private long nextUpdateMillis;
    private long maxAllowedWatermark = Long.MAX_VALUE;
    private boolean paused;
    private boolean left;

    /**
     * Joins the group; the first update is one interval from now.
     *
     * @param alignment the group's name, the drift and the update interval
     * @param group the group's coordinator
     * @param clock processing time
     */
    public SourceAlignment(final WatermarkAlignment alignment, final WatermarkAlignmentGroup group, final Clock clock) {
        this.alignment = alignment;
        this.group = group;
        this.clock = clock;
        this.member = group.join();
        this.nextUpdateMillis = clock.millis() + alignment.updateIntervalMillis();
    }

    /**
     * Reports to the group when an update is due, then pauses or resumes the instance and, if the
     * reader can, its single splits.
     *
     * @param emitter the instance's emission path
     * @param reader the instance's reader
     * @param <T> the record type
     * @return true if anything happened: a report, a pause or a resume
     */
    public <T> boolean align(final SourceEmitter<T> emitter, final SourceReader<T> reader) {
        boolean work = false;
        final long now = clock.millis();
        if (now >= nextUpdateMillis) {
            final long watermark = emitter.isIdle() ? Long.MAX_VALUE : emitter.currentWatermark();
            final long minimum = watermark == Long.MIN_VALUE ? group.minimum() : group.report(member, watermark);
            maxAllowedWatermark = alignment.maxAllowedWatermark(minimum);
            nextUpdateMillis = now + alignment.updateIntervalMillis();
            work = true;
        }
        final boolean ahead = emitter.currentWatermark() > maxAllowedWatermark;
        if (ahead != paused) {
            paused = ahead;
            if (ahead) {
                emitter.pause();
            } else {
                emitter.resume();
            }
            work = true;
        }
        final SplitWatermarks<T> splits = emitter.splitWatermarks();
        if (splits != null && reader.canPauseSplits()) {
            for (int split = 0; split < splits.indexBound(); split++) {
                if (splits.isLive(split) && alignSplit(splits, reader, split)) {
                    work = true;
                }
            }
        }
        return work;
    }

    private <T> boolean alignSplit(final SplitWatermarks<T> splits, final SourceReader<T> reader, final int split) {
        final boolean ahead = splits.splitWatermark(split) > maxAllowedWatermark;
        if (ahead == splits.isSplitPaused(split)) {
            return false;
        }
        if (ahead) {
            reader.pauseSplit(split);
            splits.pauseSplit(split);
        } else {
            reader.resumeSplit(split);
            splits.resumeSplit(split);
        }
        return true;
    }

    /** Leaves the group (the instance ended or stopped): it no longer holds the group back. Idempotent. */
    public void leave() {
        if (!left) {
            left = true;
            group.leave(member);
        }
    }

    /** @return when the next report to the group is due, in processing time; {@link Long#MAX_VALUE} once left */
    public long nextUpdateMillis() {
        return left ? Long.MAX_VALUE : nextUpdateMillis;
    }

    /** @return true while the instance may not read */
    public boolean isPaused() {
        return paused;
    }

    /** @return the highest watermark the instance may have and keep reading, from the last update */
    public long maxAllowedWatermark() {
        return maxAllowedWatermark;
    }

    /** @return the alignment configuration */
    public WatermarkAlignment alignment() {
        return alignment;
    }
}
