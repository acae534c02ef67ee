package dev.weir.source;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Reads one source instance's share of the input, a batch at a time, on the source task's
 * thread. A reader of several splits may support pausing single splits, so that watermark
 * alignment (docs/semantics.md §5) holds back only the splits that run ahead; otherwise the whole
 * instance stops reading. A reader that can tell where it is ({@link #snapshotPositions()})
 * resumes there after a restore from a checkpoint.
 *
 * @param <T> the record type
 */
public interface SourceReader<T> extends Closeable {
    /**
     * Emits what is available now, a bounded batch.
     *
     * @param output where records go
     * @return whether more is available, nothing is, or the input has ended
     * @throws Exception if reading fails; the pipeline drains what was emitted before, then fails with it
     */
    ReadStatus read(SourceOutput<T> output) throws Exception;

    /**
     * When a reader that just answered {@link ReadStatus#NOTHING_AVAILABLE} will next have a
     * record, in the pipeline's processing time: a replay whose records come at the times they
     * were captured knows it. On a virtual clock the deterministic scheduler moves time straight
     * there (docs/runtime.md, "The deterministic scheduler").
     *
     * @return processing time in ms, or {@link #UNKNOWN_AVAILABILITY} (the default): the reader is
     *     asked again at every periodic watermark emission
     */
    default long nextAvailableMillis() {
        return UNKNOWN_AVAILABILITY;
    }

    /** {@link #nextAvailableMillis()}'s answer when the reader cannot tell. */
    long UNKNOWN_AVAILABILITY = Long.MIN_VALUE;

    /** @return true if {@link #pauseSplit} and {@link #resumeSplit} work; false by default */
    default boolean canPauseSplits() {
        return false;
    }

    /**
     * Stops reading a split until {@link #resumeSplit} (for watermark alignment).
     *
     * @param splitIndex the reader's index of the split
     * @throws UnsupportedOperationException unless {@link #canPauseSplits()}
     */
    default void pauseSplit(final int splitIndex) {
        throw new UnsupportedOperationException("this reader cannot pause splits");
    }

    /**
     * Reads a paused split again.
     *
     * @param splitIndex the reader's index of the split
     * @throws UnsupportedOperationException unless {@link #canPauseSplits()}
     */
    default void resumeSplit(final int splitIndex) {
        throw new UnsupportedOperationException("this reader cannot pause splits");
    }

    /**
     * Where the reader is, for a checkpoint: called between two reads, when a barrier follows
     * the records emitted so far. Each position is a value {@code StateSerializers.any()} writes
     * (a record of primitives and strings is best). A reader that returns none (the default) is
     * read from its beginning again after a restore.
     *
     * @return the positions, e.g. one per split
     */
    default List<?> snapshotPositions() {
        return List.of();
    }

    /**
     * Resumes where a checkpoint left off; called once before the first read. The positions are
     * those of every instance of the source when the checkpoint was taken, whatever its
     * parallelism was then: each reader takes what concerns its own share.
     *
     * @param positions what {@link #snapshotPositions()} returned in every instance
     * @throws IllegalStateException if the positions do not fit this source (say, other files)
     */
    default void restorePositions(final List<?> positions) {
    }

    /**
     * Releases the reader's resources (files, connections); called once on the source task's
     * thread when it stops, however it stopped. Idempotent.
     *
     * @throws IOException if releasing fails; the pipeline fails with it
     */
    @Override
    default void close() throws IOException {
    }
}
