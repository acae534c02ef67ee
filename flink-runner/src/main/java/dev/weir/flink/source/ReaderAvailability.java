package dev.weir.flink.source;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.io.InputStatus;

/**
 * A Flink source reader's availability future ({@code SourceReader.isAvailable}): completed while
 * the reader may have something, replaced by a pending one when it answers
 * {@code NOTHING_AVAILABLE}, completed again by {@link #wake()} (new splits, the end of splits, a
 * resumed split) or after a wait. Not thread-safe: the reader's task thread (a timed wake-up
 * completes the future on another).
 */
final class ReaderAvailability {
    /** The longest a reader waiting for a due time sleeps before it asks its clock again. */
    private static final long MAX_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private CompletableFuture<Void> available = new CompletableFuture<>();

    /** @return {@code NOTHING_AVAILABLE}, the future completing when the reader is woken */
    InputStatus nothingAvailable() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    /** @return {@code NOTHING_AVAILABLE}, the future completing when woken or after {@code nanos} (at most 10 ms) */
    InputStatus nothingAvailableFor(final long nanos) {
        if (available.isDone()) {
            final CompletableFuture<Void> due = new CompletableFuture<>();
            CompletableFuture.delayedExecutor(Math.min(nanos, MAX_WAIT_NANOS), TimeUnit.NANOSECONDS).execute(() -> due.complete(null));
            available = due;
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    /** @return the future, as {@code SourceReader.isAvailable} */
    CompletableFuture<Void> future() {
        return available;
    }

    /** The reader may have something now. */
    void wake() {
        available.complete(null);
        available = CompletableFuture.completedFuture(null);
    }
}
