package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJobs;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.time.SystemNanoClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every reference pipeline of {@code weir replay} prints on Flink what it prints on Weir, line for line, over the
 * committed capture fixtures: {@code ohlcv} and {@code vwap} over the ITCH capture, {@code statsd-percentiles},
 * {@code statsd-counters} and {@code silent-hosts} over the StatsD capture. {@code tca} is refused before it runs: its
 * timestamps are assigned after a keyed step. The header comes first on both; the rows
 * are compared sorted, because rows whose timers fire at the same time (windows of several keys ending together) come
 * out in each engine's own order of keys.
 */
class FlinkReplayTest {
    @Test
    void eachReferencePipelinePrintsOnFlinkWhatItPrintsOnWeir() throws Exception {
        assertSameLines("ohlcv", "itch-small.pcap", 88);
        assertSameLines("vwap", "itch-small.pcap", 41);
        assertSameLines("statsd-percentiles", "statsd-small.pcap", 87);
        assertSameLines("statsd-counters", "statsd-small.pcap", 86);
        assertSameLines("silent-hosts", "statsd-small.pcap", 3);
    }

    @Test
    void tcaIsRefusedOnFlinkForItsTimestampsAfterKeyBy() {
        final List<Path> files = List.of(fixture("itch-small.pcap"));
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class, () -> FlinkReplay.run("tca", files,
                ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS, OutputFormat.CSV, line -> { }, warning -> { },
                SharedMiniCluster.withParallelism(1)));
        assertTrue(refused.getMessage().contains("(assignTimestampsAndWatermarks): translated between a source and keyBy only"),
                refused.getMessage());
    }

    private static Path fixture(final String name) {
        try {
            return Path.of(FlinkReplayTest.class.getResource("/replay/" + name).toURI());
        } catch (final java.net.URISyntaxException wrong) {
            throw new IllegalStateException(wrong);
        }
    }

    private static List<String> sortedRows(final List<String> lines) {
        final List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
        Collections.sort(rows);
        return rows;
    }

    private static void assertSameLines(final String pipeline, final String fixture, final int lines) throws Exception {
        final List<Path> files = List.of(Path.of(FlinkReplayTest.class.getResource("/replay/" + fixture).toURI()));
        final List<String> weir = new ArrayList<>();
        final ReplaySummary summary = new ReplayRun<>(ReplayJobs.named(pipeline), ReplayOptions.of(files), weir::add, warning -> { },
                SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        final List<String> flink = Collections.synchronizedList(new ArrayList<>());
        final ReplayedOnFlink replayed = FlinkReplay.run(pipeline, files, ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS, OutputFormat.CSV,
                flink::add, warning -> { }, SharedMiniCluster.withParallelism(1));
        assertEquals(lines, weir.size(), pipeline + " on Weir");
        assertTrue(summary.rows() > 0, pipeline);
        assertEquals(weir.get(0), flink.get(0), pipeline + " header");
        assertEquals(sortedRows(weir), sortedRows(flink), pipeline);
        assertEquals(new ReplayedOnFlink(pipeline, lines - 1, 0), replayed);
    }
}
