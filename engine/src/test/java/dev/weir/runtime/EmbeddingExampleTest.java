package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowOperatorBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's embedding example, compiled and run, so the documentation cannot rot. */
final class EmbeddingExampleTest {
    record Trade(String symbol, long timestamp, double price) {
    }

    @Test
    void readmeTradingExamplePrintsOneBarPerWindow() {
        final List<String> printed = new ArrayList<>();
        final OutputTag<Trade> late = new OutputTag<>("late-trades");

        final var bars = WindowOperatorBuilder.<Trade, String, TimeWindow>of(Trade::symbol, TumblingEventTimeWindows.of(5_000))
                .allowedLateness(2_000)
                .sideOutputLateData(late)
                .<String>process((symbol, ctx, trades, out) -> {
                    double sum = 0;
                    int n = 0;
                    for (Trade t : trades) {
                        sum += t.price();
                        n++;
                    }
                    out.collect(symbol + " " + ctx.window() + " avg=" + sum / n);
                });

        final var driver = DeterministicDriver.<Trade, String>builder()
                .watermarks(WatermarkStrategy.<Trade>forBoundedOutOfOrderness(1_000)
                        .withTimestampAssigner((trade, ts) -> trade.timestamp()))
                .keyBy(Trade::symbol)
                .operator("bars", bars)
                .sink(new Output<>() {
                    @Override
                    public void record(final String bar, final long ts) {
                        printed.add(bar);
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long ts) {
                        printed.add("late " + value);
                    }

                    @Override
                    public void watermark(final long wm) {
                    }

                    @Override
                    public void status(final WatermarkStatus s) {
                    }
                })
                .build();

        driver.record(0, 0, new Trade("AAPL", 1_000, 190.0), TimestampAssigner.NO_TIMESTAMP);
        driver.record(1_500, 0, new Trade("AAPL", 6_100, 192.0), TimestampAssigner.NO_TIMESTAMP);
        assertEquals(List.of(), printed);
        // the periodic emission at 1600 sees max 6100: watermark 6100 - 1000 - 1 = 5099 fires [0,5000)
        driver.advanceTo(1_600);
        assertEquals(List.of("AAPL [0,5000) avg=190.0"), printed);
        driver.end(5_000, 0);
        assertEquals(List.of("AAPL [0,5000) avg=190.0", "AAPL [5000,10000) avg=192.0"), printed);
    }
}
