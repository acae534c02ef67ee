package dev.weir.jobs.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.clock.VirtualClock;
import dev.weir.window.GlobalWindow;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The canonical lines of two-input jobs (docs/scenarios.md, "Two inputs"): JOIN lines of both joins, LATE lines
 * naming the input, and the WM and STATUS lines that leave the two-input operator, driven through the engine's
 * {@link TwoInputOperatorInput}.
 */
class TwoInputLinesTest {
    private final List<String> lines = new ArrayList<>();

    private final Output<String> output = new Output<>() {
        @Override
        public void record(final String value, final long timestamp) {
            lines.add(value);
        }

        @Override
        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
            lines.add(tag.id() + " " + value);
        }

        @Override
        public void watermark(final long watermark) {
            lines.add("forwarded " + watermark);
        }

        @Override
        public void status(final WatermarkStatus status) {
            lines.add("forwarded " + status);
        }
    };

    private OperatorContext context() {
        return new OperatorContext("test", new VirtualClock(0), 0, 1, 128, HeapStateBackend.INSTANCE);
    }

    @Test
    void intervalJoinLinesCarryBothRecordsThePairsTimestampAndTheWatermark() {
        final String line = ScenarioLines.intervalJoin(new ScenarioRecord("k1", 1000, 5), new ScenarioRecord("k1", 1050, 7), 1050);
        assertEquals("JOIN key=k1 left=1000:5 right=1050:7 ts=1050", line);
        assertEquals("JOIN key=k1 left=1000:5 right=1050:7 ts=1050 wm=MIN", ScenarioLines.withWatermark(line, Long.MIN_VALUE));
        assertEquals("JOIN key=k1 left=1000:5 right=1050:7 ts=1050 wm=MAX", ScenarioLines.withWatermark(line, Long.MAX_VALUE));
        assertEquals("JOIN key=k1 left=1000:5 right=1050:7 ts=1050 wm=-3", ScenarioLines.withWatermark(line, -3));
    }

    @Test
    void windowJoinLinesCarryTheWindow() {
        assertEquals("JOIN key=k1 window=[0,5000) left=1000:5 right=1050:7 wm=5999", ScenarioLines.windowJoin("k1", new TimeWindow(0, 5000),
                new ScenarioRecord("k1", 1000, 5), new ScenarioRecord("k1", 1050, 7), 5999));
        assertEquals("JOIN key=k window=global left=-1:-2 right=3:4 wm=MAX", ScenarioLines.windowJoin("k", GlobalWindow.INSTANCE,
                new ScenarioRecord("k", -1, -2), new ScenarioRecord("k", 3, 4), Long.MAX_VALUE));
    }

    @Test
    void lateLinesOfAnIntervalJoinNameTheInput() {
        assertEquals("LATE input=right key=k1 ts=900 value=3", ScenarioLines.late(ScenarioInput.RIGHT, new ScenarioRecord("k1", 900, 3)));
        assertEquals("LATE input=left key=a ts=-5 value=0", ScenarioLines.late(ScenarioInput.LEFT, new ScenarioRecord("a", -5, 0)));
    }

    @Test
    void theJoinFunctionPrintsThePairAndTheStampAddsTheLastWatermark() {
        final WatermarkStampOperator stamp = new WatermarkStampOperator();
        stamp.open(context(), output);
        final JoinLineFunction function = new JoinLineFunction();
        final ProcessJoinContext pair = new ProcessJoinContext(1200);
        function.processElement(new ScenarioRecord("k", 1000, 1), new ScenarioRecord("k", 1200, 2), pair,
                value -> stamp.processRecord(value, pair.timestamp()));
        stamp.processWatermark(1300);
        function.processElement(new ScenarioRecord("k", 1300, 5), new ScenarioRecord("k", 1400, 6), new ProcessJoinContext(1400),
                value -> stamp.processRecord(value, 1400));
        assertEquals(List.of("JOIN key=k left=1000:1 right=1200:2 ts=1200 wm=MIN", "forwarded 1300",
                "JOIN key=k left=1300:5 right=1400:6 ts=1400 wm=1300"), lines);
    }

    @Test
    void aWindowJoinFiringPairsEachLeftElementWithEachRightElementInStateOrder() {
        final List<TaggedScenarioRecord> state = List.of(
                new TaggedScenarioRecord(ScenarioInput.RIGHT, new ScenarioRecord("k", 300, 2)),
                new TaggedScenarioRecord(ScenarioInput.LEFT, new ScenarioRecord("k", 700, 3)),
                new TaggedScenarioRecord(ScenarioInput.LEFT, new ScenarioRecord("k", 100, 1)),
                new TaggedScenarioRecord(ScenarioInput.RIGHT, new ScenarioRecord("k", 900, 5)));
        new WindowJoinFunction<TimeWindow>().process("k", new WindowContext(new TimeWindow(0, 1000), 1100), state, lines::add);
        assertEquals(List.of(
                "JOIN key=k window=[0,1000) left=700:3 right=300:2 wm=1100",
                "JOIN key=k window=[0,1000) left=700:3 right=900:5 wm=1100",
                "JOIN key=k window=[0,1000) left=100:1 right=300:2 wm=1100",
                "JOIN key=k window=[0,1000) left=100:1 right=900:5 wm=1100"), lines);
    }

    @Test
    void aWindowOfOneInputOnlyJoinsNothing() {
        final List<TaggedScenarioRecord> lefts = List.of(new TaggedScenarioRecord(ScenarioInput.LEFT, new ScenarioRecord("k", 1, 1)));
        new WindowJoinFunction<TimeWindow>().process("k", new WindowContext(new TimeWindow(0, 10), 9), lefts, lines::add);
        assertEquals(List.of(), lines);
    }

    @Test
    void theTwoInputOperatorPrintsTheCombinedWatermarkAndStatusBeforeForwardingThem() {
        final TwoInputValveLineOperator operator = new TwoInputValveLineOperator();
        operator.open(context(), output);
        final TwoInputOperatorInput<ScenarioRecord, ScenarioRecord> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.record1(new ScenarioRecord("k", 1000, 1), 1000);
        input.watermark(1, 0, 899);
        input.watermark(2, 0, 699);
        input.watermark(2, 0, 1099);
        input.status(2, 0, WatermarkStatus.IDLE);
        input.watermark(1, 0, 2899);
        input.status(1, 0, WatermarkStatus.IDLE);
        input.status(1, 0, WatermarkStatus.ACTIVE);
        assertEquals(List.of("WM 699", "forwarded 699", "WM 899", "forwarded 899", "WM 2899", "forwarded 2899", "STATUS IDLE",
                "forwarded IDLE", "STATUS ACTIVE", "forwarded ACTIVE"), lines);
    }

    @Test
    void anInputThatNeverSentAWatermarkHoldsTheOperatorAtMinUntilItEnds() {
        final TwoInputValveLineOperator operator = new TwoInputValveLineOperator();
        operator.open(context(), output);
        final TwoInputOperatorInput<ScenarioRecord, ScenarioRecord> input = new TwoInputOperatorInput<>(operator, 2, 1);
        input.watermark(1, 0, 3999);
        input.watermark(1, 1, 3499);
        assertEquals(List.of(), lines);
        input.watermark(2, 0, Long.MAX_VALUE);
        input.watermark(1, 0, Long.MAX_VALUE);
        input.watermark(1, 1, Long.MAX_VALUE);
        assertEquals(List.of("WM 3499", "forwarded 3499", "WM MAX", "forwarded " + Long.MAX_VALUE), lines);
    }

    private static final class ProcessJoinContext implements dev.weir.operator.ProcessJoinFunction.Context {
        private final long timestamp;

        ProcessJoinContext(final long timestamp) {
            this.timestamp = timestamp;
        }

        @Override
        public long leftTimestamp() {
            return 0;
        }

        @Override
        public long rightTimestamp() {
            return timestamp;
        }

        @Override
        public long timestamp() {
            return timestamp;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            throw new AssertionError("no side output");
        }
    }

    private static final class WindowContext implements ProcessWindowFunction.Context<TimeWindow> {
        private final TimeWindow window;
        private final long watermark;

        WindowContext(final TimeWindow window, final long watermark) {
            this.window = window;
            this.watermark = watermark;
        }

        @Override
        public TimeWindow window() {
            return window;
        }

        @Override
        public long currentWatermark() {
            return watermark;
        }

        @Override
        public long currentProcessingTime() {
            return 0;
        }

        @Override
        public <S extends KeyedState> S windowState(final StateDescriptor<S> descriptor) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <S extends KeyedState> S globalState(final StateDescriptor<S> descriptor) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            throw new AssertionError("no side output");
        }
    }
}
