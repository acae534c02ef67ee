package dev.weir.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Numbers in job, element and record files are ASCII decimal digits: digits of other scripts
 * (Arabic-Indic {@code ١٠٠٠}, fullwidth {@code １０００}, Devanagari {@code १}) are not read as
 * numbers but refused at their line and field, in {@code weir run} and {@code weir scenario}.
 */
class AsciiDigitsTest {
    private static final String JOB = "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 1000\n";

    @TempDir
    Path dir;

    static Stream<Arguments> digits() {
        return Stream.of(Arguments.of("١٠٠٠"), Arguments.of("１０００"), Arguments.of("1٠00"), Arguments.of("+१"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("digits")
    void recordFieldsRefuseThem(final String number) throws IOException {
        final Path job = write("job.yaml", JOB);
        final Path ts = write("ts.csv", "a,5,1\na," + number + ",1\n");
        final Path value = write("value.csv", "a,5,1\na,7," + number + "\n");

        CommandRun.of("run", "--state", "heap", job.toString(), ts.toString())
                .assertBadInput(ts + ":2: field 'ts': not an integer: '" + number + "'");
        CommandRun.of("run", "--state", "heap", job.toString(), value.toString())
                .assertBadInput(value + ":2: field 'value': not an integer: '" + number + "'");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("digits")
    void elementFieldsRefuseThem(final String number) throws IOException {
        final Path job = write("job.yaml", JOB);
        for (final String column : new String[] {"at", "channel", "ts", "value"}) {
            final String row = "at".equals(column) ? number + ",0,R,a,7,1"
                    : "channel".equals(column) ? "0," + number + ",R,a,7,1"
                    : "ts".equals(column) ? "0,0,R,a," + number + ",1" : "0,0,R,a,7," + number;
            final Path elements = write(column + ".csv", "at,channel,kind,key,ts,value\n0,0,R,a,5,1\n" + row + "\n");
            CommandRun.of("scenario", job.toString(), elements.toString())
                    .assertBadInput(elements + ":3: field '" + column + "': '" + number + "' is not a 64-bit integer");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("digits")
    void jobFieldsRefuseThem(final String number) throws IOException {
        final Path elements = write("e.csv", "at,channel,kind,key,ts,value\n0,0,R,a,5,1\n");
        final Path channels = write("channels.yaml", "channels: " + number + "\n" + JOB);
        final Path trigger = write("trigger.yaml", JOB + "  trigger: count:" + number + "\n");

        CommandRun.of("scenario", channels.toString(), elements.toString())
                .assertBadInput(channels + ":1: field 'channels': '" + number + "' is not an integer");
        CommandRun.of("scenario", trigger.toString(), elements.toString())
                .assertBadInput(trigger + ":7: field 'window.trigger': '" + number + "' in 'count:" + number + "' is not an integer");
    }

    private Path write(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
