package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The check of {@code statsd-alerts} ({@link StatsdAlertsJob#alerts}: windows keyed by series, the threshold table as
 * broadcast state): windows that come before the table is complete wait for its end and are then checked by window
 * start, host and metric; windows after it are checked as they come; a series without a line never alerts. On the heap
 * and on the Chronicle backend.
 */
class P99AlertsTest {
    private static final RowPrinter ROWS = new RowPrinter(OutputFormat.CSV, RowSchema.of("host", "metric", "window_start", "p99",
            "p99_threshold"));

    private static PercentileRow window(final String host, final String metric, final long start, final double p99) {
        return new PercentileRow(new Series(new Host(host), metric), start, new Percentiles(3, p99 / 2, p99, p99));
    }

    static List<StateBackend> backends() {
        return List.of(HeapStateBackend.INSTANCE, new ChronicleStateBackend(ChronicleStateConfig.defaults()));
    }

    @ParameterizedTest
    @MethodSource("backends")
    void windowsBeforeTheEndOfTheTableWaitForItAndComeOutInWindowOrder(final StateBackend backend) {
        final StreamPipeline pipeline = StreamPipeline.named("alerts").stateBackend(backend);
        final Publisher<PercentileRow> windows = pipeline.publisher("windows");
        final Publisher<ThresholdLine> table = pipeline.publisher("thresholds");
        final List<String> rows = new ArrayList<>();
        final Sink<AlertRow> sink = (row, timestamp) -> rows.add(ROWS.line(row));
        StatsdAlertsJob.alerts(pipeline.from(windows, WatermarkStrategy.explicit()), pipeline.from(table, WatermarkStrategy.noWatermarks()))
                .sink(sink);
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            windows.publish(window("10.0.0.2", "api.latency", 20_000, 180), 29_999);
            windows.publish(window("10.0.0.1", "web.render", 20_000, 5.5), 29_999);
            windows.publish(window("10.0.0.2", "api.latency", 10_000, 160), 19_999);
            windows.publish(window("10.0.0.3", "no.threshold", 10_000, 1e9), 19_999);
            windows.publish(window("10.0.0.1", "web.render", 10_000, 4.0), 19_999); // under its threshold
            running.runUntilQuiescent();
            table.publish(new ThresholdLine("10.0.0.2", "api.latency", 150), 0);
            table.publish(new ThresholdLine("10.0.0.1", "web.render", 4.4), 0);
            running.runUntilQuiescent();
            assertEquals(List.of(), rows, "nothing before the table is complete");
            table.publish(ThresholdLine.endOfTable(), 0);
            running.runUntilQuiescent();
            assertEquals(List.of("10.0.0.2,api.latency,10000,160,150", "10.0.0.1,web.render,20000,5.5,4.4",
                    "10.0.0.2,api.latency,20000,180,150"), rows, "the waiting windows by start, host and metric");
            rows.clear();
            windows.publish(window("10.0.0.2", "api.latency", 30_000, 150), 39_999); // not strictly greater
            windows.publish(window("10.0.0.2", "api.latency", 40_000, 151), 49_999);
            windows.publish(window("10.0.0.1", "web.render", 30_000, 4.5), 39_999);
            windows.end();
            table.end();
            running.runToEnd();
        }
        assertEquals(List.of("10.0.0.2,api.latency,40000,151,150", "10.0.0.1,web.render,30000,4.5,4.4"), rows,
                "after the end of the table, as the windows come");
    }
}
