package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/joins.md, "As-of join": once its buffers, versions, timers and pooled buckets have
 * grown to their working size, the join allocates nothing per record (measured with the thread's
 * allocated-bytes counter): buffering a left record in its timestamp's bucket, keeping a right
 * version, the emission at the watermark with the lookup of the current version, the cleanup of
 * the versions before it, late left records joined at once, and the buckets emptied and reused.
 * The function and the output count and allocate nothing; the records are made beforehand.
 */
@Tag("allocation")
final class AsOfJoinAllocationTest {
    private static final int KEYS = 100;

    /** A keyed record, made before the measured loop. */
    static final class Tick {
        final String key;
        final long value;

        Tick(final String key, final long value) {
            this.key = key;
            this.value = value;
        }
    }

    private long joined;
    private long unmatched;
    private long mismatched;
    private long emitted;

    @Test
    void aJoinAllocatesNothingPerRecordOnceItsStateExists() {
        final AsOfJoinOperator<String, Tick, Tick, Tick> join = new AsOfJoinOperator<String, Tick, Tick, Tick>(tick -> tick.key,
                tick -> tick.key, (left, right, ctx, out) -> {
                    if (right == null) {
                        unmatched++;
                    } else {
                        joined++;
                        if (right.value != left.value || !right.key.equals(left.key)) {
                            mismatched++;
                        }
                    }
                    out.collect(left);
                });
        join.open(new OperatorContext("as-of", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                new Output<Tick>() {
                    @Override
                    public void record(final Tick value, final long timestamp) {
                        emitted++;
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        throw new AssertionError("no side output here");
                    }

                    @Override
                    public void watermark(final long watermark) {
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                    }
                });
        final TwoInputOperatorInput<Tick, Tick> input = new TwoInputOperatorInput<>(join, 1, 1);
        final Tick[] lefts = new Tick[KEYS];
        final Tick[] rights = new Tick[KEYS];
        for (int k = 0; k < KEYS; k++) {
            lefts[k] = new Tick("key-" + k, k);
            rights[k] = new Tick("key-" + k, k);
        }
        final int rounds = 200_000;
        drive(input, lefts, rights, 0, rounds);
        input.watermark(1, 0, rounds - 1);
        input.watermark(2, 0, rounds - 1);
        joined = 0;
        unmatched = 0;
        mismatched = 0;
        emitted = 0;
        final long lateBefore = join.lateLeftRecordsJoined();

        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        drive(input, lefts, rights, rounds, rounds);
        input.watermark(1, 0, 2L * rounds - 1);
        input.watermark(2, 0, 2L * rounds - 1);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;

        assertTrue(allocated < rounds, "allocated " + allocated + " bytes for " + 2 * rounds + " records");
        // a left record on time finds the right one of its key 3 rounds earlier; a late one finds the version kept
        // at or before it, or none when the cleanup kept only newer ones
        assertEquals(rounds, emitted);
        assertEquals(rounds, joined + unmatched);
        assertTrue(unmatched > 0 && unmatched < rounds / 10, unmatched + " late left records found no version");
        assertEquals(0, mismatched);
        assertEquals(rounds / 10, join.lateLeftRecordsJoined() - lateBefore);
        assertEquals(0, join.lateRecordsDropped());
        // the watermark lags about 500 ms: each key keeps about 6 versions and 5 waiting timestamps
        assertTrue(join.pendingTimers() < 2 * 700, join.pendingTimers() + " timers pending");
    }

    /**
     * Round {@code t}: a right record at t - 3 of key t % 100, then a left record of that key at t,
     * except every tenth round, whose left record is at t - 600, below the watermark (late); every
     * 100 rounds both watermarks move to t - 500.
     */
    private static void drive(final TwoInputOperatorInput<Tick, Tick> input, final Tick[] lefts, final Tick[] rights, final int from,
            final int rounds) {
        for (int t = from; t < from + rounds; t++) {
            input.record2(rights[t % KEYS], t - 3);
            input.record1(lefts[t % KEYS], t % 10 == 0 && t >= 1000 ? t - 600 : t);
            if (t % 100 == 99) {
                input.watermark(1, 0, t - 500);
                input.watermark(2, 0, t - 500);
            }
        }
    }
}
