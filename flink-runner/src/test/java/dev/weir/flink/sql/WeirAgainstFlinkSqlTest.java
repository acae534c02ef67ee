package dev.weir.flink.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.pipelines.nexmark.CsvText;
import dev.weir.pipelines.nexmark.EventRecord;
import dev.weir.pipelines.nexmark.NexmarkQueries;
import dev.weir.pipelines.nexmark.NexmarkQuery;
import dev.weir.pipelines.nexmark.NexmarkStreams;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each Nexmark query Weir has as a pipeline (module pipelines, {@code dev.weir.pipelines.nexmark}) against the
 * benchmark's own SQL text on Flink SQL ({@link NexmarkSql}), over the same first 100,000 events of the generator's
 * default configuration: Weir's CSV rows equal Flink's rows printed the same way (texts as CSV fields, TIMESTAMP(3)
 * as {@code yyyy-MM-dd HH:mm:ss.SSS}, decimals in plain notation, NULL as an empty field), compared as multisets, since a join's or a
 * window's rows may come in another order. An upsert query's result ({@link NexmarkQuery#upserts()}) is the last row
 * per key on both sides: Weir's printed rows by their key columns ({@link CsvRows#lastPerKey}), Flink's changelog
 * applied by key ({@link NexmarkSql#runByKey}).
 *
 * <p>A query over processing time (q12, {@code PROCTIME()} windows) puts a bid in the window of the moment it is
 * processed: Weir's virtual clock and Flink's wall clock give different windows, so its rows cannot be compared. What
 * does not depend on the clock is checked on each side against the generated bids instead
 * ({@link #processingTimeRuns}): every row is a window of 10 s, no bidder has two rows for one window, and the windows
 * in time order split the bid stream into consecutive runs, each window's rows being the bids per bidder of its run.
 * On Weir the runs cover every bid (at end of input processing time jumps to the end of time and the open window is
 * printed); Flink SQL fires no processing-time window at end of input, so its runs stop before the window open then,
 * and are none when the whole run fits in one window of Flink's wall clock.
 */
class WeirAgainstFlinkSqlTest {
    private static final long EVENTS = 100_000L;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** The queries whose windows are in processing time. */
    private static final Set<String> PROCESSING_TIME = Set.of("q12");

    private static GeneratedEvents events;

    @BeforeAll
    static void generate() {
        events = GeneratedEvents.first(EVENTS);
    }

    static Stream<String> queries() {
        return NexmarkQueries.all().stream().map(NexmarkQuery::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void weirPrintsWhatFlinkSqlReturns(final String name) throws Exception {
        final NexmarkQuery query = NexmarkQueries.named(name);
        final List<String> printed = weir(query);
        final List<String> flink = new ArrayList<>();
        for (final Row row : query.upserts() ? NexmarkSql.runByKey(name, events.rows(), query.keyColumns()) : NexmarkSql.run(name, events.rows())) {
            flink.add(csv(row));
        }
        if (PROCESSING_TIME.contains(name)) {
            assertEquals(events.bids().size(), processingTimeRuns(name + " on Weir", printed), name + ": Weir's windows miss bids");
            assertTrue(processingTimeRuns(name + " on Flink", flink) <= events.bids().size());
            return;
        }
        assertFalse(flink.isEmpty(), name + ": Flink SQL returned no row, so the comparison would prove nothing");
        final List<String> weir = sorted(query.upserts() ? CsvRows.lastPerKey(printed, query.keyColumns()) : printed);
        final List<String> expected = sorted(flink);
        assertEquals(-1, firstDifference(expected, weir), () -> name + ": Weir's rows differ from Flink SQL's (" + weir.size()
                + " against " + expected.size() + "); first difference, sorted, at row " + firstDifference(expected, weir) + ": Flink "
                + row(expected, firstDifference(expected, weir)) + ", Weir " + row(weir, firstDifference(expected, weir)));
    }

    /**
     * Checks rows {@code bidder,bid_count,starttime,endtime} of processing-time windows against the bid stream: each
     * row a 10 s window, one row per bidder and window, and the windows in time order the consecutive runs of bids
     * whose counts per bidder they hold.
     *
     * @param engine whose rows, for the messages
     * @param rows the rows
     * @return how many bids, from the first, the windows' runs cover
     */
    private static int processingTimeRuns(final String engine, final List<String> rows) {
        final Map<LocalDateTime, Map<Long, Long>> windows = new TreeMap<>();
        for (final String row : rows) {
            final List<String> fields = CsvRows.fields(row);
            final LocalDateTime start = LocalDateTime.parse(fields.get(2), TIMESTAMP);
            assertEquals(start.plusSeconds(10), LocalDateTime.parse(fields.get(3), TIMESTAMP), engine + ": not a 10 s window: " + row);
            final Long before = windows.computeIfAbsent(start, w -> new TreeMap<>()).put(Long.parseLong(fields.get(0)), Long.parseLong(fields.get(1)));
            assertEquals(null, before, engine + ": a bidder's second row for one window: " + row);
        }
        final List<GeneratedEvents.Bid> bids = events.bids();
        int next = 0;
        for (final Map.Entry<LocalDateTime, Map<Long, Long>> window : windows.entrySet()) {
            final long total = window.getValue().values().stream().mapToLong(Long::longValue).sum();
            assertTrue(next + total <= bids.size(), engine + ": the windows count more bids than there are");
            final Map<Long, Long> run = new TreeMap<>();
            for (final GeneratedEvents.Bid bid : bids.subList(next, next + (int) total)) {
                run.merge(bid.bidder(), 1L, Long::sum);
            }
            assertEquals(run, window.getValue(), engine + ": window " + window.getKey() + " is not the run of bids " + next + " to "
                    + (next + total - 1));
            next += (int) total;
        }
        return next;
    }

    private static int firstDifference(final List<String> expected, final List<String> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            if (i >= expected.size() || i >= actual.size() || !expected.get(i).equals(actual.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static String row(final List<String> rows, final int index) {
        return index < rows.size() ? rows.get(index) : "(none)";
    }

    private static List<String> weir(final NexmarkQuery query) {
        final List<String> printed = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("nexmark-" + query.name());
        query.rows(NexmarkStreams.events(pipeline, GeneratorConfig.defaults().withEvents(EVENTS), 1)).sink((row, timestamp) -> printed.add(row));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        return printed;
    }

    private static String csv(final Row row) {
        final StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.getArity(); i++) {
            if (i > 0) {
                line.append(',');
            }
            final Object field = row.getField(i);
            if (field == null) {
                continue; // SQL's NULL prints as an empty field, as Weir's queries print it
            } else if (field instanceof String) {
                line.append(CsvText.field((String) field));
            } else if (field instanceof LocalDateTime) {
                line.append(TIMESTAMP.format((LocalDateTime) field));
            } else if (field instanceof BigDecimal) {
                line.append(((BigDecimal) field).toPlainString());
            } else {
                line.append(field);
            }
        }
        return line.toString();
    }

    private static List<String> sorted(final List<String> rows) {
        final List<String> copy = new ArrayList<>(rows);
        copy.sort(null);
        return copy;
    }
}
