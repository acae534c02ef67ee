package dev.weir.tools.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.pipelines.job.JobFileParser;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.scenario.TwoInputJobGraph;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.tools.CanonicalOutput;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A differential test of two-input jobs on the engine's runtime: 200 seeded random jobs (no join with WM and
 * STATUS lines, interval joins with random bounds, exclusive bounds and late side output, tumbling, sliding and
 * session window joins with allowed lateness; 1 to 3 channels per input, each input with its own watermark
 * strategy, interval and idleness; parallelism 1 to 3) over random element files (records, explicit watermarks,
 * IDLE and ACTIVE rows, ends, some channels left open). Each must print the same canonical output and note on the
 * deterministic scheduler with heap state, the threaded scheduler with heap state, and the deterministic scheduler
 * with Chronicle Map state; every fourth job also on the threaded scheduler with Chronicle Map state.
 */
class TwoInputDifferentialTest {
    private static final int JOBS = 200;
    private static final String[] KEYS = {"a", "b", "c"};

    @Test
    void everyRuntimeAndStateBackendPrintsTheSameLines() {
        int joins = 0;
        int lines = 0;
        for (int seed = 0; seed < JOBS; seed++) {
            final Random random = new Random(seed * 7919L + 17);
            final String job = job(random);
            final JobSpec spec = JobFileParser.parse("job.yaml", new StringReader(job));
            final String elements = elements(random, spec);
            final String what = "seed " + seed + "\n--- job.yaml\n" + job + "--- elements.csv\n" + elements;
            final List<String> reference = run(spec, elements, ScenarioRuntime.DETERMINISTIC, HeapStateBackend.INSTANCE);
            final String expected = CanonicalOutput.canonical(reference, false);
            assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.THREADED, HeapStateBackend.INSTANCE),
                    false), () -> what + "--- threaded (heap) differs from deterministic (heap), which printed:\n" + expected);
            assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.DETERMINISTIC, chronicle()), false),
                    () -> what + "--- deterministic (Chronicle) differs from deterministic (heap), which printed:\n" + expected);
            if (seed % 4 == 0) {
                assertEquals(expected, CanonicalOutput.canonical(run(spec, elements, ScenarioRuntime.THREADED, chronicle()), false),
                        () -> what + "--- threaded (Chronicle) differs from deterministic (heap), which printed:\n" + expected);
            }
            joins += reference.stream().filter(line -> line.startsWith("JOIN ")).count() > 0 ? 1 : 0;
            lines += reference.size();
        }
        // the generator makes jobs that do something: most print pairs, and there are lines beyond the closing ones
        assertTrue(joins > JOBS / 3, "only " + joins + " of " + JOBS + " jobs printed a JOIN line");
        assertTrue(lines > JOBS * 4, "only " + lines + " lines over " + JOBS + " jobs");
    }

    private static StateBackend chronicle() {
        return new ChronicleStateBackend(ChronicleStateConfig.defaults());
    }

    private static List<String> run(final JobSpec spec, final String elements, final ScenarioRuntime runtime, final StateBackend state) {
        final List<String> lines = new ArrayList<>();
        ScenarioRunner.runTwoInputs(spec, "elements.csv", LineReader.utf8(new ByteArrayInputStream(elements.getBytes(StandardCharsets.UTF_8)),
                LineReader.DEFAULT_MAX_LINE_BYTES), lines::add, note -> lines.add("note: " + note), runtime, state,
                TwoInputJobGraph.runtime());
        return lines;
    }

    private static String job(final Random random) {
        final StringBuilder job = new StringBuilder("inputs:\n");
        job.append("  left: ").append(input(random)).append('\n');
        job.append("  right: ").append(input(random)).append('\n');
        final int kind = random.nextInt(5);
        if (kind == 1 || kind == 2) {
            final long lower = -300 + random.nextInt(400);
            final long upper = lower + random.nextInt(400);
            job.append("join:\n  type: interval\n  lowerBound: ").append(lower).append("\n  upperBound: ").append(upper).append('\n');
            if (random.nextInt(3) == 0) {
                job.append("  lowerBoundExclusive: true\n");
            }
            if (random.nextInt(3) == 0) {
                job.append("  upperBoundExclusive: true\n");
            }
            if (random.nextBoolean()) {
                job.append("  sideOutputLateData: true\n");
            }
        } else if (kind >= 3) {
            job.append("join:\n  type: window\n  window: { ").append(window(random)).append(" }\n");
        }
        if (kind != 0) {
            job.append("parallelism: ").append(1 + random.nextInt(3)).append('\n');
        }
        return job.toString();
    }

    private static String input(final Random random) {
        final StringBuilder input = new StringBuilder("{ channels: ").append(1 + random.nextInt(3)).append(", watermarks: { strategy: ");
        switch (random.nextInt(4)) {
            case 0:
                input.append("explicit");
                break;
            case 1:
                input.append("monotonous");
                break;
            default:
                input.append("bounded-out-of-orderness, maxOutOfOrderness: ").append(random.nextInt(200));
                break;
        }
        input.append(", interval: ").append(new int[] {0, 50, 100, 200}[random.nextInt(4)]);
        if (random.nextInt(4) == 0) {
            input.append(", idleness: ").append(100 + random.nextInt(400));
        }
        return input.append(" } }").toString();
    }

    private static String window(final Random random) {
        final String lateness = random.nextBoolean() ? ", allowedLateness: " + random.nextInt(300) : "";
        switch (random.nextInt(3)) {
            case 0:
                return "type: tumbling, size: " + (100 + random.nextInt(900)) + lateness;
            case 1:
                final int slide = 100 + random.nextInt(300);
                return "type: sliding, size: " + slide * (1 + random.nextInt(3)) + ", slide: " + slide + lateness;
            default:
                return "type: session, gap: " + (50 + random.nextInt(300)) + lateness;
        }
    }

    private static String elements(final Random random, final JobSpec spec) {
        final int[] channels = {spec.left().channels(), spec.right().channels()};
        final boolean[][] ended = {new boolean[channels[0]], new boolean[channels[1]]};
        final StringBuilder rows = new StringBuilder("at,input,channel,kind,key,ts,value\n");
        long at = 0;
        final int count = 20 + random.nextInt(40);
        for (int i = 0; i < count; i++) {
            at += random.nextInt(4) == 0 ? 0 : random.nextInt(80);
            final int input = random.nextInt(2);
            final int channel = random.nextInt(channels[input]);
            if (ended[input][channel]) {
                continue;
            }
            final String name = input == 0 ? "left" : "right";
            rows.append(at).append(',').append(name).append(',').append(channel).append(',');
            final int kind = random.nextInt(20);
            if (kind < 14) {
                final long ts = 1000 + at * 2 - random.nextInt(300);
                rows.append("R,").append(KEYS[random.nextInt(KEYS.length)]).append(',').append(ts).append(',').append(random.nextInt(100));
            } else if (kind < 17) {
                rows.append("W,,").append(1000 + at * 2 - random.nextInt(400)).append(',');
            } else if (kind == 17) {
                rows.append("I,,,");
            } else if (kind == 18) {
                rows.append("A,,,");
            } else {
                rows.append("E,,,");
                ended[input][channel] = true;
            }
            rows.append('\n');
        }
        // most runs end every channel (processing time then jumps to its end); some leave channels open
        final boolean endAll = random.nextInt(5) != 0;
        at += 100;
        for (int input = 0; input < 2; input++) {
            for (int channel = 0; channel < channels[input]; channel++) {
                if (!ended[input][channel] && (endAll || random.nextBoolean())) {
                    rows.append(at).append(',').append(input == 0 ? "left" : "right").append(',').append(channel).append(",E,,,\n");
                }
            }
        }
        return rows.toString();
    }
}
