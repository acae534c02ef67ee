package dev.weir.offheap;

import dev.weir.UserInputError;
import java.util.List;

/**
 * The off-heap backend cannot work in this JVM: it was started without some of the flags Weir
 * needs, or the Java runtime lacks a module Chronicle Map needs (a JRE instead of a full JDK).
 * Thrown when the backend is created, before any Chronicle class is touched; the message names
 * every missing flag and module (docs/state.md, "When the flags are missing").
 */
public final class MissingJvmFlagsException extends IllegalStateException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /** The missing flags, as written on the command line; an unmodifiable list. */
    private final List<String> missingFlags;
    /** The modules the Java runtime lacks; an unmodifiable list. */
    private final List<String> absentModules;

    /**
     * @param message what is missing and what to do
     * @param missingFlags the flags this JVM was started without
     * @param absentModules the modules this Java runtime lacks
     */
    MissingJvmFlagsException(final String message, final List<String> missingFlags, final List<String> absentModules) {
        super(message);
        this.missingFlags = List.copyOf(missingFlags);
        this.absentModules = List.copyOf(absentModules);
    }

    /** @return the flags this JVM was started without, as written on the command line, in the order of {@code weir.jvm.flags} */
    public List<String> missingFlags() {
        return missingFlags;
    }

    /** @return the modules this Java runtime lacks (e.g. {@code jdk.compiler} on a JRE) */
    public List<String> absentModules() {
        return absentModules;
    }
}
