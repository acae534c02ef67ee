package dev.weir.jobs.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * How a two-input scenario drives its pipeline (docs/scenarios.md, "Two inputs"): processing time first, then
 * the row on its input's channel; a channel ends once; the pipeline hears that every channel of both inputs
 * ended, and the closing line and the note come from it. The graph is a recording test double.
 */
class TwoInputScenarioTest {
    private static final JobSpec JOB = JobFileParser.parse("job.yaml", new StringReader("inputs:\n"
            + "  left: { channels: 2, watermarks: { strategy: explicit } }\n"
            + "  right: { watermarks: { strategy: explicit } }\n"));

    private final List<String> calls = new ArrayList<>();
    private long lateDropped;
    private String note;

    private final TwoInputJobGraph graph = new TwoInputJobGraph() {
        @Override
        public TwoInputJob start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend, final boolean threaded) {
            calls.add("start threaded=" + threaded);
            return new RecordingJob();
        }
    };

    private final class RecordingJob implements TwoInputJob {
        @Override
        public void advanceTo(final long millis) {
            calls.add("at " + millis);
        }

        @Override
        public void record(final ScenarioInput input, final int channel, final ScenarioRecord record) {
            calls.add("R " + input.id() + " " + channel + " " + record);
        }

        @Override
        public void watermark(final ScenarioInput input, final int channel, final long watermark) {
            calls.add("W " + input.id() + " " + channel + " " + watermark);
        }

        @Override
        public void idle(final ScenarioInput input, final int channel) {
            calls.add("I " + input.id() + " " + channel);
        }

        @Override
        public void active(final ScenarioInput input, final int channel) {
            calls.add("A " + input.id() + " " + channel);
        }

        @Override
        public void end(final ScenarioInput input, final int channel) {
            calls.add("E " + input.id() + " " + channel);
        }

        @Override
        public void finish(final boolean everyChannelEnded) {
            calls.add("finish everyChannelEnded=" + everyChannelEnded);
        }

        @Override
        public long lateDropped() {
            return lateDropped;
        }

        @Override
        public String stalledNote() {
            return note;
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }

    @Test
    void eachRowMovesProcessingTimeFirstThenGoesToItsInputsChannel() {
        try (TwoInputScenario scenario = TwoInputScenario.start(JOB, graph, line -> { }, HeapStateBackend.INSTANCE, false)) {
            scenario.record(0, ScenarioInput.LEFT, 1, new ScenarioRecord("k", 1000, 5));
            scenario.watermark(10, ScenarioInput.RIGHT, 0, 1500);
            scenario.idle(20, ScenarioInput.LEFT, 0);
            scenario.active(30, ScenarioInput.LEFT, 0);
            scenario.finish();
        }
        assertEquals(List.of("start threaded=false", "at 0", "R left 1 key=k ts=1000 value=5", "at 10", "W right 0 1500", "at 20",
                "I left 0", "at 30", "A left 0", "finish everyChannelEnded=false", "close"), calls);
    }

    @Test
    void theJobEndsWhenEveryChannelOfBothInputsHasEndedEachOnce() {
        try (TwoInputScenario scenario = TwoInputScenario.start(JOB, graph, line -> { }, HeapStateBackend.INSTANCE, true)) {
            scenario.end(5, ScenarioInput.LEFT, 0);
            scenario.end(5, ScenarioInput.LEFT, 0);
            scenario.end(6, ScenarioInput.RIGHT, 0);
            assertFalse(scenario.everyChannelEnded());
            scenario.end(7, ScenarioInput.LEFT, 1);
            assertTrue(scenario.everyChannelEnded());
            scenario.finish();
        }
        assertEquals(List.of("start threaded=true", "at 5", "E left 0", "at 5", "at 6", "E right 0", "at 7", "E left 1",
                "finish everyChannelEnded=true", "close"), calls);
    }

    @Test
    void theClosingLineAndTheNoteComeFromThePipelineAfterFinish() {
        lateDropped = 3;
        note = "input 2 has never sent a watermark";
        try (TwoInputScenario scenario = TwoInputScenario.start(JOB, graph, line -> { }, HeapStateBackend.INSTANCE, false)) {
            assertThrows(IllegalStateException.class, scenario::summaryLine);
            scenario.finish();
            assertEquals("# lateDropped=3", scenario.summaryLine());
            assertEquals(note, scenario.stalledNote());
        }
        note = null;
        try (TwoInputScenario scenario = TwoInputScenario.start(JOB, graph, line -> { }, HeapStateBackend.INSTANCE, false)) {
            scenario.finish();
            assertNull(scenario.stalledNote());
        }
    }

    @Test
    void aWindowJoinOnProcessingTimeRunsInLockStepOnTheThreadedScheduler() {
        final JobSpec processingTime = JobFileParser.parse("job.yaml", new StringReader("inputs:\n"
                + "  left: { watermarks: { strategy: explicit } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n"
                + "join:\n  type: window\n  window: { type: tumbling, size: 10, trigger: processing-time }\n"));
        assertTrue(ScenarioOperators.usesProcessingTime(processingTime));
        assertFalse(ScenarioOperators.usesProcessingTime(JOB));
    }

    @Test
    void aOneInputJobIsRefused() {
        final JobSpec oneInput = JobFileParser.parse("job.yaml", new StringReader("watermarks:\n  strategy: monotonous\n"));
        assertEquals("a one-input job: it has no 'inputs' section", assertThrows(IllegalArgumentException.class,
                () -> TwoInputScenario.start(oneInput, graph, line -> { }, HeapStateBackend.INSTANCE, false)).getMessage());
    }
}
