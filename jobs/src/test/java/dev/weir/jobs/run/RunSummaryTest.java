package dev.weir.jobs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The summary line of {@code weir run}: exact counts, seconds with two decimals, records a second with separators. */
class RunSummaryTest {
    @Test
    void theLineNamesEveryCount() {
        assertEquals("weir run: 200000 records read, 2612 late dropped, 0 late to side output, 812 windows fired, 3 checkpoints,"
                + " 1.84 s, 108,695 records/s", new RunSummary(200_000, 2_612, 0, 812, 3, 1_840_000_000L).line());
        assertEquals("weir run: 8 records read, 0 late dropped, 3 late to side output, 3 windows fired, 0 checkpoints,"
                + " 0.50 s, 16 records/s", new RunSummary(8, 0, 3, 3, 0, 500_000_000L).line());
        assertEquals("weir run: 12345678901 records read, 1 late dropped, 2 late to side output, 4 windows fired, 5 checkpoints,"
                + " 3723.46 s, 3,315,650 records/s", new RunSummary(12_345_678_901L, 1, 2, 4, 5, 3_723_456_000_000L).line());
    }

    @Test
    void nothingReadOrNoTimePassedIsZeroRecordsASecond() {
        assertEquals("weir run: 0 records read, 0 late dropped, 0 late to side output, 0 windows fired, 0 checkpoints,"
                + " 0.01 s, 0 records/s", new RunSummary(0, 0, 0, 0, 0, 12_000_000L).line());
        assertEquals(0, RunSummary.recordsPerSecond(10, 0));
        assertEquals(2_000_000_000L, RunSummary.recordsPerSecond(2_000_000_000L, 1_000_000_000L));
        assertEquals(3, RunSummary.recordsPerSecond(1, 333_333_333L));
    }
}
