package dev.weir.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.CommandRun;
import java.util.Properties;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --version}: the pom's version, the commit the build ran on (or {@code unknown}) and
 * the build time, from the file the build filled in.
 */
class WeirVersionTest {
    private static final String VERSION = System.getProperty("weir.project.version");
    private static final Pattern LINE = Pattern.compile("weir " + Pattern.quote(VERSION)
            + " \\(commit ([0-9a-f]{7,40}|unknown), built \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\)");

    @Test
    void printsThePomVersionTheCommitAndTheBuildTime() {
        assertTrue(VERSION != null && !VERSION.isBlank(), "the build passes the project version");
        for (final String[] args : new String[][] {{"--version"}, {"-V"}, {"run", "--version"}, {"scenario", "--version"}}) {
            final CommandRun run = CommandRun.of(args);

            assertEquals(0, run.exitCode(), run::describe);
            assertEquals(1, run.outLines().size(), run::describe);
            assertTrue(LINE.matcher(run.outLines().get(0)).matches(), run::describe);
        }
    }

    @Test
    void whatTheBuildDidNotFillInReadsUnknown() {
        assertEquals("weir 0.1.0 (commit abc1234, built 2026-01-02T03:04:05Z)",
                WeirVersion.line(build("0.1.0", "abc1234", "2026-01-02T03:04:05Z")));
        assertEquals("weir 0.1.0 (commit unknown, built 2026-01-02T03:04:05Z)",
                WeirVersion.line(build("0.1.0", "unknown", "2026-01-02T03:04:05Z")));
        assertEquals("weir 0.1.0 (commit unknown, built 2026-01-02T03:04:05Z)",
                WeirVersion.line(build("0.1.0", "${weir.commit}", "2026-01-02T03:04:05Z")));
        assertEquals("weir 0.1.0 (commit unknown, built unknown)", WeirVersion.line(build("0.1.0", "", null)));
        assertEquals("weir unknown (commit unknown, built unknown)", WeirVersion.line(new Properties()));
    }

    private static Properties build(final String version, final String commit, final String built) {
        final Properties properties = new Properties();
        properties.setProperty("version", version);
        properties.setProperty("commit", commit);
        if (built != null) {
            properties.setProperty("built", built);
        }
        return properties;
    }
}
