package dev.weir.pipelines.replay;

/**
 * Where a replay's warnings go (stderr for {@code weir replay}): sequence gaps, malformed lines, skipped faults,
 * a capture cut short. Called on the reading thread; a warning is one line without a trailing newline.
 */
@FunctionalInterface
public interface ReplayWarnings {
    /** @param line the warning, already naming its file and packet where it has them */
    void warn(String line);
}
