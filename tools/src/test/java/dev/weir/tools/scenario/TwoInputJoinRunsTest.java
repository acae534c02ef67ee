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
 * Joins of two-input scenarios beyond the conformance scenarios (docs/scenarios.md, "Two inputs"): late records
 * an interval join drops are counted in the closing line, an exclusive lower bound, and the note on a window
 * join's channel that holds the union valve at MIN, and the interval join's input that holds it at MIN. Run on the
 * engine's runtime ({@link TwoInputJobGraph#runtime()}), on both schedulers.
 */
class TwoInputJoinRunsTest {
    private static final String EXPLICIT_INPUTS = "inputs:\n"
            + "  left: { watermarks: { strategy: explicit } }\n"
            + "  right: { watermarks: { strategy: explicit } }\n";
    private static final String HEADER = "at,input,channel,kind,key,ts,value\n";

    private static List<String> run(final ScenarioRuntime runtime, final String job, final String elements) {
        final JobSpec spec = JobFileParser.parse("job.yaml", new StringReader(job));
        final List<String> lines = new ArrayList<>();
        ScenarioRunner.runTwoInputs(spec, "elements.csv", LineReader.utf8(new ByteArrayInputStream(elements.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), lines::add, note -> lines.add("note: " + note), runtime,
                HeapStateBackend.INSTANCE, TwoInputJobGraph.runtime());
        return lines;
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void lateRecordsOfAnIntervalJoinWithoutSideOutputAreDroppedAndCounted(final ScenarioRuntime runtime) {
        final String job = EXPLICIT_INPUTS + "join:\n  type: interval\n  lowerBound: -1s\n  upperBound: 1s\n";
        final String elements = HEADER
                + "0,left,0,R,k,1000,1\n"
                + "1,left,0,W,,2000,\n"
                + "2,right,0,W,,1500,\n"
                + "3,right,0,R,k,1400,2\n"
                + "4,left,0,R,k,1499,3\n"
                + "5,right,0,R,k,1500,4\n"
                + "6,left,0,E,,,\n"
                + "6,right,0,E,,,\n";
        // combined watermark 1500: right 1400 and left 1499 are late and dropped; right 1500 is not late, and left 1000
        // is still buffered (its cleanup timer is at 1000 + 1000 = 2000, above the watermark), so they pair
        assertEquals(List.of("JOIN key=k left=1000:1 right=1500:4 ts=1500 wm=1500", "# lateDropped=2"), run(runtime, job, elements));
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void anExclusiveLowerBoundLeavesThatDifferenceOut(final ScenarioRuntime runtime) {
        final String job = EXPLICIT_INPUTS + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 10\n  lowerBoundExclusive: true\n";
        final String elements = HEADER
                + "0,left,0,R,k,100,1\n"
                + "1,right,0,R,k,100,2\n"
                + "2,right,0,R,k,101,3\n"
                + "3,right,0,R,k,110,4\n"
                + "4,right,0,R,k,111,5\n";
        assertEquals(List.of("JOIN key=k left=100:1 right=101:3 ts=101 wm=MIN", "JOIN key=k left=100:1 right=110:4 ts=110 wm=MIN",
                "# lateDropped=0"), run(runtime, job, elements));
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void aWindowJoinsUnionValveNamesTheChannelThatHoldsItAtMin(final ScenarioRuntime runtime) {
        final String job = "inputs:\n"
                + "  left: { channels: 2, watermarks: { strategy: monotonous, interval: 100 } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n"
                + "join:\n  type: window\n  window: { type: tumbling, size: 1000 }\n";
        final String elements = HEADER
                + "0,left,0,R,k,100,1\n"
                + "0,left,1,R,k,200,2\n"
                + "0,right,0,R,k,300,3\n"
                + "500,left,0,R,k,5000,4\n";
        // slots: left channels 0 and 1, then the right channel as slot 2, which never sends a watermark
        assertEquals(List.of("# lateDropped=0", "note: channel 0 of the right input has never sent a watermark and holds the window join's"
                + " watermark at MIN while other channels reached 199: event-time windows cannot fire. Give the channel data, end it, or"
                + " enable idleness on the right input so that it is marked IDLE."), run(runtime, job, elements));
    }

    @ParameterizedTest
    @EnumSource(ScenarioRuntime.class)
    void anIntervalJoinsNoteNamesTheInputAndChannelThatHoldItAtMin(final ScenarioRuntime runtime) {
        final String job = "inputs:\n"
                + "  left: { watermarks: { strategy: explicit } }\n"
                + "  right: { channels: 2, watermarks: { strategy: monotonous, interval: 100 } }\n"
                + "join:\n  type: interval\n  lowerBound: 0\n  upperBound: 10\nparallelism: 2\n";
        final String elements = HEADER
                + "0,left,0,R,k,100,1\n"
                + "0,right,0,R,k,105,2\n"
                + "0,left,0,W,,1000,\n"
                + "250,right,0,R,k,300,3\n";
        // right channel 1 never has a record, so the right valve never emits: the join stays at MIN
        assertEquals(List.of("JOIN key=k left=100:1 right=105:2 ts=105 wm=MIN", "# lateDropped=0", "note: the right input has never sent"
                + " a watermark (its channel 1 is at MIN) and holds the interval join's watermark at MIN while the left input reached 1000:"
                + " event-time timers and windows cannot fire. Give the right input watermarks, end it (its end sends MAX), or enable"
                + " idleness on it so that it is marked IDLE."), run(runtime, job, elements));
    }
}
