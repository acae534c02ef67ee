package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.SystemNanoClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GeneratorSource on virtual nanoseconds: record n is due at start + n / rate, a read emits what
 * is due (at most a batch), a source that fell behind catches up without dropping, the rate is
 * shared by the instances, and a bounded source ends after its count.
 */
class GeneratorSourceTest {
    private static final long MILLI = 1_000_000L;

    private final ManualClock clock = new ManualClock();
    private final RecordingSourceOutput<String> output = new RecordingSourceOutput<>();

    private static String record(final long sequence, final long intendedNanos) {
        return "#" + sequence + "@" + intendedNanos;
    }

    @Test
    void theSettingsAreReadBack() {
        final RecordGenerator<String> generator = GeneratorSourceTest::record;
        final GeneratorSource<String> defaults = GeneratorSource.bounded(10, 5, generator);
        assertEquals(generator, defaults.generator());
        assertEquals(SystemNanoClock.INSTANCE, defaults.nanoClock());
        assertEquals(GeneratorSource.DEFAULT_BATCH_SIZE, defaults.batchSize());
        final GeneratorSource<String> set = defaults.withNanoClock(clock).withBatchSize(7);
        assertEquals(clock, set.nanoClock());
        assertEquals(7, set.batchSize());
        assertEquals(generator, set.generator());
        assertEquals(10, set.count());
        assertEquals(5, set.recordsPerSecond());
    }

    @Test
    void aReadEmitsOnlyTheRecordsThatAreDue() throws Exception {
        final SourceReader<String> reader = GeneratorSource.unbounded(1000, GeneratorSourceTest::record).withNanoClock(clock)
                .createReader(0, 1);
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output)); // record 0 is due at once, record 1 in 1 ms
        assertEquals(List.of("#0@0"), output.events);

        clock.advanceToNanos(2_500_000);
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output));
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output));
        assertEquals(List.of("#0@0", "#1@1000000", "#2@2000000"), output.events);
    }

    @Test
    void aSourceThatFellBehindCatchesUpInBoundedBatchesWithoutDropping() throws Exception {
        final SourceReader<String> reader = GeneratorSource.unbounded(1000, GeneratorSourceTest::record).withNanoClock(clock)
                .withBatchSize(3).createReader(0, 1);
        reader.read(output);
        clock.advanceToNanos(10 * MILLI); // records 1..10 are due

        assertEquals(ReadStatus.MORE, reader.read(output));
        assertEquals(ReadStatus.MORE, reader.read(output));
        assertEquals(ReadStatus.MORE, reader.read(output));
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output));
        assertEquals(List.of("#0@0", "#1@1000000", "#2@2000000", "#3@3000000", "#4@4000000", "#5@5000000", "#6@6000000",
                "#7@7000000", "#8@8000000", "#9@9000000", "#10@10000000"), output.events);
    }

    @Test
    void dueTimesFollowTheExactScheduleWithoutDrift() throws Exception {
        final SourceReader<String> reader = GeneratorSource.unbounded(3, GeneratorSourceTest::record).withNanoClock(clock)
                .createReader(0, 1);
        clock.advanceToNanos(7_000_000_000L);
        reader.read(output);
        clock.advanceToNanos(1_000_000_000_000L);
        reader.read(output);
        // the schedule starts at the first read (7 s); record n is due n / 3 s later, rounded down to the nanosecond
        assertEquals("#0@7000000000", output.events.get(0));
        assertEquals("#1@7333333333", output.events.get(1));
        assertEquals("#2@7666666666", output.events.get(2));
        assertEquals("#3@8000000000", output.events.get(3));
        assertEquals("#256@92333333333", output.events.get(256));
    }

    @Test
    void theRateIsSharedByTheInstances() throws Exception {
        final GeneratorSource<String> source = GeneratorSource.bounded(6, 1000, GeneratorSourceTest::record).withNanoClock(clock);
        final SourceReader<String> first = source.createReader(0, 2);
        final SourceReader<String> second = source.createReader(1, 2);
        final RecordingSourceOutput<String> secondOutput = new RecordingSourceOutput<>();
        assertEquals(ReadStatus.NOTHING_AVAILABLE, first.read(output));
        assertEquals(ReadStatus.NOTHING_AVAILABLE, second.read(secondOutput)); // record 1 is due at 1 ms

        clock.advanceToNanos(3 * MILLI);
        assertEquals(ReadStatus.NOTHING_AVAILABLE, first.read(output));
        assertEquals(ReadStatus.NOTHING_AVAILABLE, second.read(secondOutput));
        clock.advanceToNanos(5 * MILLI);
        assertEquals(ReadStatus.END, first.read(output));
        assertEquals(ReadStatus.END, second.read(secondOutput));

        assertEquals(List.of("#0@0", "#2@2000000", "#4@4000000"), output.events);
        assertEquals(List.of("#1@1000000", "#3@3000000", "#5@5000000"), secondOutput.events);
    }

    @Test
    void aBoundedSourceEndsAfterItsCount() throws Exception {
        final SourceReader<String> reader = GeneratorSource.bounded(3, 1000, GeneratorSourceTest::record).withNanoClock(clock)
                .createReader(0, 1);
        clock.advanceToNanos(MILLI);
        assertEquals(ReadStatus.NOTHING_AVAILABLE, reader.read(output)); // the schedule starts at 1 ms: only #0 is due
        clock.advanceToNanos(50 * MILLI);
        assertEquals(ReadStatus.END, reader.read(output));
        assertEquals(ReadStatus.END, reader.read(output));
        assertEquals(List.of("#0@1000000", "#1@2000000", "#2@3000000"), output.events);
        assertEquals(ReadStatus.END, GeneratorSource.bounded(0, 1, GeneratorSourceTest::record).createReader(0, 1).read(output));
    }

    @Test
    void badRatesAndCountsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> GeneratorSource.unbounded(0, GeneratorSourceTest::record));
        assertThrows(IllegalArgumentException.class, () -> GeneratorSource.unbounded(2_000_000_000L, GeneratorSourceTest::record));
        assertThrows(IllegalArgumentException.class, () -> GeneratorSource.bounded(-1, 10, GeneratorSourceTest::record));
    }
}
