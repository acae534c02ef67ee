package dev.weir.tools.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.TwoInputJobGraph;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The driving rules of a two-input scenario (docs/scenarios.md, "Two inputs"), seen in the WM lines of a job
 * without a join: the ticks are the union of both inputs' schedules, and at a tick the left channels emit
 * before the right ones. Run on the engine's runtime ({@link TwoInputJobGraph#runtime()}), on both schedulers.
 */
class TwoInputDrivingOrderTest {
    private static List<String> run(final ScenarioRuntime runtime, final String job, final String elements) {
        final JobSpec spec = JobFileParser.parse("job.yaml", new StringReader(job));
        final List<String> lines = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        ScenarioRunner.runTwoInputs(spec, "elements.csv", LineReader.utf8(new ByteArrayInputStream(elements.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), lines::add, notes::add, runtime, HeapStateBackend.INSTANCE,
                TwoInputJobGraph.runtime());
        lines.addAll(notes);
        return lines;
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void ticksOfBothSchedulesRunAndAtACommonTickLeftEmitsFirst(final ScenarioRuntime runtime) {
        final String job = "inputs:\n"
                + "  left: { watermarks: { strategy: monotonous, interval: 300 } }\n"
                + "  right: { watermarks: { strategy: monotonous, interval: 200 } }\n";
        // tick 200 (right only): right 499, left still MIN; tick 300 (left only): left 999 -> WM 499
        // at 550 new records; tick 600 (both): left 2999 first (combined still 499), then right 1999 -> WM 1999
        // (right first would print WM 999, then WM 1999)
        final String elements = "at,input,channel,kind,key,ts,value\n"
                + "0,left,0,R,k,1000,1\n"
                + "0,right,0,R,k,500,1\n"
                + "550,left,0,R,k,3000,1\n"
                + "550,right,0,R,k,2000,1\n"
                + "700,left,0,E,,,\n"
                + "700,right,0,E,,,\n";
        assertEquals(List.of("WM 499", "WM 1999", "WM MAX", "# lateDropped=0"), run(runtime, job, elements));
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void anInputWithoutWatermarksHoldsTheOperatorAtMinAndTheNoteNamesIt(final ScenarioRuntime runtime) {
        final String job = "inputs:\n"
                + "  left: { watermarks: { strategy: monotonous, interval: 100 } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n";
        final String elements = "at,input,channel,kind,key,ts,value\n"
                + "0,left,0,R,k,1000,1\n"
                + "0,right,0,R,k,1000,1\n"
                + "500,left,0,R,k,2000,1\n";
        // the record at 500 comes after the tick at 500: left stays at 999
        assertEquals(List.of("# lateDropped=0", "the right input has never sent a watermark (its channel 0 is at MIN) and holds the"
                + " two-input operator's watermark at MIN while the left input reached 999: event-time timers and windows cannot fire."
                + " Give the right input watermarks, end it (its end sends MAX), or enable idleness on it so that it is marked IDLE."),
                run(runtime, job, elements));
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void intervalZeroEmitsAfterEveryRecordOfThatInputOnly(final ScenarioRuntime runtime) {
        final String job = "inputs:\n"
                + "  left: { watermarks: { strategy: monotonous, interval: 0 } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n";
        final String elements = "at,input,channel,kind,key,ts,value\n"
                + "0,right,0,W,,5000,\n"
                + "10,left,0,R,k,1000,1\n"
                + "20,left,0,R,k,1500,1\n";
        assertEquals(List.of("WM 999", "WM 1499", "# lateDropped=0"), run(runtime, job, elements));
    }
}
