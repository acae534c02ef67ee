package dev.weir.flink.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 */
class WeirAgainstFlinkSqlTest {
    private static final long EVENTS = 100_000L;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

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
        final List<String> weir = sorted(query.upserts() ? CsvRows.lastPerKey(printed, query.keyColumns()) : printed);
        final List<String> flink = new ArrayList<>();
        for (final Row row : query.upserts() ? NexmarkSql.runByKey(name, events.rows(), query.keyColumns()) : NexmarkSql.run(name, events.rows())) {
            flink.add(csv(row));
        }
        assertFalse(flink.isEmpty(), name + ": Flink SQL returned no row, so the comparison would prove nothing");
        final List<String> expected = sorted(flink);
        assertEquals(-1, firstDifference(expected, weir), () -> name + ": Weir's rows differ from Flink SQL's (" + weir.size()
                + " against " + expected.size() + "); first difference, sorted, at row " + firstDifference(expected, weir) + ": Flink "
                + row(expected, firstDifference(expected, weir)) + ", Weir " + row(weir, firstDifference(expected, weir)));
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
