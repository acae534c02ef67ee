package dev.weir.pipelines.run;

import dev.weir.checkpoint.CheckpointDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Checkpoints of an earlier run in the directory a new run is to checkpoint into. A new run
 * would number its checkpoints after them and soon delete them as old ones, so it refuses to
 * start unless told to resume from them ({@code --restore}) or to start over ({@code --fresh},
 * which deletes them first). Stateless; thread-safe.
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
        throw new CheckpointDirectoryInUseException(dir.toString(), refusal(checkpoints, ids));
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
