package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SharedMiniCluster;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ReplayJobs;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.telemetry.AlertThresholds;
import dev.weir.pipelines.telemetry.StatsdAlertsJob;
import dev.weir.clock.SystemNanoClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every reference pipeline of {@code weir replay} prints on Flink what it prints on Weir, line for line, over the
 * committed capture fixtures: {@code ohlcv}, {@code vwap} and {@code tca} over the ITCH capture,
 * {@code statsd-percentiles}, {@code statsd-counters}, {@code silent-hosts} and {@code statsd-alerts} (with the
 * committed threshold file) over the StatsD capture. The header comes first on both; the rows are compared sorted,
 * because rows whose timers fire at the same time (windows of several keys ending together) come out in each engine's
 * own order of keys; {@code tca}'s, one trade a stamp, come in the same order.
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
    void tcaPrintsOnFlinkWhatItPrintsOnWeirInTheSameOrder() throws Exception {
        final List<String> flink = assertSameLines(ReplayJobs.named("tca"), "itch-small.pcap", 626);
        final List<Path> files = List.of(fixture("itch-small.pcap"));
        final List<String> weir = new ArrayList<>();
        new ReplayRun<>(ReplayJobs.named("tca"), ReplayOptions.of(files), weir::add, warning -> { }, SystemNanoClock.INSTANCE)
                .execute(OutputFormat.CSV);
        assertEquals(weir, flink, "the as-of join emits the trades by stamp, one trade a stamp, on both engines");
    }

    @Test
    void statsdAlertsPrintsOnFlinkWhatItPrintsOnWeir() throws Exception {
        final AlertThresholds thresholds = AlertThresholds.read(fixture("/alerts/thresholds.csv"));
        final List<String> flink = assertSameLines(new StatsdAlertsJob(thresholds), "statsd-small.pcap", 16);
        assertEquals(List.of(
                "127.0.0.1,web.render.seconds,1796056880000,4.468,4.4",
                "127.0.0.1,web.render.seconds,1796056920000,4.412,4.4",
                "127.0.0.1,web.render.seconds,1796056930000,4.529,4.4",
                "127.0.0.1,web.render.seconds,1796056940000,4.725,4.4",
                "127.0.0.1,web.render.seconds,1796056950000,4.638,4.4",
                "127.0.0.2,api.latency,1796056880000,173.68,150",
                "127.0.0.2,api.latency,1796056900000,280.57,150",
                "127.0.0.2,api.latency,1796056950000,170.32,150",
                "127.0.0.3,worker.latency,1796056900000,397.96,187.85",
                "127.0.0.3,worker.latency,1796056910000,255.41,187.85",
                "127.0.0.3,worker.latency,1796056930000,214.29,187.85",
                "127.0.0.3,worker.latency,1796056940000,286.08,187.85",
                "127.0.0.3,worker.latency,1796056950000,450.03,187.85",
                "127.0.0.4,db.latency,1796056880000,342.88,200",
                "127.0.0.4,db.latency,1796056900000,240.96,200"), sortedRows(flink));
    }

    private static Path fixture(final String name) {
        try {
            return Path.of(FlinkReplayTest.class.getResource(name.startsWith("/") ? name : "/replay/" + name).toURI());
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
        assertSameLines(ReplayJobs.named(pipeline), fixture, lines);
    }

    /** @return Flink's lines, after asserting that they are Weir's */
    private static List<String> assertSameLines(final ReplayJob<?> job, final String fixture, final int lines) throws Exception {
        final String pipeline = job.name();
        final List<Path> files = List.of(fixture(fixture));
        final List<String> weir = new ArrayList<>();
        final ReplaySummary summary = new ReplayRun<>(job, ReplayOptions.of(files), weir::add, warning -> { },
                SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        final List<String> flink = Collections.synchronizedList(new ArrayList<>());
        final ReplayedOnFlink replayed = FlinkReplay.run(job, files, ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS, OutputFormat.CSV,
                flink::add, warning -> { }, SharedMiniCluster.withParallelism(1));
        assertEquals(lines, weir.size(), pipeline + " on Weir");
        assertTrue(summary.rows() > 0, pipeline);
        assertEquals(weir.get(0), flink.get(0), pipeline + " header");
        assertEquals(sortedRows(weir), sortedRows(flink), pipeline);
        assertEquals(new ReplayedOnFlink(pipeline, lines - 1, 0), replayed);
        return flink;
    }
}
