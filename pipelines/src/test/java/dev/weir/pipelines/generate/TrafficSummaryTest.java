package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.itch.ItchMessageCounts;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The summary lines name every count, types in the order of the specification and only those that occur. */
class TrafficSummaryTest {
    @Test
    void anItchSummaryListsTheTypesThatOccurAndWhatWasDelayedOrLeftOut() {
        final ItchMessageCounts counts = new ItchMessageCounts();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final ItchMessageWriter writer = new ItchMessageWriter();
        counts.classify(buffer, 0, writer.systemEvent(buffer, 0, 0, 1, 'O'));
        for (int i = 0; i < 3; i++) {
            counts.classify(buffer, 0, writer.orderDelete(buffer, 0, 1, 0, 2, i));
        }
        counts.classify(buffer, 0, writer.addOrder(buffer, 0, 1, 0, 3, 9, 'B', 100, 0, 1));
        assertEquals("12 packets (2 heartbeats), 5 messages (S 1 A 1 D 3), 400 payload bytes",
                new ItchTrafficSummary(12, 2, 0, 0, 0, counts, 400).text());
        assertEquals("12 packets (0 heartbeats, 3 delayed; 2 dropped with 7 messages), 5 messages (S 1 A 1 D 3), 400 payload bytes",
                new ItchTrafficSummary(12, 0, 3, 2, 7, counts, 400).text());
    }

    @Test
    void aStatsdSummaryCountsEveryTypeMalformedLinesAndSilences() {
        final long[] byType = {5, 4, 3, 2, 1, 0};
        final StatsdTrafficSummary summary = new StatsdTrafficSummary(7, 17, byType, 2, 321, 1, 2);
        byType[0] = 99; // the summary keeps its own copy
        assertEquals("7 datagrams, 17 lines (c 5 g 4 ms 3 h 2 d 1 s 0; 2 malformed), 321 payload bytes, 1 host silent for 40 s,"
                + " 2 gone for good", summary.text());
        byType[0] = 5;
        assertEquals("7 datagrams, 17 lines (c 5 g 4 ms 3 h 2 d 1 s 0; 2 malformed), 321 payload bytes, 0 hosts silent for 40 s,"
                + " 0 gone for good", new StatsdTrafficSummary(7, 17, byType, 2, 321, 0, 0).text());
        assertEquals("7 datagrams, 17 lines (c 5 g 4 ms 3 h 2 d 1 s 0; 2 malformed), 321 payload bytes, 3 hosts silent for 40 s,"
                + " 1 gone for good", new StatsdTrafficSummary(7, 17, byType, 2, 321, 3, 1).text());
    }
}
