package dev.weir.runtime.task;

import static dev.weir.event.WatermarkStatus.IDLE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TwoInputOperator;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.VoidNamespace;
import dev.weir.timer.TimerService;
import dev.weir.timer.Triggerable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7: in a two-input task (one valve per input, then their combination) an
 * operator's event-time timers fire on the combined watermark, before that watermark goes on,
 * whichever input registered them. Runs the runtime's own classes: {@link TwoInputOperatorInput},
 * its valves, {@link TimerService} and a heap keyed state backend.
 */
final class TwoInputEventTimeTimersTest {
    private final List<String> out = new ArrayList<>();

    @Test
    void eventTimeTimersOfBothInputsFireOnTheCombinedWatermark() {
        final TimerPerRecord operator = new TimerPerRecord();
        operator.open(new OperatorContext("timers", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                new RecordingOutput());
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 2, 1);
        input.record1("a", 1000);
        input.record2("b", 2000);
        input.record1("c", 3000);
        input.record2("d", 6000);

        input.watermark(1, 0, 5000);
        input.watermark(1, 1, 2500); // input 1 is at 2500; input 2 has sent nothing: MIN
        assertEquals(List.of(), out);

        input.watermark(2, 0, 1500);
        assertEquals(List.of("FIRE a@1000", "WM 1500"), out);

        input.watermark(2, 0, 4000); // min(2500, 4000)
        input.status(1, 1, IDLE); // input 1's valve goes to 5000: min(5000, 4000)
        input.status(2, 0, IDLE); // input 2 leaves: input 1 alone, 5000
        assertEquals(List.of("FIRE a@1000", "WM 1500", "FIRE b@2000", "WM 2500", "FIRE c@3000", "WM 4000", "WM 5000"), out);
        assertEquals(1, operator.timers.eventTimeTimerCount());

        input.watermark(1, 0, Long.MAX_VALUE); // input 1 ends; input 2 is idle
        assertEquals(List.of("FIRE a@1000", "WM 1500", "FIRE b@2000", "WM 2500", "FIRE c@3000", "WM 4000", "WM 5000",
                "FIRE d@6000", "WM MAX"), out);
        assertEquals(0, operator.timers.eventTimeTimerCount());
    }

    @Test
    void aSideThatNeverSendsAWatermarkKeepsEveryTimerFromFiring() {
        final TimerPerRecord operator = new TimerPerRecord();
        operator.open(new OperatorContext("timers", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, HeapStateBackend.INSTANCE),
                new RecordingOutput());
        final TwoInputOperatorInput<String, String> input = new TwoInputOperatorInput<>(operator, 1, 1);
        input.record1("a", 1000);
        input.record2("reference", 0); // the reference-data side: records, no watermarks
        for (long watermark = 2000; watermark <= 60_000; watermark += 2000) {
            input.watermark(1, 0, watermark);
        }
        assertEquals(List.of(), out);
        assertEquals(2, operator.timers.eventTimeTimerCount());

        input.status(2, 0, IDLE);
        assertEquals(List.of("FIRE reference@0", "FIRE a@1000", "WM 60000"), out);
    }

    /** Registers an event-time timer at each record's timestamp, keyed by the record; emits a line when one fires. */
    private final class TimerPerRecord implements TwoInputOperator<String, String, String>, Triggerable<String, Object> {
        private KeyedStateBackend<String> backend;
        private TimerService<String, Object> timers;
        private Output<String> output;

        @Override
        public void open(final OperatorContext context, final Output<String> operatorOutput) {
            this.output = operatorOutput;
            this.backend = context.createKeyedStateBackend();
            this.timers = new TimerService<>(context.clock(), backend);
            timers.setTarget(this);
        }

        @Override
        public void processRecord1(final String value, final long timestamp) {
            register(value, timestamp);
        }

        @Override
        public void processRecord2(final String value, final long timestamp) {
            register(value, timestamp);
        }

        private void register(final String key, final long timestamp) {
            backend.setCurrentKey(key);
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, timestamp);
        }

        @Override
        public void processWatermark(final long watermark) {
            timers.advanceWatermark(watermark);
            output.watermark(watermark);
        }

        @Override
        public void processStatus(final WatermarkStatus status) {
            output.status(status);
        }

        @Override
        public void advanceProcessingTime(final long nowMillis) {
            timers.advanceProcessingTime(nowMillis);
        }

        @Override
        public long nextProcessingTime() {
            return timers.nextProcessingTime();
        }

        @Override
        public void onEventTime(final long timestamp, final String key, final Object namespace) {
            output.record("FIRE " + key + "@" + timestamp, timestamp);
        }

        @Override
        public void onProcessingTime(final long timestamp, final String key, final Object namespace) {
            throw new AssertionError("no processing-time timers here");
        }
    }

    private final class RecordingOutput implements Output<String> {
        @Override
        public void record(final String value, final long timestamp) {
            out.add(value);
        }

        @Override
        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
            throw new AssertionError("no side output here");
        }

        @Override
        public void watermark(final long watermark) {
            out.add("WM " + Watermarks.format(watermark));
        }

        @Override
        public void status(final WatermarkStatus status) {
            out.add("STATUS " + status);
        }
    }
}
