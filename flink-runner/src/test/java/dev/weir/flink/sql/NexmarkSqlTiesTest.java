package dev.weir.flink.sql;

import static dev.weir.flink.sql.NexmarkEvents.auction;
import static dev.weir.flink.sql.NexmarkEvents.bid;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.EventKind;
import dev.weir.pipelines.nexmark.AuctionRecord;
import dev.weir.pipelines.nexmark.BidRecord;
import dev.weir.pipelines.nexmark.EventRecord;
import dev.weir.pipelines.nexmark.NexmarkStreams;
import dev.weir.pipelines.nexmark.Q9WinningBids;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Query 9's full ties, bids of one auction equal on both {@code price DESC} and {@code dateTime ASC}, on Flink SQL
 * and on Weir's {@link Q9WinningBids}: which of them wins. {@code ROW_NUMBER()} leaves the order of such rows open;
 * Flink's top-1 over the join keeps the row that reached it first, and so does Weir.
 */
class NexmarkSqlTiesTest {
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 0, 0);

    @Test
    void ofTwoBidsAfterTheirAuctionTheFirstToArriveWins() throws Exception {
        // auction 3001 open from 1 s to 20 s; two bids of 500 at 5 s, "first" then "second"; a lower one after
        final List<Row> events = List.of(
                auction(3001, 1001, 10, at(1000), at(20_000)),
                bid(3001, 1002, 500, at(5000), "first"),
                bid(3001, 1003, 500, at(5000), "second"),
                bid(3001, 1004, 400, at(6000), "lower"));
        assertEquals("first", flinkWinner(events));
        assertEquals("first", weirWinner(events));
    }

    @Test
    void theSameBidsInTheOtherOrderMakeTheOtherTheWinner() throws Exception {
        final List<Row> events = List.of(
                auction(3001, 1001, 10, at(1000), at(20_000)),
                bid(3001, 1003, 500, at(5000), "second"),
                bid(3001, 1002, 500, at(5000), "first"),
                bid(3001, 1004, 400, at(6000), "lower"));
        assertEquals("second", flinkWinner(events));
        assertEquals("second", weirWinner(events));
    }

    @Test
    void anEarlierBidAtTheSamePriceBeatsOneThatArrivedBefore() throws Exception {
        // not a full tie: at equal prices the earlier dateTime wins, whichever arrived first
        final List<Row> events = List.of(
                auction(3001, 1001, 10, at(1000), at(20_000)),
                bid(3001, 1003, 500, at(5000), "later"),
                bid(3001, 1002, 500, at(4000), "earlier"));
        assertEquals("earlier", flinkWinner(events));
        assertEquals("earlier", weirWinner(events));
    }

    private static String flinkWinner(final List<Row> events) throws Exception {
        final List<Row> rows = NexmarkSql.runByKey("q9", events, 0);
        assertEquals(1, rows.size(), "rows: " + rows);
        return (String) rows.get(0).getField(14);
    }

    private static String weirWinner(final List<Row> events) {
        final List<String> printed = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("nexmark-q9-ties");
        final Publisher<EventRecord> publisher = pipeline.publisher("nexmark");
        Q9WinningBids.rows(pipeline.from(publisher, NexmarkStreams.watermarks())).sink((row, timestamp) -> printed.add(row));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            for (final Row event : events) {
                final EventRecord record = record(event);
                publisher.publish(record, record.time());
            }
            publisher.end();
            running.runToEnd();
        }
        final List<String> last = CsvRows.lastPerKey(printed, 0);
        assertEquals(1, last.size(), "rows: " + printed);
        return CsvRows.fields(last.get(0)).get(14);
    }

    /** @return the Weir event of a row of {@link NexmarkEvents} (an auction or a bid) */
    private static EventRecord record(final Row event) {
        final Row auction = (Row) event.getField(2);
        if (auction != null) {
            final long time = millis(auction.getField(5));
            return new EventRecord(EventKind.AUCTION, time, null, new AuctionRecord((Long) auction.getField(0),
                    (String) auction.getField(1), (String) auction.getField(2), (Long) auction.getField(3), (Long) auction.getField(4),
                    time, millis(auction.getField(6)), (Long) auction.getField(7), (Long) auction.getField(8),
                    (String) auction.getField(9)), null);
        }
        final Row bid = (Row) event.getField(3);
        final long time = millis(bid.getField(5));
        return new EventRecord(EventKind.BID, time, null, null, new BidRecord((Long) bid.getField(0), (Long) bid.getField(1),
                (Long) bid.getField(2), (String) bid.getField(3), (String) bid.getField(4), time, (String) bid.getField(6)));
    }

    private static long millis(final Object dateTime) {
        return ((LocalDateTime) dateTime).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static LocalDateTime at(final long millis) {
        return START.plusNanos(millis * 1_000_000);
    }
}
