package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.event.WatermarkStatus;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7 "Two-input operators": the non-keyed co-map, co-flatMap and co-process
 * operators of connected streams emit their results with the record's timestamp and forward the
 * combined watermark and status of both inputs as the combination produces them; a co-process
 * function reads the time but may not set timers, as in Flink.
 */
final class CoOperatorsTest {
    private static final OutputTag<String> ODD = new OutputTag<>("odd");

    @Test
    void coMapMapsEachInputWithItsOwnMethodAndKeepsTheRecordsTimestamps() {
        final TwoInputOperatorHarness<String, Integer, String> harness = new TwoInputOperatorHarness<>(new CoMapOperator<>(
                new CoMapFunction<String, Integer, String>() {
                    @Override
                    public String map1(final String value) {
                        return "text " + value;
                    }

                    @Override
                    public String map2(final Integer value) {
                        return "number " + (value * 10);
                    }
                }));
        harness.processElement1("a", 100);
        harness.processElement2(7, 50);
        harness.processElement1("b", Long.MIN_VALUE);
        assertEquals(List.of("text a@100", "number 70@50", "text b@MIN"), harness.events());
    }

    @Test
    void theCombinedWatermarkIsForwardedAsItRisesAndIdleOnlyWhenBothInputsAre() {
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new CoMapOperator<>(
                new CoMapFunction<String, String, String>() {
                    @Override
                    public String map1(final String value) {
                        return value;
                    }

                    @Override
                    public String map2(final String value) {
                        return value;
                    }
                }));
        harness.processWatermark1(1000); // input 2 still at MIN holds the operator there
        harness.processWatermark2(400);
        harness.processWatermark2(1500);
        harness.processWatermark1(1200);
        harness.processStatus(1, 0, WatermarkStatus.IDLE); // input 2 alone decides: 1500
        harness.processStatus(2, 0, WatermarkStatus.IDLE);
        assertEquals(List.of("WM 400", "WM 1000", "WM 1200", "WM 1500", "STATUS IDLE"), harness.events());
    }

    @Test
    void coFlatMapEmitsEveryResultOfARecordWithItsTimestamp() {
        final TwoInputOperatorHarness<String, Integer, String> harness = new TwoInputOperatorHarness<>(new CoFlatMapOperator<>(
                new CoFlatMapFunction<String, Integer, String>() {
                    @Override
                    public void flatMap1(final String value, final Collector<String> out) {
                        for (final String word : value.split(" ")) {
                            out.collect(word);
                        }
                    }

                    @Override
                    public void flatMap2(final Integer value, final Collector<String> out) {
                        for (int i = 0; i < value; i++) {
                            out.collect("#" + i);
                        }
                    }
                }));
        harness.processElement1("x y", 10);
        harness.processElement2(0, 20); // no result
        harness.processElement2(2, 30);
        harness.processWatermark1(5);
        harness.processWatermark2(25);
        assertEquals(List.of("x@10", "y@10", "#0@30", "#1@30", "WM 5"), harness.events());
    }

    /** Reports what the context says: the record's timestamp, the watermark and processing time; odd numbers go to a side output. */
    private static final class Reporting implements CoProcessFunction<String, Integer, String> {
        @Override
        public void processElement1(final String value, final Context ctx, final Collector<String> out) {
            out.collect(value + " ts=" + ctx.timestamp() + " wm=" + ctx.timerService().currentWatermark() + " now="
                    + ctx.timerService().currentProcessingTime());
        }

        @Override
        public void processElement2(final Integer value, final Context ctx, final Collector<String> out) {
            if (value % 2 == 1) {
                ctx.output(ODD, "odd " + value);
            } else {
                out.collect("even " + value);
            }
        }
    }

    @Test
    void coProcessSeesTheRecordsTimestampTheCombinedWatermarkAndProcessingTimeAndSideOutputs() {
        final CoProcessOperator<String, Integer, String> operator = new CoProcessOperator<>(new Reporting());
        final TwoInputOperatorHarness<String, Integer, String> harness = new TwoInputOperatorHarness<>(operator);
        harness.processElement1("a", 100);
        harness.processWatermark1(300);
        harness.processWatermark2(200);
        harness.setProcessingTime(7000);
        harness.processElement1("b", 400);
        harness.processElement2(3, 500);
        harness.processElement2(4, 600);
        assertEquals(List.of("a ts=100 wm=" + Long.MIN_VALUE + " now=0@100", "WM 200", "b ts=400 wm=200 now=7000@400",
                "SIDE odd odd 3@500", "even 4@600"), harness.events());
        assertEquals(200, operator.currentWatermark());
        assertEquals(Long.MAX_VALUE, operator.nextProcessingTime());
    }

    @Test
    void coProcessRefusesTimersWithFlinksMessage() {
        final List<String> messages = new ArrayList<>();
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(new CoProcessOperator<>(
                new CoProcessFunction<String, String, String>() {
                    @Override
                    public void processElement1(final String value, final Context ctx, final Collector<String> out) {
                        messages.add(assertThrows(UnsupportedOperationException.class,
                                () -> ctx.timerService().registerEventTimeTimer(10)).getMessage());
                        messages.add(assertThrows(UnsupportedOperationException.class,
                                () -> ctx.timerService().registerProcessingTimeTimer(10)).getMessage());
                    }

                    @Override
                    public void processElement2(final String value, final Context ctx, final Collector<String> out) {
                        messages.add(assertThrows(UnsupportedOperationException.class,
                                () -> ctx.timerService().deleteEventTimeTimer(10)).getMessage());
                        messages.add(assertThrows(UnsupportedOperationException.class,
                                () -> ctx.timerService().deleteProcessingTimeTimer(10)).getMessage());
                    }
                }));
        harness.processElement1("a", 1);
        harness.processElement2("b", 2);
        assertEquals(List.of("Setting timers is only supported on a keyed streams.", "Setting timers is only supported on a keyed streams.",
                "Deleting timers is only supported on a keyed streams.", "Deleting timers is only supported on a keyed streams."), messages);
        assertEquals(List.of(), harness.events());
    }
}
