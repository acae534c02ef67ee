package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.checkpoint.SnapshotFileWriter;
import dev.weir.state.KeyGroups;
import dev.weir.testing.TwoInputOperatorHarness;
import dev.weir.timer.TimeDomain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/semantics.md §7 "Interval join": the join's buffers and cleanup timers are keyed state and
 * timers, so a snapshot written to a real state file and restored into a new instance resumes the
 * join: restored records pair with new ones, a new record joins a restored bucket of its own
 * timestamp, restored timers clean the restored buckets, and the pairs are those of an
 * uninterrupted run. As after any restore, watermarks start again from MIN and are sent again.
 */
final class IntervalJoinRestoreTest {
    @TempDir
    Path directory;

    private static IntervalJoinOperator<String, String, String, String> join() {
        return new IntervalJoinOperator<>(IntervalJoinOperatorTest.KEY, IntervalJoinOperatorTest.KEY, -200, 300, true, false, null, null,
                IntervalJoinOperatorTest.PAIR);
    }

    private static void firstPart(final TwoInputOperatorHarness<String, String, String> harness) {
        harness.processElement1("a:1", 1000);
        harness.processElement1("a:2", 1000);
        harness.processElement2("a:3", 900);
        harness.processElement1("b:4", 1100);
        harness.processElement2("b:5", 700);
        harness.processWatermark1(1000);
        harness.processWatermark2(1000);
    }

    private static void secondPart(final TwoInputOperatorHarness<String, String, String> harness) {
        harness.processWatermark1(1000);
        harness.processWatermark2(1000);
        harness.processElement2("a:6", 1200); // joins the restored lefts 1000 (both, in arrival order)
        harness.processElement1("a:7", 1000); // a restored bucket's timestamp: appended, joins a:3 900 and a:6 1200
        harness.processElement2("a:8", 1299); // joins the three lefts 1000
        harness.processElement2("b:9", 1000); // joins the restored left b 1100
        harness.processWatermark1(1300);
        harness.processWatermark2(1300); // the lefts 1000 are cleaned at 1299 (upper bound 299)
        harness.processElement2("a:10", 1300);
        harness.processWatermark1(Long.MAX_VALUE);
        harness.processWatermark2(Long.MAX_VALUE);
    }

    private static List<String> pairs(final List<String> events) {
        final List<String> pairs = new ArrayList<>();
        for (final String event : events) {
            if (!event.startsWith("WM ")) {
                pairs.add(event);
            }
        }
        return pairs;
    }

    @Test
    void aRestoredJoinResumesItsBuffersAndCleanupTimersAsAnUninterruptedRun() throws IOException {
        final TwoInputOperatorHarness<String, String, String> uninterrupted = new TwoInputOperatorHarness<>(join());
        firstPart(uninterrupted);
        secondPart(uninterrupted);

        final IntervalJoinOperator<String, String, String, String> before = join();
        final TwoInputOperatorHarness<String, String, String> first = new TwoInputOperatorHarness<>(before);
        firstPart(first);
        final Path file = directory.resolve("join-0.state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 1, KeyGroups.DEFAULT_MAX_PARALLELISM)) {
            before.snapshotState(new OperatorSnapshot() {
                @Override
                public void entry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                    write(() -> writer.stateEntry(stateName, keyGroup, key, namespace, value));
                }

                @Override
                public void timer(final TimeDomain domain, final long timestamp, final Object key, final Object namespace) {
                    write(() -> writer.timer(domain, timestamp, key, namespace));
                }
            });
            writer.finish();
        }

        final IntervalJoinOperator<String, String, String, String> after = join();
        final TwoInputOperatorHarness<String, String, String> second = new TwoInputOperatorHarness<>(after);
        SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
            @Override
            public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                after.restoreStateEntry(stateName, keyGroup, key, namespace, value);
            }

            @Override
            public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                after.restoreTimer(domain, timestamp, key, namespace);
            }
        });
        // a: lefts at 1000 (cleanup 1299), right 900 (1100); b: left 1100 (1399), right 700 (900 fired at 1000)
        assertEquals(3, after.stateEntries());
        assertEquals(3, after.pendingTimers());
        secondPart(second);

        final List<String> resumed = new ArrayList<>(pairs(first.events()));
        resumed.addAll(pairs(second.events()));
        assertEquals(pairs(uninterrupted.events()), resumed);
        assertEquals(List.of(
                "a:1(1000) a:3(900)@1000", "a:2(1000) a:3(900)@1000", // b:5 at 700 is -400 from b:4: no pair
                "a:1(1000) a:6(1200)@1200", "a:2(1000) a:6(1200)@1200",
                "a:7(1000) a:3(900)@1000", "a:7(1000) a:6(1200)@1200",
                "a:1(1000) a:8(1299)@1299", "a:2(1000) a:8(1299)@1299", "a:7(1000) a:8(1299)@1299",
                "b:4(1100) b:9(1000)@1100"), resumed);
        assertEquals(0, after.stateEntries());
        assertEquals(0, after.pendingTimers());
    }

    @FunctionalInterface
    private interface Write {
        void run() throws IOException;
    }

    private static void write(final Write write) {
        try {
            write.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
