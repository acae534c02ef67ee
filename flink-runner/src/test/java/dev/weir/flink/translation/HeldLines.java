package dev.weir.flink.translation;

import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A {@code map} that passes every line on, but holds a line starting with its prefix until its
 * run's latch opens (or fails after 30 s), so that a test orders what happens in Flink's tasks
 * after what its sink has seen. The latches live in this JVM, where the MiniCluster's tasks run;
 * a run without a latch holds nothing. Thread-safe.
 */
final class HeldLines implements Function<String, String>, Serializable {
    private static final long serialVersionUID = 1L;
    private static final Map<String, CountDownLatch> LATCHES = new ConcurrentHashMap<>();

    private final String prefix;
    private final String run;

    /**
     * @param prefix the start of the lines to hold
     * @param run the run whose latch they wait for
     */
    HeldLines(final String prefix, final String run) {
        this.prefix = prefix;
        this.run = run;
    }

    /**
     * @param run a run's name, unique within the test JVM
     * @param count how many count-downs open it
     * @return the run's new latch, replacing any before
     */
    static CountDownLatch latch(final String run, final int count) {
        final CountDownLatch latch = new CountDownLatch(count);
        LATCHES.put(run, latch);
        return latch;
    }

    @Override
    public String apply(final String line) {
        final CountDownLatch latch = LATCHES.get(run);
        if (latch != null && line.startsWith(prefix)) {
            try {
                if (!latch.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("'" + line + "' was held for 30 s: the run '" + run + "' did not get that far");
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return line;
    }
}
