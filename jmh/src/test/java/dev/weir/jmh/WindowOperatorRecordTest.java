package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link WindowOperatorRecord}: each window fires once the event time leaves it, with every key's records. */
class WindowOperatorRecordTest {
    private static final long RECORDS_PER_WINDOW = WindowOperatorRecord.WINDOW * WindowOperatorRecord.RECORDS_PER_MILLI;

    @ParameterizedTest
    @ValueSource(strings = {"heap", "chronicle"})
    void everyKeysWindowFiresWithItsRecords(final String backend) {
        final WindowOperatorRecord benchmark = new WindowOperatorRecord();
        benchmark.backend = backend;
        benchmark.openOperator();
        try {
            for (long n = 1; n <= RECORDS_PER_WINDOW; n++) {
                assertEquals(0, benchmark.record());
            }
            // the next record is the first of the second window: the first fires before it is added
            assertEquals(RECORDS_PER_WINDOW, benchmark.record());
            assertEquals(WindowOperatorRecord.KEYS, benchmark.windows());
            for (long n = 2; n <= RECORDS_PER_WINDOW; n++) {
                assertEquals(RECORDS_PER_WINDOW, benchmark.record());
            }
            assertEquals(2 * RECORDS_PER_WINDOW, benchmark.record());
            assertEquals(2 * WindowOperatorRecord.KEYS, benchmark.windows());
        } finally {
            benchmark.closeOperator();
        }
    }
}
