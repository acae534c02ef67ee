package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code trigger: processing-time} under {@code weir run}: a window whose end has passed on the
 * system clock fires before the next watermark, so no window is cleaned up by a later
 * watermark (MAX at the end of input) without having fired. The results are those of
 * {@code weir scenario} at a processing time past every window (docs/scenarios.md: a timer
 * registered for a time already passed fires right after the row); only {@code wm=} may differ.
 */
class RunProcessingTimeTriggerTest {
    private static final String WATERMARKS = "watermarks:\n  strategy: monotonous\n  interval: 0\n";

    @TempDir
    Path dir;

    @Test
    void windowsOfPastEventTimeFireOnceEach() throws IOException {
        final Path job = write("job.yaml", WATERMARKS + "window:\n  type: tumbling\n  size: 1000\n  trigger: processing-time\n");
        final Path records = write("r.csv", "a,5,1\nb,7,2\na,1500,3\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), records.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("FIRE key=a window=[0,1000) count=1 sum=1 elements=[5]",
                "FIRE key=b window=[0,1000) count=1 sum=2 elements=[7]",
                "FIRE key=a window=[1000,2000) count=1 sum=3 elements=[1500]",
                "# lateDropped=0"), withoutWatermarks(run.out()));
        assertEquals(true, run.err().contains(" 3 windows fired,"), run::describe);
    }

    static Stream<Arguments> windows() {
        return Stream.of(
                Arguments.of("tumbling", "  type: tumbling\n  size: 100\n", 1),
                Arguments.of("tumbling, 3 instances", "  type: tumbling\n  size: 100\n", 3),
                Arguments.of("sliding", "  type: sliding\n  size: 100\n  slide: 40\n", 1),
                Arguments.of("sliding, 3 instances", "  type: sliding\n  size: 100\n  slide: 40\n", 3),
                Arguments.of("session", "  type: session\n  gap: 60\n", 2),
                Arguments.of("tumbling with lateness", "  type: tumbling\n  size: 100\n  allowedLateness: 500\n", 2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("windows")
    void everyRecordReachesAFiringAsInTheScenario(final String description, final String window, final int parallelism)
            throws IOException {
        final Path job = write("job.yaml", "parallelism: " + parallelism + "\n" + WATERMARKS + "window:\n" + window
                + "  trigger: processing-time\n");
        final List<String> records = new ArrayList<>();
        final List<String> elements = new ArrayList<>(List.of("at,channel,kind,key,ts,value"));
        for (int i = 0; i < 300; i++) {
            // rising event times: each record is followed by its own watermark, in both commands
            final String record = "k" + (i % 7) + "," + (i * 13) + "," + i;
            records.add(record);
            elements.add("1000000,0,R," + record);
        }
        elements.add("1000000,0,E,,,");
        final Path recordFile = write("r.csv", String.join("\n", records) + "\n");
        final Path elementFile = write("e.csv", String.join("\n", elements) + "\n");

        final CommandRun run = CommandRun.of("run", "--format", "fire", "--state", "heap", job.toString(), recordFile.toString());
        final CommandRun scenario = CommandRun.of("scenario", job.toString(), elementFile.toString());

        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(0, scenario.exitCode(), scenario::describe);
        final List<String> expected = sorted(scenario.out());
        assertEquals(true, expected.size() > 300, "firings: " + expected.size());
        assertEquals(expected, sorted(run.out()));
    }

    private static List<String> withoutWatermarks(final String out) {
        return out.lines().map(line -> line.replaceAll(" wm=\\S+$", "")).collect(Collectors.toList());
    }

    private static List<String> sorted(final String out) {
        return withoutWatermarks(out).stream().sorted().collect(Collectors.toList());
    }

    private Path write(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
