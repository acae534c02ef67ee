package dev.weir.perf;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.JvmDescription;
import java.util.ArrayList;
import java.util.List;

/**
 * How often this machine takes the CPU away from a spinning thread: each of {@code --threads}
 * threads reads the clock in a tight loop for {@code --seconds} and counts the gaps between
 * consecutive readings above 100 µs and 1 ms. A fixed-rate latency benchmark cannot show a
 * tail below these gaps (a gap of G stalls about G x rate records), so its p99 and above are
 * read against this figure. Options: {@code --threads=2 --seconds=10}.
 */
public final class MachineNoise {
    private static final long GAP_NANOS = 100_000;
    private static final long LONG_GAP_NANOS = 1_000_000;

    private MachineNoise() {
    }

    /** What one spinning thread saw. */
    private static final class Gaps implements Runnable {
        private final NanoClock clock;
        private final long durationNanos;
        long gaps;
        long longGaps;
        long stalledNanos;
        long maxGapNanos;

        Gaps(final NanoClock clock, final long durationNanos) {
            this.clock = clock;
            this.durationNanos = durationNanos;
        }

        @Override
        public void run() {
            final long end = clock.nanos() + durationNanos;
            long last = clock.nanos();
            while (last < end) {
                final long now = clock.nanos();
                final long gap = now - last;
                if (gap > GAP_NANOS) {
                    gaps++;
                    stalledNanos += gap;
                    if (gap > LONG_GAP_NANOS) {
                        longGaps++;
                    }
                }
                maxGapNanos = Math.max(maxGapNanos, gap);
                last = now;
            }
        }
    }

    /**
     * @param args {@code --threads=N --seconds=S}
     * @throws InterruptedException if interrupted while waiting for the threads
     */
    public static void main(final String[] args) throws InterruptedException {
        final BenchmarkOptions options = BenchmarkOptions.parse(args, "threads", "seconds");
        final int threads = (int) options.longValue("threads", 2);
        final long seconds = options.longValue("seconds", 10);
        System.out.println("# machine noise: " + threads + " spinning thread(s) for " + seconds + " s");
        System.out.println("JVM: " + JvmDescription.describe());
        final List<Gaps> results = new ArrayList<>();
        final List<Thread> running = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            final Gaps gaps = new Gaps(SystemNanoClock.INSTANCE, seconds * 1_000_000_000L);
            results.add(gaps);
            final Thread thread = new Thread(gaps, "spinner-" + i);
            running.add(thread);
            thread.start();
        }
        for (final Thread thread : running) {
            thread.join();
        }
        final TextTable table = new TextTable().row("thread", "gaps > 100 µs", "gaps > 1 ms", "time lost", "max gap");
        for (int i = 0; i < results.size(); i++) {
            final Gaps gaps = results.get(i);
            table.row("spinner-" + i, Long.toString(gaps.gaps), Long.toString(gaps.longGaps),
                    String.format("%.1f ms (%.2f%%)", gaps.stalledNanos / 1e6, 100.0 * gaps.stalledNanos / (seconds * 1e9)),
                    String.format("%.2f ms", gaps.maxGapNanos / 1e6));
        }
        System.out.print(table);
    }
}
