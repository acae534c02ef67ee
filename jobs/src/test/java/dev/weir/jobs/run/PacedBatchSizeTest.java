package dev.weir.jobs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A paced run reads at most a tenth of a second's records at a time, so the pace holds within each second. */
class PacedBatchSizeTest {
    @Test
    void anUnpacedRunReadsFullBatches() {
        assertEquals(256, RecordFileJob.batchSize(0));
    }

    @Test
    void aPacedRunReadsATenthOfASecondsRecordsAtATime() {
        assertEquals(1, RecordFileJob.batchSize(1));
        assertEquals(1, RecordFileJob.batchSize(19));
        assertEquals(5, RecordFileJob.batchSize(50));
        assertEquals(200, RecordFileJob.batchSize(2_000));
        assertEquals(256, RecordFileJob.batchSize(2_560));
        assertEquals(256, RecordFileJob.batchSize(Long.MAX_VALUE));
    }
}
