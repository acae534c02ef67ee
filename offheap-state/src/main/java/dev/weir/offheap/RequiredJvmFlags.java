package dev.weir.offheap;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The JVM flags Weir needs (the parent pom's {@code weir.jvm.flags}, copied into
 * {@code jvm-flags.properties} by the build) and the check that this JVM has them. Without
 * them Chronicle Map fails deep in its static initialisers; checking the module system and the
 * system properties first turns that into one message. Immutable; thread-safe.
 */
final class RequiredJvmFlags {
    private static final String RESOURCE = "jvm-flags.properties";
    private static final String HEADING = "off-heap state cannot start: ";
    private static final String SECTION = " (docs/state.md, \"When the flags are missing\") or use the heap state backend";

    private final List<JvmFlag> flags;

    /** @param flags the flags, in command-line order */
    RequiredJvmFlags(final List<JvmFlag> flags) {
        this.flags = List.copyOf(flags);
    }

    /**
     * @return the flags of {@code weir.jvm.flags}
     * @throws IllegalStateException if the build did not fill in the list
     */
    static RequiredJvmFlags load() {
        final Properties properties = new Properties();
        try (InputStream in = RequiredJvmFlags.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            properties.load(in);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        final String required = properties.getProperty("required", "").trim();
        if (required.isEmpty() || required.contains("${")) {
            throw new IllegalStateException(RESOURCE + " has no flags; build the module with Maven, which fills them in");
        }
        final List<JvmFlag> flags = new ArrayList<>();
        for (final String text : required.split("\\s+")) {
            flags.add(JvmFlag.parse(text));
        }
        return new RequiredJvmFlags(flags);
    }

    /** @return the flags, in command-line order */
    List<JvmFlag> flags() {
        return flags;
    }

    /**
     * Checks this JVM: the boot layer, the unnamed module this class lives in (Chronicle's
     * classes share it on the class path) and the system properties.
     *
     * @throws MissingJvmFlagsException naming every missing flag and module
     */
    void check() {
        check(ModuleLayer.boot(), RequiredJvmFlags.class.getModule(), System.getProperty("java.home"));
    }

    /**
     * @param layer where the flags' modules are looked up
     * @param unnamed the module that needs the access
     * @param javaHome the Java runtime's directory, for the message
     * @throws MissingJvmFlagsException naming every missing flag and module
     */
    void check(final ModuleLayer layer, final Module unnamed, final String javaHome) {
        final List<String> missing = new ArrayList<>();
        final List<String> absentModules = new ArrayList<>();
        for (final JvmFlag flag : flags) {
            final String module = flag.moduleName();
            if (module != null && layer.findModule(module).isEmpty()) {
                // a flag cannot fix a module the runtime does not have: that is the JDK to change
                if (!absentModules.contains(module)) {
                    absentModules.add(module);
                }
            } else if (!flag.isInEffect(layer, unnamed)) {
                missing.add(flag.text());
            }
        }
        if (missing.isEmpty() && absentModules.isEmpty()) {
            return;
        }
        throw new MissingJvmFlagsException(message(missing, absentModules, javaHome), missing, absentModules);
    }

    private static String message(final List<String> missing, final List<String> absentModules, final String javaHome) {
        final StringBuilder text = new StringBuilder(HEADING);
        if (!missing.isEmpty()) {
            text.append("this JVM was started without ").append(String.join(" ", missing));
        }
        if (!absentModules.isEmpty()) {
            text.append(missing.isEmpty() ? "" : ", and ")
                    .append("the Java runtime at ").append(javaHome)
                    .append(absentModules.size() == 1 ? " has no module " : " has no modules ")
                    .append(String.join(", ", absentModules))
                    .append(" (Chronicle Map needs a full JDK)");
        }
        if (absentModules.isEmpty()) {
            text.append("; add them to the java command line");
        } else {
            text.append(missing.isEmpty() ? "; run on a full JDK" : "; add the flags and run on a full JDK");
        }
        return text.append(SECTION).toString();
    }
}
