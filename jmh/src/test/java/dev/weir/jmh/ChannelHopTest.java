package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ChannelHop}: every record written is polled once, in order, whatever the publish batch. */
class ChannelHopTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 7, 16, 64, 256})
    void everyRecordIsPolledOnce(final int publishBatch) throws Exception {
        final ChannelHop benchmark = new ChannelHop();
        benchmark.publishBatch = publishBatch;
        benchmark.createChannel();
        // more invocations than the ring holds records: the ring wraps and nothing goes to the overflow
        final int invocations = 3 * ChannelHop.CAPACITY / ChannelHop.RECORDS;
        for (int i = 1; i <= invocations; i++) {
            final long records = (long) i * ChannelHop.RECORDS;
            assertEquals(records * (records + 1) / 2, benchmark.publishThenPoll(), "event times 1 to " + records);
            assertEquals(records, benchmark.polledRecords());
        }
    }
}
