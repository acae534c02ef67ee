package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.checkpoint.SnapshotFileWriter;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.testing.RecordedOutput;
import dev.weir.timer.TimeDomain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/joins.md, "As-of join" across a checkpoint: the waiting left records, the right
 * versions and both kinds of timers are keyed state and timers, so a snapshot written to a real
 * state file and restored, into one instance or split by key group over two (rescaling), resumes
 * the join with the results of an uninterrupted run. The snapshot is taken just after a watermark;
 * as after any restore, the inputs send their watermarks again. Results of one watermark are
 * compared as a set: after a restore, left records of one timestamp but different keys come in
 * the order the timers were restored (the exact order is {@link AsOfJoinReferenceTest}'s).
 */
final class AsOfJoinRestoreTest {
    private static final String[] KEYS = {"a", "b", "c", "d", "e", "f", "g", "h"};

    @TempDir
    Path directory;

    /** One step of a run: a record of input 1 or 2, or a watermark of an input. */
    private record Step(int input, boolean watermark, String value, long timestamp) {
    }

    /** One instance of the join with its input side and recorded output. */
    private static final class Instance {
        final AsOfJoinOperator<String, String, String, String> join =
                new AsOfJoinOperator<>(AsOfJoinOperatorTest.KEY, AsOfJoinOperatorTest.KEY, AsOfJoinOperatorTest.PAIR);
        final RecordedOutput<String> output = new RecordedOutput<>();
        final TwoInputOperatorInput<String, String> input;
        final KeyGroupRange range;

        Instance(final int index, final int parallelism) {
            final OperatorContext context = new OperatorContext("as-of", new VirtualClock(0), index, parallelism,
                    KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE);
            range = context.keyGroupRange();
            join.open(context, output);
            input = new TwoInputOperatorInput<>(join, 1, 1);
        }

        void apply(final Step step) {
            if (step.watermark()) {
                input.watermark(step.input(), 0, step.timestamp());
            } else if (step.input() == 1) {
                input.record1(step.value(), step.timestamp());
            } else {
                input.record2(step.value(), step.timestamp());
            }
        }
    }

    /** A random run; its first {@code split} steps end just after a watermark of input 2 that raised the combined watermark. */
    private static List<Step> run(final long seed) {
        final Random random = new Random(seed);
        final List<Step> steps = new ArrayList<>();
        final long[] watermarks = {Long.MIN_VALUE, Long.MIN_VALUE};
        long clock = 1000;
        for (int i = 0; i < 1200; i++) {
            clock += random.nextInt(4);
            final int kind = random.nextInt(20);
            if (kind < 2) {
                final int input = random.nextInt(2);
                final long proposed = clock - 50 + random.nextInt(60);
                if (proposed > watermarks[input]) {
                    watermarks[input] = proposed;
                    steps.add(new Step(input + 1, true, null, proposed));
                }
            } else {
                final String key = KEYS[random.nextInt(KEYS.length)];
                steps.add(new Step(kind < 11 ? 1 : 2, false, key + ":" + i, clock - random.nextInt(60)));
            }
        }
        steps.add(new Step(1, true, null, Long.MAX_VALUE));
        steps.add(new Step(2, true, null, Long.MAX_VALUE));
        return steps;
    }

    /** @return the index after the first watermark past the middle that raises the combined watermark, and the inputs' watermarks there */
    private static long[] splitPoint(final List<Step> steps) {
        final long[] watermarks = {Long.MIN_VALUE, Long.MIN_VALUE};
        long combined = Long.MIN_VALUE;
        for (int i = 0; i < steps.size(); i++) {
            final Step step = steps.get(i);
            if (step.watermark()) {
                watermarks[step.input() - 1] = step.timestamp();
                final long now = Math.min(watermarks[0], watermarks[1]);
                if (now > combined && i >= steps.size() / 2) {
                    return new long[] {i + 1, watermarks[0], watermarks[1]};
                }
                combined = Math.max(combined, now);
            }
        }
        throw new AssertionError("no watermark past the middle");
    }

    /** @return the records, each watermark's results sorted, without the watermarks */
    private static List<String> perWatermark(final List<String> events) {
        final List<String> result = new ArrayList<>();
        final List<String> batch = new ArrayList<>();
        for (final String event : events) {
            if (event.startsWith("WM ")) {
                batch.sort(null);
                result.addAll(batch);
                batch.clear();
            } else {
                batch.add(event);
            }
        }
        batch.sort(null);
        result.addAll(batch);
        return result;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 5, 42})
    void aRestoredJoinResumesAsAnUninterruptedRun(final long seed) throws IOException {
        final List<Step> steps = run(seed);
        final long[] split = splitPoint(steps);
        final Instance uninterrupted = new Instance(0, 1);
        steps.forEach(uninterrupted::apply);

        final Instance before = new Instance(0, 1);
        steps.subList(0, (int) split[0]).forEach(before::apply);
        final Path file = snapshot(before);
        final Instance after = new Instance(0, 1);
        restore(file, after);
        assertEquals(before.join.stateEntries(), after.join.stateEntries());
        assertEquals(before.join.pendingTimers(), after.join.pendingTimers());
        after.apply(new Step(1, true, null, split[1])); // the inputs' watermarks again
        after.apply(new Step(2, true, null, split[2]));
        steps.subList((int) split[0], steps.size()).forEach(after::apply);

        final List<String> resumed = new ArrayList<>(before.output.events());
        resumed.addAll(after.output.events());
        assertEquals(perWatermark(uninterrupted.output.events()), perWatermark(resumed));
        assertEquals(uninterrupted.join.lateRecordsDropped(), before.join.lateRecordsDropped() + after.join.lateRecordsDropped());
        assertEquals(uninterrupted.join.lateLeftRecordsJoined(), before.join.lateLeftRecordsJoined() + after.join.lateLeftRecordsJoined());
        assertEquals(0, after.join.pendingTimers());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 5, 42})
    void aSnapshotOfOneInstanceRestoresIntoTwoByKeyGroup(final long seed) throws IOException {
        final List<Step> steps = run(seed);
        final long[] split = splitPoint(steps);
        final Instance uninterrupted = new Instance(0, 1);
        steps.subList(0, (int) split[0]).forEach(uninterrupted::apply);
        final int before = uninterrupted.output.records().size();
        final long droppedBefore = uninterrupted.join.lateRecordsDropped();
        final Path file = snapshot(uninterrupted);
        steps.subList((int) split[0], steps.size()).forEach(uninterrupted::apply);

        final Instance[] rescaled = {new Instance(0, 2), new Instance(1, 2)};
        long timers = 0;
        for (final Instance instance : rescaled) {
            restore(file, instance);
            timers += instance.join.pendingTimers();
            instance.apply(new Step(1, true, null, split[1]));
            instance.apply(new Step(2, true, null, split[2]));
        }
        for (final Step step : steps.subList((int) split[0], steps.size())) {
            if (step.watermark()) {
                rescaled[0].apply(step);
                rescaled[1].apply(step);
            } else {
                final int keyGroup = KeyGroups.keyGroupOf(AsOfJoinOperatorTest.KEY.keyOf(step.value()), KeyGroups.DEFAULT_MAX_PARALLELISM);
                rescaled[KeyGroups.instanceFor(KeyGroups.DEFAULT_MAX_PARALLELISM, 2, keyGroup)].apply(step);
            }
        }

        final List<String> expected = new ArrayList<>(uninterrupted.output.records().subList(before, uninterrupted.output.records().size()));
        final List<String> actual = new ArrayList<>();
        for (final Instance instance : rescaled) {
            assertFalse(instance.output.records().isEmpty(), "each instance owns keys of the run");
            for (final String record : instance.output.records()) {
                final int keyGroup = KeyGroups.keyGroupOf(AsOfJoinOperatorTest.KEY.keyOf(record), KeyGroups.DEFAULT_MAX_PARALLELISM);
                assertTrue(instance.range.contains(keyGroup), record + " comes from the instance owning its key group");
            }
            actual.addAll(instance.output.records());
        }
        expected.sort(null);
        actual.sort(null);
        assertEquals(expected, actual);
        assertTrue(timers > 0, "timers were restored");
        assertEquals(uninterrupted.join.lateRecordsDropped() - droppedBefore,
                rescaled[0].join.lateRecordsDropped() + rescaled[1].join.lateRecordsDropped());
    }

    private Path snapshot(final Instance instance) throws IOException {
        final Path file = directory.resolve("as-of-" + System.nanoTime() + ".state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 1, KeyGroups.DEFAULT_MAX_PARALLELISM)) {
            instance.join.snapshotState(new OperatorSnapshot() {
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
        return file;
    }

    /** Restores the entries and timers of the key groups the instance owns, as the runtime does. */
    private static void restore(final Path file, final Instance instance) {
        SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
            @Override
            public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                if (instance.range.contains(keyGroup)) {
                    instance.join.restoreStateEntry(stateName, keyGroup, key, namespace, value);
                }
            }

            @Override
            public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                if (instance.range.contains(keyGroup)) {
                    instance.join.restoreTimer(domain, timestamp, key, namespace);
                }
            }
        });
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
