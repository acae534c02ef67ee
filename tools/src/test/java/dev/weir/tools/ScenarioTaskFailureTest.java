package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.offheap.StateCapacityException;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.source.LineReader;
import dev.weir.tools.scenario.PipelineFailedException;
import dev.weir.tools.scenario.ScenarioRunner;
import dev.weir.tools.scenario.ScenarioRuntime;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A task that fails on the deterministic scheduler fails within the row's own call: the runner
 * names that row ({@code the pipeline failed on this row}) with the task's own exception as the
 * cause (not the scheduler's wrapper), after the lines of the rows before it. The task here is
 * a window instance whose off-heap state is capped at one entry; the rows that overflow it are
 * the first, a middle and the last of their files.
 */
final class ScenarioTaskFailureTest {
    private static final String CAPPED = "state 'window-contents' of operator 'window' (instance 0, key groups [0, 127]) holds 1 entries,"
            + " the most state.max-entries=1 allows; raise state.max-entries (--state-max-entries) or use more instances";
    private static final String HEADER = "at,channel,kind,key,ts,value\n";

    static Stream<Arguments> overflowingRows() {
        return Stream.of(
                Arguments.of("a sliding window's first record takes two windows",
                        "watermarks:\n  strategy: monotonous\nwindow:\n  type: sliding\n  size: 2000\n  slide: 1000\n",
                        "0,0,R,a,1500,1\n1,0,R,a,1600,2\n", 2, List.of()),
                Arguments.of("a second key, last row",
                        "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n",
                        "0,0,R,a,100,1\n1,0,R,b,200,1\n", 3, List.of()),
                Arguments.of("a second key after a window fired and was cleared",
                        "watermarks:\n  strategy: explicit\nwindow:\n  type: tumbling\n  size: 1000\n",
                        "0,0,R,a,100,1\n1,0,W,,1000,\n2,0,R,a,1500,2\n3,0,R,b,1600,3\n4,0,R,a,1700,4\n", 5,
                        List.of("FIRE key=a window=[0,1000) count=1 sum=1 elements=[100] wm=1000")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overflowingRows")
    void theDeterministicSchedulerNamesTheRowWhoseCallFailed(final String description, final String yaml, final String rows,
            final int failingLine, final List<String> printedBefore) {
        final JobSpec job = JobFileParser.parse("job.yaml", new StringReader(yaml));
        final LineReader elements = LineReader.utf8(new ByteArrayInputStream((HEADER + rows).getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES);
        final List<String> lines = new ArrayList<>();
        final PipelineFailedException failure = assertThrows(PipelineFailedException.class, () -> ScenarioRunner.run(job,
                "elements.csv", elements, lines::add, note -> { }, ScenarioRuntime.DETERMINISTIC,
                new ChronicleStateBackend(ChronicleStateConfig.defaults().withMaxEntries(1))));
        assertEquals("elements.csv:" + failingLine + ": the pipeline failed on this row: " + CAPPED, failure.getMessage());
        assertEquals(StateCapacityException.class, failure.getCause().getClass());
        assertEquals(printedBefore, lines);
    }
}
