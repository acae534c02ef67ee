package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.EventKind;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q12ProcessingTimeWindowsTest {
    private static final long SIZE = 10_000L;

    @Test
    void eachBiddersBidsPerProcessingTimeWindowOnAKnownClock() {
        // the schedule: event i is processed at 3i/10 ms of processing time, the events after the 50,000th 25 s later,
        // so the 100,000 events fill the windows [0, 10 s), [10 s, 20 s) (half full), [40 s, 50 s) (half) and [50 s, 60 s)
        final List<EventRecord> events = new ArrayList<>();
        QueryRun.forEachEvent(event -> events.add(EventRecord.of(event)));
        final long[] arrival = new long[events.size()];
        for (int i = 0; i < arrival.length; i++) {
            arrival[i] = i * 3L / 10 + (i >= 50_000 ? 25_000L : 0L);
        }
        // per window (by its start) and bidder, the bids processed in it
        final Map<Long, Map<Long, Long>> windows = new TreeMap<>();
        for (int i = 0; i < arrival.length; i++) {
            if (events.get(i).kind() == EventKind.BID) {
                windows.computeIfAbsent(arrival[i] - arrival[i] % SIZE, w -> new TreeMap<>()).merge(events.get(i).bid().bidder(), 1L, Long::sum);
            }
        }
        final List<String> expected = new ArrayList<>();
        windows.forEach((start, bidders) -> bidders.forEach((bidder, count) -> expected.add(bidder + "," + count + ","
                + QueryRun.timestamp(start) + "," + QueryRun.timestamp(start + SIZE))));

        final List<String> rows = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("nexmark-q12");
        final Publisher<EventRecord> publisher = pipeline.publisher("nexmark");
        Q12ProcessingTimeWindows.rows(pipeline.from(publisher, NexmarkStreams.watermarks())).sink((row, timestamp) -> rows.add(row));
        final VirtualClock clock = new VirtualClock(0);
        final List<Integer> rowsBeforeEachWindowEnds = new ArrayList<>();
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            for (int i = 0; i < arrival.length; i++) {
                if (arrival[i] > clock.millis()) {
                    running.advanceTo(arrival[i]);
                }
                publisher.publish(events.get(i), events.get(i).time());
            }
            publisher.end();
            running.runToEnd();
        }
        // windows fire as the clock passes their ends, earlier windows first; rows of one window in no defined order
        final List<String> starts = rows.stream().map(row -> row.split(",")[2]).toList();
        assertEquals(starts.stream().sorted().toList(), starts, "rows come window after window");
        expected.sort(null);
        rows.sort(null);
        final List<String> missing = new ArrayList<>(expected);
        missing.removeAll(rows);
        final List<String> unexpected = new ArrayList<>(rows);
        unexpected.removeAll(expected);
        assertEquals(expected, rows, () -> "missing " + missing.subList(0, Math.min(5, missing.size())) + ", unexpected "
                + unexpected.subList(0, Math.min(5, unexpected.size())));
        assertEquals(4, windows.size());
        assertTrue(rows.size() > 1_000, "rows: " + rows.size());
    }

    @Test
    void onTheNexmarkSourceEveryBidLandsInAWindowOfTheVirtualClock() {
        // the bounded source runs at processing time 0 until its end, when processing time jumps to the end of time:
        // every bid is in the window [0, 10 s) of the virtual clock, whatever its event time, one row per bidder
        final Map<Long, Long> bids = new TreeMap<>();
        QueryRun.forEachEvent(QueryRun.SLOW, event -> {
            if (event.kind() == EventKind.BID) {
                bids.merge(event.bid().bidder(), 1L, Long::sum);
            }
        });
        final List<String> expected = new ArrayList<>();
        bids.forEach((bidder, count) -> expected.add(bidder + "," + count + ",1970-01-01 00:00:00.000,1970-01-01 00:00:10.000"));
        final List<String> rows = new ArrayList<>(QueryRun.rows(QueryRun.SLOW, 1, Q12ProcessingTimeWindows::rows));
        rows.sort(null);
        expected.sort(null);
        assertEquals(expected, rows);
    }
}
