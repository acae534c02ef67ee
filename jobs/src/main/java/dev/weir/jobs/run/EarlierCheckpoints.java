package dev.weir.jobs.run;

import dev.weir.checkpoint.CheckpointDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checkpoints of an earlier run in the directory a new run is to checkpoint into. A new run
 * would number its checkpoints after them and soon delete them as old ones, so it refuses to
 * start unless told to resume from them ({@code --restore}) or to start over ({@code --fresh},
 * which deletes them first); a run that resumes from another directory must not checkpoint into
 * one that holds checkpoints either, unless told {@code --fresh}. Stateless; thread-safe.
 */
public final class EarlierCheckpoints {
    private EarlierCheckpoints() {
    }

    /**
     * @param dir the directory the new run checkpoints into
     * @param fresh true to delete earlier checkpoints, false to refuse to run over them
     * @throws CheckpointDirectoryInUseException if the directory holds checkpoints and {@code fresh} is false
     * @throws UncheckedIOException if deleting them fails
     */
    public static void clearOrRefuse(final Path dir, final boolean fresh) {
        clearOrRefuse(dir, fresh, null);
    }

    /**
     * As {@link #clearOrRefuse(Path, boolean)} for a run that resumes from {@code restoreDir}:
     * checkpointing on in the directory it resumes from is what resuming is for; any other
     * directory must not hold an earlier run's checkpoints, which the resumed run would delete.
     *
     * @param dir the directory the new run checkpoints into
     * @param fresh true to delete earlier checkpoints, false to refuse to run over them
     * @param restoreDir the directory the run resumes from, or null for a run from the start
     * @throws CheckpointDirectoryInUseException if {@code dir} is not {@code restoreDir}, holds
     *     checkpoints and {@code fresh} is false
     * @throws UncheckedIOException if deleting them fails
     */
    public static void clearOrRefuse(final Path dir, final boolean fresh, final Path restoreDir) {
        if (restoreDir != null && sameDirectory(dir, restoreDir)) {
            return;
        }
        final CheckpointDirectory checkpoints = new CheckpointDirectory(dir);
        final List<Long> ids = checkpoints.checkpointIds();
        if (ids.isEmpty()) {
            return;
        }
        if (fresh) {
            try {
                checkpoints.deleteAll();
            } catch (final IOException e) {
                throw new UncheckedIOException("cannot delete the earlier checkpoints in " + dir + ": " + e.getMessage(), e);
            }
            return;
        }
        throw new CheckpointDirectoryInUseException(dir.toString(), restoreDir == null ? refusal(checkpoints, ids)
                : "holds checkpoints of an earlier run (latest: " + checkpoints.checkpointDir(ids.get(0)) + "), which a run resumed from "
                        + restoreDir + " would delete; checkpoint into an empty directory, or into " + restoreDir
                        + " itself, or add --fresh to delete them");
    }

    /**
     * @param one a directory
     * @param other another spelling of a directory
     * @return true if both name the same directory (after {@code .}, {@code ..}, relative paths and links)
     */
    public static boolean sameDirectory(final Path one, final Path other) {
        if (one.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.isSameFile(one, other);
        } catch (final IOException | SecurityException missing) {
            return false;
        }
    }

    private static String refusal(final CheckpointDirectory checkpoints, final List<Long> ids) {
        for (final long id : ids) {
            if (checkpoints.isComplete(id)) {
                return "holds checkpoints of an earlier run (latest: checkpoint " + id + ", " + checkpoints.checkpointDir(id)
                        + "); resume from it with --restore " + checkpoints.root() + ", or start over with --fresh,"
                        + " which deletes the earlier checkpoints";
            }
        }
        return "holds unfinished checkpoints of an earlier run (latest: " + checkpoints.checkpointDir(ids.get(0))
                + ", no complete one to resume from); start over with --fresh, which deletes them";
    }
}
