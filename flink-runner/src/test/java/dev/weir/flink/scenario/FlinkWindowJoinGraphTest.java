package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

/**
 * What the lock-step of a two-input scenario job relies on: the window join's head, Flink's window operator and the
 * sinks are one chain (one task, so the head acknowledges a marker only after the window operator has handled
 * everything before it), and each subtask gets its own marker and channel marks, by key.
 */
final class FlinkWindowJoinGraphTest {
    @Test
    void theValveTheWindowOperatorAndTheSinksOfAWindowJoinAreOneChain() {
        final JobSpec job = JobFileParser.parse("job.yaml", new StringReader("inputs:\n  left: { channels: 2, watermarks: { strategy: explicit } }\n"
                + "  right: { watermarks: { strategy: explicit } }\njoin:\n  type: window\n  window: { type: tumbling, size: 1000 }\n"
                + "parallelism: 3\n"));
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        final LineBoard board = LineBoard.open();
        final JobGraph graph;
        try {
            FlinkScenario.twoInputGraph(job, List.of(), env, board);
            graph = env.getStreamGraph().getJobGraph();
        } finally {
            board.close();
        }
        final List<String> names = new ArrayList<>();
        JobVertex window = null;
        for (final JobVertex vertex : graph.getVertices()) {
            names.add(vertex.getName());
            if (vertex.getName().contains("union valve")) {
                window = vertex;
            }
        }
        // the two sources with their tagging maps, and the window's task
        assertEquals(3, names.size(), names.toString());
        assertTrue(window != null, names.toString());
        for (final String chained : List.of("window tumbling", "JOIN lines", "late records dropped")) {
            assertTrue(window.getName().contains(chained), chained + " is not chained to the valve: " + names);
        }
        assertEquals(3, window.getParallelism());
    }

    @Test
    void eachSubtaskGetsItsOwnMarkerAndChannelMarks() {
        for (int subtasks = 1; subtasks <= 4; subtasks++) {
            final String[] marks = ChannelMarks.keys(subtasks);
            for (int subtask = 0; subtask < subtasks; subtask++) {
                final String marker = RowDone.markers(subtasks)[subtask].key();
                assertEquals(subtask, KeyGroupRangeAssignment.assignKeyToParallelOperator(marker, RowDone.MAX_PARALLELISM, subtasks), marker);
                assertEquals(subtask, KeyGroupRangeAssignment.assignKeyToParallelOperator(marks[subtask], RowDone.MAX_PARALLELISM, subtasks));
                assertTrue(RowDone.is(RowDone.markers(subtasks)[subtask]));
                assertTrue(ChannelMarks.is(ChannelMarks.watermark(marks[subtask], 0, 5)));
            }
        }
    }
}
