package dev.weir.checkpoint;

import dev.weir.clock.SystemNanoClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts checkpoints and completes them. Sources ask it at every poll whether a checkpoint is
 * due ({@link #pollTrigger}); when the interval has passed since the last one completed, the
 * next id is triggered and every source injects a barrier with it. Each participant (every
 * source instance and every task) acknowledges with the files it wrote; the last
 * acknowledgement writes the {@link Manifest}, which completes the checkpoint, and deletes
 * checkpoints older than the last {@value #RETAINED} complete ones. One checkpoint is in flight
 * at a time. Once a participant has finished (its input ended), no checkpoint starts any more
 * and the one in flight is abandoned (its directory, without a manifest, is ignored).
 * Thread-safe: {@link #pollTrigger} costs one volatile read while nothing is due.
 */
public final class CheckpointCoordinator {
    /** Complete checkpoints kept. */
    public static final int RETAINED = 2;
    private static final Comparator<CheckpointFile> MANIFEST_ORDER = Comparator.comparing(CheckpointFile::kind)
            .thenComparing(CheckpointFile::owner).thenComparingInt(CheckpointFile::instance);

    private final CheckpointDirectory directory;
    private final long intervalMillis;
    private final int maxParallelism;
    private final int participants;
    private final CheckpointListener listener;
    private final List<CheckpointFile> pendingFiles = new ArrayList<>();
    private final Map<String, Map<String, String>> fingerprint = new LinkedHashMap<>();
    private volatile long nextDueMillis;
    private volatile long triggeredId;
    private volatile long completedId;
    private long lastId;
    private long pendingId;
    private int pendingAcks;
    private boolean finished;

    /**
     * @param directory where checkpoints go
     * @param intervalMillis processing time between the completion of one checkpoint and the start of the next
     * @param maxParallelism the job's number of key groups
     * @param participants source instances plus tasks: acknowledgements that complete a checkpoint
     * @param startMillis processing time now; the first checkpoint is due an interval later
     * @param lastId the id the first checkpoint follows (that of a restored checkpoint); ids of
     *     checkpoints already in the directory are skipped too
     * @param listener told of every checkpoint completed (after its manifest is durable) or abandoned
     */
    public CheckpointCoordinator(final CheckpointDirectory directory, final long intervalMillis, final int maxParallelism,
            final int participants, final long startMillis, final long lastId, final CheckpointListener listener) {
        if (intervalMillis < 1) {
            throw new IllegalArgumentException("checkpoint interval must be at least 1 ms: " + intervalMillis);
        }
        this.directory = directory;
        this.intervalMillis = intervalMillis;
        this.maxParallelism = maxParallelism;
        this.participants = participants;
        this.listener = listener;
        final List<Long> existing = directory.checkpointIds();
        this.lastId = Math.max(lastId, existing.isEmpty() ? 0 : existing.get(0));
        this.completedId = lastId;
        this.triggeredId = this.lastId;
        this.nextDueMillis = startMillis + intervalMillis;
    }

    /**
     * Starts the next checkpoint if it is due.
     *
     * @param nowMillis processing time now
     * @return the id of the latest checkpoint started (a participant that has not injected or
     *     taken it yet does so now); 0 or an id it handled already when none is due
     * @throws CheckpointException if the checkpoint's directory cannot be created
     */
    public long pollTrigger(final long nowMillis) {
        if (nowMillis >= nextDueMillis) {
            trigger(nowMillis);
        }
        return triggeredId;
    }

    private synchronized void trigger(final long nowMillis) {
        if (finished || nowMillis < nextDueMillis) {
            return;
        }
        final long id = lastId + 1;
        try {
            directory.create(id);
        } catch (IOException e) {
            throw new CheckpointException("cannot create checkpoint directory " + directory.checkpointDir(id) + ": " + e, e);
        }
        lastId = id;
        pendingId = id;
        pendingAcks = 0;
        pendingFiles.clear();
        nextDueMillis = Long.MAX_VALUE;
        triggeredId = id;
    }

    /**
     * @return when the next checkpoint is due, in processing time; {@link Long#MAX_VALUE} while one
     *     is under way or once the inputs ended
     */
    public synchronized long nextDueMillis() {
        return finished ? Long.MAX_VALUE : nextDueMillis;
    }

    /** @return the id of the latest checkpoint started (or the one restored from), 0 if none */
    public long triggeredCheckpointId() {
        return triggeredId;
    }

    /**
     * @param checkpointId a started checkpoint
     * @return the directory its participants write their files into
     */
    public Path checkpointDir(final long checkpointId) {
        return directory.checkpointDir(checkpointId);
    }

    /**
     * Records what a checkpointed operator is (its window assigner, trigger, state...), for every
     * manifest to carry; before the pipeline runs, once per operator, in pipeline order.
     *
     * @param operatorId the operator's checkpoint name
     * @param aspects each aspect's description, in a stable order
     */
    public synchronized void describe(final String operatorId, final Map<String, String> aspects) {
        fingerprint.put(operatorId, new LinkedHashMap<>(aspects));
    }

    /** @return the job's number of key groups */
    public int maxParallelism() {
        return maxParallelism;
    }

    /**
     * A participant has written its snapshot of a checkpoint. The last one writes the manifest.
     *
     * @param checkpointId the checkpoint
     * @param files what the participant wrote, forced to disk
     * @param nowMillis processing time now; the next checkpoint is due an interval after completion
     * @throws CheckpointException if the manifest cannot be written
     */
    public synchronized void acknowledge(final long checkpointId, final List<CheckpointFile> files, final long nowMillis) {
        if (checkpointId != pendingId || finished) {
            return; // abandoned
        }
        pendingFiles.addAll(files);
        if (++pendingAcks < participants) {
            return;
        }
        pendingFiles.sort(MANIFEST_ORDER);
        final Manifest manifest = new Manifest(checkpointId, nowMillis, maxParallelism, fingerprint, pendingFiles);
        listener.committing(checkpointId);
        try {
            manifest.writeTo(directory.checkpointDir(checkpointId));
            directory.retain(checkpointId, RETAINED);
        } catch (IOException | RuntimeException e) {
            throw new CheckpointException("cannot complete checkpoint " + checkpointId + " in " + directory.checkpointDir(checkpointId)
                    + ": " + e, e);
        }
        pendingId = 0;
        pendingFiles.clear();
        completedId = checkpointId;
        nextDueMillis = nowMillis + intervalMillis;
        notifyAll();
        listener.completed(checkpointId);
    }

    /** A participant's input has ended: no checkpoint starts any more; the one in flight is abandoned. */
    public synchronized void participantFinished() {
        final long abandoned = finished ? 0 : pendingId;
        finished = true;
        pendingId = 0;
        pendingFiles.clear();
        nextDueMillis = Long.MAX_VALUE;
        notifyAll();
        if (abandoned != 0) {
            listener.abandoned(abandoned);
        }
    }

    /** @return the id of the last checkpoint completed (or restored from), 0 if none */
    public long completedCheckpointId() {
        return completedId;
    }

    /**
     * @param checkpointId a checkpoint id
     * @param timeout how long to wait at most
     * @return true once a checkpoint with at least that id completed; false after the timeout,
     *     or as soon as no checkpoint can start any more
     * @throws InterruptedException if interrupted while waiting
     */
    public synchronized boolean awaitCompleted(final long checkpointId, final Duration timeout) throws InterruptedException {
        final long deadline = SystemNanoClock.INSTANCE.nanos() + timeout.toNanos();
        while (completedId < checkpointId && !finished) {
            final long leftNanos = deadline - SystemNanoClock.INSTANCE.nanos();
            if (leftNanos <= 0) {
                return false;
            }
            wait(Math.max(1, leftNanos / 1_000_000));
        }
        return completedId >= checkpointId;
    }

    /** @return the checkpoint directory */
    public CheckpointDirectory directory() {
        return directory;
    }
}
