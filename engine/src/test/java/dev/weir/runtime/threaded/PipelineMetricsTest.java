package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §6 observability on the threaded runtime: exact metrics of every task after a
 * deterministic run (a virtual clock, two publishers, explicit watermarks, one late record),
 * checked while it runs (after {@code awaitQuiescent}) and after end of input; the same values
 * through JMX while running, and no MBean after close.
 */
final class PipelineMetricsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String KEYED = "metrics-keyed-1-0";

    record Trade(String key, long time) {
    }

    @Test
    void everyMetricIsExactAfterADeterministicRunAndVisibleThroughJmxWhileRunning() throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final List<String> fired = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("metrics").clock(clock);
        final List<Publisher<Trade>> channels = pipeline.publishers("trades", 2);
        pipeline.from(channels, WatermarkStrategy.<Trade>explicit())
                .keyBy(Trade::key)
                .window(TumblingEventTimeWindows.of(1000))
                .<String>process((key, ctx, elements, out) -> {
                    int count = 0;
                    for (final Trade ignored : elements) {
                        count++;
                    }
                    out.collect(key + " " + ctx.window() + " count=" + count);
                })
                .sink((line, ts) -> fired.add(line));
        final Publisher<Trade> zero = channels.get(0);
        final Publisher<Trade> one = channels.get(1);
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName keyedBean = new ObjectName("dev.weir:type=Operator,pipeline=metrics,task=" + KEYED);
        final ObjectName sourceBean = new ObjectName("dev.weir:type=Operator,pipeline=metrics,task=metrics-trades-0-1");

        final RunningPipeline running = pipeline.start();
        try {
            clock.advanceTo(100);
            zero.publish(new Trade("k", 100), 100);
            zero.publish(new Trade("k", 200), 200);
            one.publish(new Trade("j", 300), 300);
            caughtUp(running);
            clock.advanceTo(200);
            zero.emitWatermark(1500);
            caughtUp(running);

            // channel 1 never sent a watermark: it holds the operator at MIN since channel 0 moved on at 200
            TaskMetrics keyed = running.metrics().task(KEYED);
            assertEquals(3, keyed.recordsIn());
            assertEquals(Long.MIN_VALUE, keyed.inputWatermark());
            assertEquals(Long.MAX_VALUE, keyed.watermarkLagMillis(), "no watermark yet: infinitely behind");
            assertEquals(new OperatorMetrics("window", 3, 0, Long.MIN_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, 0, 0, 2, 2, 0),
                    keyed.operator("window"));
            assertEquals(List.of(
                    new ChannelMetrics(0, "trades-0[0]->keyed-1[0]", 1024, 0, 0, 1500, WatermarkStatus.ACTIVE, true, false, Long.MIN_VALUE),
                    new ChannelMetrics(1, "trades-0[1]->keyed-1[0]", 1024, 0, 0, Long.MIN_VALUE, WatermarkStatus.ACTIVE, true, true, 200)),
                    keyed.inputs());

            assertTrue(server.isRegistered(keyedBean), "an MBean per task while running");
            assertTrue(server.isRegistered(sourceBean), "publisher-fed source instances have one too");
            assertEquals(3L, server.getAttribute(keyedBean, "RecordsIn"));
            assertEquals(2L, server.getAttribute(keyedBean, "StateEntries"));
            assertEquals(0L, server.getAttribute(keyedBean, "StateOffHeapBytes"), "the heap backend holds nothing off the heap");
            assertEquals(2L, server.getAttribute(keyedBean, "PendingTimers"));
            assertEquals(1, server.getAttribute(keyedBean, "MinimumChannel"));
            assertEquals(200L, server.getAttribute(keyedBean, "MinimumSinceMillis"));
            assertArrayEquals(new String[] {"ACTIVE", "ACTIVE"}, (String[]) server.getAttribute(keyedBean, "ChannelStatuses"));
            assertArrayEquals(new long[] {1500, Long.MIN_VALUE}, (long[]) server.getAttribute(keyedBean, "ChannelWatermarks"));
            assertArrayEquals(new String[] {"window"}, (String[]) server.getAttribute(keyedBean, "Operators"));
            assertEquals(1L, server.getAttribute(sourceBean, "RecordsOut"));

            clock.advanceTo(5000);
            one.emitWatermark(1200);
            caughtUp(running);
            keyed = running.metrics().task(KEYED);
            assertEquals(1200, keyed.inputWatermark());
            assertEquals(3800, keyed.watermarkLagMillis(), "processing time 5000 - watermark 1200");
            assertEquals(new OperatorMetrics("window", 3, 2, 1200, 1200, 3800, 0, 0, 0, 0, 0), keyed.operator("window"),
                    "[0,1000) fired for k and j and was cleaned up");
            assertEquals(200, keyed.minimumChannel().minimumSinceMillis(), "channel 1 still holds the minimum");
            assertEquals(3800L, server.getAttribute(keyedBean, "WatermarkLagMillis"));

            clock.advanceTo(5500);
            zero.publish(new Trade("k", 500), 500);
            clock.advanceTo(6000);
            one.markIdle();
            zero.publish(new Trade("k", 1600), 1600);
            caughtUp(running);
            keyed = running.metrics().task(KEYED);
            assertEquals(1, keyed.operator("window").lateRecordsDropped(), "500 came after [0,1000) was cleaned up");
            assertEquals(1500, keyed.inputWatermark(), "channel 1 idle: the minimum over channel 0 alone");
            assertEquals(new ChannelMetrics(1, "trades-0[1]->keyed-1[0]", 1024, 0, 0, 1200, WatermarkStatus.IDLE, false, false,
                    Long.MIN_VALUE), keyed.inputs().get(1));
            assertEquals(0, keyed.minimumChannel().index());
            assertEquals(6000, keyed.minimumChannel().minimumSinceMillis());

            clock.advanceTo(7000);
            zero.end();
            one.end();
            assertTrue(running.awaitTermination(TIMEOUT));

            final PipelineMetrics metrics = running.metrics();
            assertEquals(7000, metrics.processingTimeMillis());
            assertEquals(List.of("metrics-trades-0-0", "metrics-trades-0-1", KEYED), metrics.tasks().stream().map(TaskMetrics::name).toList());
            final TaskMetrics source0 = metrics.task("metrics-trades-0-0");
            assertEquals(new TaskMetrics("metrics-trades-0-0", "trades-0", 0, null, false, null, -1, 0, 4, 4, Long.MAX_VALUE, Long.MAX_VALUE, 0,
                    List.of(), List.of()), source0);
            assertEquals(1, metrics.task("metrics-trades-0-1").recordsOut());
            keyed = metrics.task(KEYED);
            assertEquals("weir-" + KEYED, keyed.thread());
            assertFalse(keyed.running());
            assertEquals("BACKOFF", keyed.idleStrategy());
            assertEquals(-1, keyed.cpu());
            assertTrue(keyed.dutyCycles() > 0);
            assertEquals(5, keyed.recordsIn());
            assertEquals(3, keyed.recordsOut());
            assertEquals(Long.MAX_VALUE, keyed.inputWatermark());
            assertEquals(Long.MAX_VALUE, keyed.outputWatermark());
            assertEquals(0, keyed.watermarkLagMillis());
            assertEquals(List.of(new OperatorMetrics("window", 5, 3, Long.MAX_VALUE, Long.MAX_VALUE, 0, 1, 0, 0, 0, 0)), keyed.operators());
            assertEquals(List.of(
                    new ChannelMetrics(0, "trades-0[0]->keyed-1[0]", 1024, 0, 0, Long.MAX_VALUE, WatermarkStatus.ACTIVE, true, true, 6000),
                    new ChannelMetrics(1, "trades-0[1]->keyed-1[0]", 1024, 0, 0, Long.MAX_VALUE, WatermarkStatus.ACTIVE, true, false,
                            Long.MIN_VALUE)),
                    keyed.inputs());
            assertEquals(1, metrics.lateRecordsDropped("window"));
            assertEquals(List.of("j [0,1000) count=1", "k [0,1000) count=2", "k [1000,2000) count=1"), fired.stream().sorted().toList());
            assertTrue(server.isRegistered(keyedBean), "MBeans stay until close, for a last look");
        } finally {
            running.close();
        }
        assertFalse(server.isRegistered(keyedBean), "close removes the MBeans");
        assertFalse(server.isRegistered(sourceBean));
    }

    @Test
    void aPipelineWhoseMBeanNamesAreTakenStillRuns() throws InterruptedException, JMException {
        final StreamPipeline first = StreamPipeline.named("twin");
        final Publisher<Long> a = first.publisher("numbers");
        first.from(a, WatermarkStrategy.<Long>noWatermarks()).keyBy(value -> value).<Long>process((v, ctx, out) -> out.collect(v))
                .sink((value, ts) -> { });
        final StreamPipeline second = StreamPipeline.named("twin");
        final Publisher<Long> b = second.publisher("numbers");
        final List<Long> seen = Collections.synchronizedList(new ArrayList<>());
        second.from(b, WatermarkStrategy.<Long>noWatermarks()).keyBy(value -> value).<Long>process((v, ctx, out) -> out.collect(v))
                .sink((value, ts) -> seen.add(value));
        try (RunningPipeline one = first.start(); RunningPipeline two = second.start()) {
            b.publish(7L, 7);
            b.end();
            assertTrue(two.awaitTermination(TIMEOUT));
            assertEquals(List.of(7L), seen);
            assertTrue(ManagementFactory.getPlatformMBeanServer().isRegistered(new ObjectName("dev.weir:type=Operator,pipeline=twin,task=twin-keyed-1-0")));
            a.end();
            assertTrue(one.awaitTermination(TIMEOUT));
        }
        assertFalse(ManagementFactory.getPlatformMBeanServer().isRegistered(new ObjectName("dev.weir:type=Operator,pipeline=twin,task=twin-keyed-1-0")));
    }

    @Test
    void theMBeanNameQuotesWhatAnObjectNameCannotHoldPlainly() {
        assertEquals("dev.weir:type=Operator,pipeline=bars,task=bars-keyed-1-0", PipelineMBeans.nameOf("bars", "bars-keyed-1-0").toString());
        assertEquals("dev.weir:type=Operator,pipeline=\"a,b\",task=\"a,b-keyed-1-0\"", PipelineMBeans.nameOf("a,b", "a,b-keyed-1-0").toString());
    }

    @Test
    void theWatermarkLagSaturates() {
        assertEquals(Long.MAX_VALUE, dev.weir.metrics.WatermarkLag.millis(1000, Long.MIN_VALUE));
        assertEquals(0, dev.weir.metrics.WatermarkLag.millis(1000, Long.MAX_VALUE));
        assertEquals(0, dev.weir.metrics.WatermarkLag.millis(1000, 1000));
        assertEquals(750, dev.weir.metrics.WatermarkLag.millis(1000, 250));
        assertEquals(Long.MAX_VALUE, dev.weir.metrics.WatermarkLag.millis(Long.MAX_VALUE, -10));
    }

    @Test
    void aSnapshotNamesWhatItDoesNotHave() {
        final PipelineMetrics empty = new PipelineMetrics("p", 0, List.of());
        assertEquals("pipeline p has no task 'x'; it has []",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> empty.task("x")).getMessage());
        assertNull(new TaskMetrics("t", "s", 0, null, false, null, -1, 0, 0, 0, 0, 0, 0, List.of(), List.of()).minimumChannel());
    }

    private static void caughtUp(final RunningPipeline running) {
        assertTrue(running.awaitQuiescent(TIMEOUT), "the pipeline caught up with its publishers");
    }
}
