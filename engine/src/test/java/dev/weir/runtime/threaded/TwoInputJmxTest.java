package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.TaskMetrics;
import dev.weir.operator.CoMapFunction;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * A two-input task's MBean tells each input apart: the input of every ring, each input's
 * watermark, status and records in, and which input holds the combined watermark
 * (docs/runtime.md, "Metrics").
 */
final class TwoInputJmxTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    record Trade(String symbol, long time) {
    }

    record Quote(String symbol, long time) {
    }

    @Test
    void theMBeanOfATwoInputTaskShowsEachInputsWatermarkStatusAndRecordsIn() throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final List<String> out = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("inputs").clock(clock);
        final List<Publisher<Trade>> trades = pipeline.publishers("trades", 2);
        final Publisher<Quote> quotes = pipeline.publisher("quotes");
        pipeline.from(trades, WatermarkStrategy.<Trade>explicit()).keyBy(Trade::symbol)
                .connect(pipeline.from(quotes, WatermarkStrategy.<Quote>explicit()).keyBy(Quote::symbol))
                .map(new CoMapFunction<Trade, Quote, String>() {
                    @Override
                    public String map1(final Trade trade) {
                        return "trade " + trade.symbol();
                    }

                    @Override
                    public String map2(final Quote quote) {
                        return "quote " + quote.symbol();
                    }
                })
                .sink((line, ts) -> out.add(line));
        final RunningPipeline running = pipeline.start();
        try {
            trades.get(0).publish(new Trade("A", 100), 100);
            trades.get(1).publish(new Trade("B", 110), 110);
            trades.get(0).publish(new Trade("A", 120), 120);
            quotes.publish(new Quote("A", 90), 90);
            trades.get(0).emitWatermark(500);
            trades.get(1).emitWatermark(400);
            quotes.markIdle();
            assertTrue(running.awaitQuiescent(TIMEOUT), "the pipeline caught up with its publishers");

            final TaskMetrics task = running.metrics().stage("two-input-2").get(0);
            final ObjectName bean = new ObjectName("dev.weir:type=Operator,pipeline=inputs,task=" + task.name());
            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            assertTrue(server.isRegistered(bean), "the two-input task has an MBean: " + bean);
            assertArrayEquals(new int[] {1, 1, 2}, (int[]) server.getAttribute(bean, "ChannelInputs"));
            assertArrayEquals(new long[] {400, Long.MIN_VALUE}, (long[]) server.getAttribute(bean, "InputWatermarks"));
            assertArrayEquals(new String[] {"ACTIVE", "IDLE"}, (String[]) server.getAttribute(bean, "InputStatuses"));
            assertArrayEquals(new long[] {3, 1}, (long[]) server.getAttribute(bean, "InputRecordsIn"));
            assertEquals(1, server.getAttribute(bean, "MinimumInput"), "the idle quotes input holds nothing back");
            assertEquals(4L, server.getAttribute(bean, "RecordsIn"));
            assertEquals(400L, server.getAttribute(bean, "InputWatermark"), "the combined watermark leaves the idle input out");
        } finally {
            running.close();
        }
        assertEquals(4, out.size(), () -> "every record mapped: " + out);
    }
}
