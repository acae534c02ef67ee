package dev.weir.tools.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Prints {@code weir VERSION (commit HASH, built TIME)} from the {@code version.properties} the
 * build fills in: the project version from the pom, the abbreviated commit of the checkout
 * ({@code unknown} when the build ran outside a git checkout) and the build time in UTC.
 * Stateless and thread-safe.
 */
public final class WeirVersion implements CommandLine.IVersionProvider {
    /** Absolute: the build fills in the file beside the root package, where the command line lives. */
    private static final String RESOURCE = "/dev/weir/tools/version.properties";
    private static final String UNKNOWN = "unknown";

    @Override
    public String[] getVersion() {
        return new String[] {line(buildProperties())};
    }

    /**
     * @param build the properties the build wrote: {@code version}, {@code commit}, {@code built}
     * @return the version line; a value the build did not fill in reads {@code unknown}
     */
    static String line(final Properties build) {
        return "weir " + value(build, "version") + " (commit " + value(build, "commit") + ", built " + value(build, "built") + ")";
    }

    private static String value(final Properties build, final String key) {
        final String value = build.getProperty(key, "").trim();
        // an unfiltered placeholder means the class runs from sources the build did not process
        return value.isEmpty() || value.startsWith("${") ? UNKNOWN : value;
    }

    private static Properties buildProperties() {
        final Properties build = new Properties();
        try (InputStream in = WeirVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from the jar", unreadable);
        }
        return build;
    }
}
