package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** {@link FlinkScenario#check}: what translates, and every kind of job file it refuses, by the field it names. */
final class FlinkScenarioCheckTest {
    private static JobSpec job(final String yaml) {
        return JobFileParser.parse("job.yaml", new StringReader(yaml));
    }

    private static void assertRefused(final String field, final String yaml) {
        final ScenarioRefusedException refused = assertThrows(ScenarioRefusedException.class, () -> FlinkScenario.check(job(yaml), "job.yaml"));
        assertEquals(field, refused.field(), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("job.yaml: field '" + field + "': "), refused.getMessage());
        assertTrue(refused.getMessage().length() > ("job.yaml: field '" + field + "': ").length() + 20, "states the reason: " + refused.getMessage());
    }

    @Test
    void translatesEveryWindowTypeAndEventTimeTriggerWithDeterministicWatermarks() {
        final String[] jobs = {
            "watermarks:\n  strategy: explicit\nwindow:\n  type: tumbling\n  size: 1000\n  trigger: event-time\n",
            "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: sliding\n  size: 3000\n  slide: 1000\n  trigger: count:2\n",
            "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 5\n  interval: 0\nwindow:\n  type: session\n  gap: 10\n"
                    + "  trigger: purging-count:3\n  allowedLateness: 7\n  sideOutputLateData: true\n",
            "watermarks:\n  strategy: none\nwindow:\n  type: global\n  trigger: count:1\n",
            "watermarks:\n  strategy: explicit\nwindow:\n  type: tumbling\n  size: 100000\n  trigger: continuous-event-time:1\n",
            // a session's windows are checked one by one as they fire (ContinuousTriggerWithinWeirsCap)
            "watermarks:\n  strategy: explicit\nwindow:\n  type: session\n  gap: 100000000\n  trigger: continuous-event-time:1\n",
            // periodic watermarks, idleness and several channels run on the scenario's processing time (ChannelWatermarks)
            "channels: 3\nwatermarks:\n  strategy: monotonous\n  interval: 200\n  idleness: 1000\nwindow:\n  type: tumbling\n  size: 1000\n",
            "channels: 2\nwatermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: 5\nwindow:\n  type: sliding\n  size: 20\n"
                    + "  slide: 10\n",
            "channels: 2\nwatermarks:\n  strategy: explicit\nwindow:\n  type: global\n  trigger: count:2\n",
            "parallelism: 2\nwatermarks:\n  strategy: monotonous\n  interval: 100\nwindow:\n  type: tumbling\n  size: 1000\n",
        };
        for (final String yaml : jobs) {
            assertDoesNotThrow(() -> FlinkScenario.check(job(yaml), "job.yaml"), yaml);
        }
    }

    @Test
    void refusesWhatDependsOnWallClockTimeOrIsNotTranslated() {
        final String window = "window:\n  type: tumbling\n  size: 1000\n";
        assertRefused("window", "watermarks:\n  strategy: explicit\n");
        assertRefused("window", "channels: 2\nwatermarks:\n  strategy: monotonous\n  interval: 100\n  idleness: 200\n");
        assertRefused("window.trigger", "watermarks:\n  strategy: explicit\n" + window + "  trigger: processing-time\n");
        assertRefused("window.trigger", "watermarks:\n  strategy: explicit\nwindow:\n  type: global\n  trigger: continuous-event-time:10\n");
        assertRefused("window.trigger", "watermarks:\n  strategy: explicit\nwindow:\n  type: tumbling\n  size: 100001\n"
                + "  trigger: continuous-event-time:1\n");
    }

    @Test
    void translatesTwoInputJobsOfEveryJoinAtAnyParallelism() {
        final String inputs = "inputs:\n  left: { channels: 2, watermarks: { strategy: monotonous, interval: 100, idleness: 300 } }\n"
                + "  right: { watermarks: { strategy: explicit } }\n";
        final String[] jobs = {
            inputs,
            inputs + "parallelism: 3\n",
            inputs + "join:\n  type: interval\n  lowerBound: -100\n  upperBound: 100\n  sideOutputLateData: true\nparallelism: 2\n",
            inputs + "join:\n  type: window\n  window: { type: tumbling, size: 1000, allowedLateness: 500 }\n",
            inputs + "join:\n  type: window\n  window: { type: session, gap: 300 }\nparallelism: 3\n",
            inputs + "join:\n  type: window\n  window: { type: sliding, size: 300, slide: 100, trigger: count:2 }\nparallelism: 2\n",
        };
        for (final String yaml : jobs) {
            assertDoesNotThrow(() -> FlinkScenario.check(job(yaml), "job.yaml"), yaml);
        }
    }

    @Test
    void refusesAWindowJoinWhoseTriggerDependsOnWallClockTime() {
        final String inputs = "inputs:\n  left: { watermarks: { strategy: explicit } }\n  right: { watermarks: { strategy: explicit } }\n";
        assertRefused("join.window.trigger", inputs + "join:\n  type: window\n  window: { type: tumbling, size: 1000, trigger: processing-time }\n");
        assertRefused("join.window.trigger", inputs + "join:\n  type: window\n  window: { type: global, trigger: continuous-event-time:10 }\n");
    }
}
