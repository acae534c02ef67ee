package dev.weir.flink.sql;

import dev.weir.flink.SharedMiniCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.runtime.typeutils.ExternalTypeInfo;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * Runs a Nexmark query of the benchmark's own SQL (test resources {@code nexmark/qN.sql}) on Flink
 * SQL over a given list of events, on the module's {@link SharedMiniCluster} at parallelism 1:
 * the reference results Weir's Nexmark queries are checked against (docs/flink.md).
 *
 * <p>The events become the table {@code datagen} of the benchmark's ddl_gen.sql: its physical
 * columns ({@link NexmarkEvents#TYPE}), its computed {@code dateTime} and its watermark
 * {@code dateTime - INTERVAL '4' SECOND}; only the connector differs (a bounded stream of the
 * given rows instead of the generator). The views {@code person}, {@code auction} and
 * {@code bid} are the benchmark's ddl_views.sql. At the end of the input the watermark goes to
 * the end of time, so every window fires. The result is read as a changelog of every kind
 * ({@link ChangelogMode#all()}); a top-1 per key (q9) still sends an updated row's {@code +U}
 * without the {@code -U} of the row it replaces, so its result is applied by its key
 * ({@link #runByKey}). A query's text may create tables before its SELECT (q13's side input, a lookup table of
 * {@link SideInputTableFactory} over {@link SideInputFile}), and q14's {@code count_char} is {@link CountChar}.
 */
public final class NexmarkSql {
    /** The event time column of ddl_gen.sql: the time of whichever event the row holds. */
    static final String DATE_TIME = "CASE WHEN event_type = 0 THEN person.`dateTime` "
            + "WHEN event_type = 1 THEN auction.`dateTime` ELSE bid.`dateTime` END";
    /** The watermark of ddl_gen.sql. */
    static final String WATERMARK = "`dateTime` - INTERVAL '4' SECOND";
    /** Where q13.sql names its side input file ({@link SideInputFile}). */
    static final String SIDE_INPUT = "${SIDE_INPUT}";

    private NexmarkSql() {
    }

    /**
     * @param query the query's name: {@code q0} runs test resource {@code nexmark/q0.sql}
     * @param events the events, in the order the source emits them (rows of {@link NexmarkEvents})
     * @return the query's result table once the input has ended: its changelog applied
     *     ({@link Changelog}), rows in the order they were added
     */
    public static List<Row> run(final String query, final List<Row> events) throws Exception {
        try (CloseableIterator<Row> changes = changelog(query, events)) {
            return Changelog.materialise(changes);
        }
    }

    /**
     * For a query whose result is unique on a key and which Flink may send as upserts (a top-1 per key
     * sends {@code +U} without the {@code -U} of the row it replaces, even when every kind is asked for).
     *
     * @param query the query's name: {@code q9} runs test resource {@code nexmark/q9.sql}
     * @param events the events, in the order the source emits them (rows of {@link NexmarkEvents})
     * @param key the positions of the result's key fields
     * @return the query's result table once the input has ended: one row per key ({@link Changelog#materialiseByKey})
     */
    public static List<Row> runByKey(final String query, final List<Row> events, final int... key) throws Exception {
        try (CloseableIterator<Row> changes = changelog(query, events)) {
            return Changelog.materialiseByKey(changes, key);
        }
    }

    private static CloseableIterator<Row> changelog(final String query, final List<Row> events) throws Exception {
        final StreamExecutionEnvironment environment = SharedMiniCluster.withParallelism(1).environment();
        final StreamTableEnvironment tables = StreamTableEnvironment.create(environment);
        final DataStream<Row> source = environment.fromData(ExternalTypeInfo.of(NexmarkEvents.TYPE), events.toArray(Row[]::new));
        tables.createTemporaryView("datagen", tables.fromDataStream(source, Schema.newBuilder()
                .columnByExpression("dateTime", DATE_TIME)
                .watermark("dateTime", WATERMARK)
                .build()));
        for (final String view : statements(resource("ddl_views").replace("${NEXMARK_TABLE}", "datagen"))) {
            tables.executeSql(view);
        }
        tables.createTemporarySystemFunction("count_char", CountChar.class); // q14's user-defined function
        final String sql = resource(query);
        final List<String> select = statements(sql.contains(SIDE_INPUT) ? sql.replace(SIDE_INPUT, SideInputFile.standard().toString()) : sql);
        if (select.isEmpty() || !select.get(select.size() - 1).toUpperCase(Locale.ROOT).startsWith("SELECT")) {
            throw new IllegalArgumentException(query + " does not end with a SELECT");
        }
        for (final String ddl : select.subList(0, select.size() - 1)) { // the query's own tables and views (q13's side input, q12's PROCTIME view)
            tables.executeSql(ddl);
        }
        final Table result = tables.sqlQuery(select.get(select.size() - 1));
        return tables.toChangelogStream(result, Schema.derived(), ChangelogMode.all()).executeAndCollect("nexmark " + query);
    }

    /** @return the statements of the SQL text, its comment lines left out */
    static List<String> statements(final String sql) {
        final String code = sql.lines().filter(line -> !line.strip().startsWith("--")).collect(Collectors.joining("\n"));
        return Arrays.stream(code.split(";")).map(String::strip).filter(statement -> !statement.isEmpty()).toList();
    }

    private static String resource(final String name) {
        try (InputStream in = NexmarkSql.class.getResourceAsStream("/nexmark/" + name + ".sql")) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource nexmark/" + name + ".sql");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
