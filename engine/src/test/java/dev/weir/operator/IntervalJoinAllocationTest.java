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
 * docs/semantics.md §7 "Interval join": once its buffers, timers and pooled buckets have grown to
 * their working size, the join allocates nothing per record (measured with the thread's
 * allocated-bytes counter): buffering into a timestamp's bucket, the range lookup of the other
 * side, the pairs, the cleanup timers and the buckets they empty, which are reused. The join
 * function and the output count and allocate nothing; the records are made beforehand.
 */
@Tag("allocation")
final class IntervalJoinAllocationTest {
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

    private long pairs;
    private long pairTimestamps;
    private long emitted;

    @Test
    void aJoinAllocatesNothingPerRecordOnceItsBuffersExist() {
        final IntervalJoinOperator<String, Tick, Tick, Tick> join = new IntervalJoinOperator<String, Tick, Tick, Tick>(tick -> tick.key,
                tick -> tick.key, -5, 5, true, true, null, null, (left, right, ctx, out) -> {
                    pairs++;
                    pairTimestamps += ctx.timestamp();
                    out.collect(left);
                });
        join.open(new OperatorContext("join", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                new Output<Tick>() {
                    @Override
                    public void record(final Tick value, final long timestamp) {
                        emitted++;
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        throw new AssertionError("nothing is late here");
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
            rights[k] = new Tick("key-" + k, -k);
        }
        final int rounds = 200_000;
        drive(input, lefts, rights, 0, rounds);
        pairs = 0;
        pairTimestamps = 0;
        emitted = 0;

        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        drive(input, lefts, rights, rounds, rounds);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;

        assertTrue(allocated < rounds, "allocated " + allocated + " bytes for " + 2 * rounds + " records");
        // each round's left at t and right at t + 3 pair; the same key comes back 100 ms later, beyond the bounds
        assertEquals(rounds, pairs);
        assertEquals(rounds, emitted);
        long expected = 0;
        for (long t = rounds; t < 2L * rounds; t++) {
            expected += t + 3;
        }
        assertEquals(expected, pairTimestamps);
        // the watermark lags 500 ms behind: about 500 timestamps of each side stay buffered
        assertTrue(join.pendingTimers() <= 2 * 600, join.pendingTimers() + " timers pending");
        assertEquals(0, join.lateRecordsDropped());
    }

    /** Round {@code t}: a left record at t and a right one at t + 3 of key t % 100; every 100 rounds both watermarks move to t - 500. */
    private static void drive(final TwoInputOperatorInput<Tick, Tick> input, final Tick[] lefts, final Tick[] rights, final int from,
            final int rounds) {
        for (int t = from; t < from + rounds; t++) {
            input.record1(lefts[t % KEYS], t);
            input.record2(rights[t % KEYS], t + 3);
            if (t % 100 == 99) {
                input.watermark(1, 0, t - 500);
                input.watermark(2, 0, t - 500);
            }
        }
    }
}
