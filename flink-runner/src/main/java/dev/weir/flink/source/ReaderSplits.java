package dev.weir.flink.source;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.core.io.InputStatus;

/**
 * The splits of one reader of a Weir source on Flink, read as Weir's readers read theirs: each
 * split's output created before any record ({@link #register}), one split per read round-robin
 * over those neither finished nor paused ({@link #next}), a finished split's output released so
 * it stops holding the watermark back ({@link #finish}). Also the reader's
 * {@link ReaderAvailability}. Not thread-safe: the reader's task thread.
 *
 * @param <T> the record type
 * @param <S> the split type
 */
final class ReaderSplits<T, S extends ReaderSplit<T>> {
    private final List<S> splits = new ArrayList<>();
    private final ReaderAvailability availability = new ReaderAvailability();
    private boolean noMoreSplits;
    private int finished;
    private int next;

    /** @return every split, finished or not, in the order added */
    List<S> all() {
        return splits;
    }

    /** @param split a split assigned to the reader; wakes the reader */
    void add(final S split) {
        splits.add(split);
        wake();
    }

    /** No split will be added any more; wakes the reader. */
    void noMoreSplits() {
        noMoreSplits = true;
        wake();
    }

    /** Creates the output of every split that has none yet, before anything is emitted. */
    void register(final ReaderOutput<T> output) {
        for (final S split : splits) {
            if (split.output() == null) {
                split.output(output.createOutputForSplit(split.splitId()));
            }
        }
    }

    /** @return the next split to read, round-robin, or null if every unfinished split is paused (or none is left) */
    S next() {
        for (int i = 0; i < splits.size(); i++) {
            final int index = (next + i) % splits.size();
            final S split = splits.get(index);
            if (!split.finished() && !split.paused()) {
                next = index + 1 == splits.size() ? 0 : index + 1;
                return split;
            }
        }
        return null;
    }

    /** Releases a split that has just finished: it stops holding the reader's watermark back. */
    void finish(final S split, final ReaderOutput<T> output) {
        finished++;
        output.releaseOutputForSplit(split.splitId());
    }

    /** @return true if every split added has finished */
    boolean allFinished() {
        return finished == splits.size();
    }

    /** @return the status once every split added has finished: the end, or a wait for more splits */
    InputStatus afterLastSplit() {
        return noMoreSplits ? InputStatus.END_OF_INPUT : nothingAvailable();
    }

    /** @return {@code NOTHING_AVAILABLE}, the future completing when the reader is woken */
    InputStatus nothingAvailable() {
        return availability.nothingAvailable();
    }

    /** @return {@code NOTHING_AVAILABLE}, the future completing when woken or after {@code nanos} (at most 10 ms) */
    InputStatus nothingAvailableFor(final long nanos) {
        return availability.nothingAvailableFor(nanos);
    }

    /** @return the reader's availability, as {@code SourceReader.isAvailable} */
    CompletableFuture<Void> available() {
        return availability.future();
    }

    /** Pauses and resumes splits by id, as {@code SourceReader.pauseOrResumeSplits}; wakes the reader. */
    void pauseOrResume(final Collection<String> toPause, final Collection<String> toResume) {
        for (final S split : splits) {
            if (toPause.contains(split.splitId())) {
                split.paused(true);
            } else if (toResume.contains(split.splitId())) {
                split.paused(false);
            }
        }
        wake();
    }

    private void wake() {
        availability.wake();
    }
}
