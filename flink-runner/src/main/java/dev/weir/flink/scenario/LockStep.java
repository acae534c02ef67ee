package dev.weir.flink.scenario;

import java.util.concurrent.CompletableFuture;

/**
 * How the two sources of a two-input scenario job take turns, in the JVM that runs the job: each
 * source tells the next step it will take (a tick before a row, or one of its own rows), and takes
 * it only once every earlier step of the other source is through the operator that meets both
 * inputs, every subtask of which acknowledges each step when the source's marker for it arrives
 * ({@link RowDone}). Steps are ordered by row,
 * then tick (a row after the ticks due before it), then input (left first), so the operator sees
 * the interleaving the element file's rows fix, whatever the tasks' timing. Thread-safe.
 */
final class LockStep {
    /** Marks the step "after every row": a source with nothing left to do. */
    static final int DONE = Integer.MAX_VALUE;

    private final int[] pendingRow = new int[2];
    private final long[] pendingTick = {Long.MIN_VALUE, Long.MIN_VALUE};
    private final boolean[] told = new boolean[2];
    private final long[] acknowledged = new long[2];
    private CompletableFuture<Void> changed = new CompletableFuture<>();

    /**
     * @param input 0 (left) or 1 (right)
     * @param row the step's row
     * @param tick the step's tick, {@code Long.MAX_VALUE} for the row itself
     */
    synchronized void pending(final int input, final int row, final long tick) {
        pendingRow[input] = row;
        pendingTick[input] = tick;
        told[input] = true;
        change();
    }

    /**
     * @param input 0 (left) or 1 (right), whose next step is the one it last told
     * @return whether every earlier step of the other input is through the operator
     */
    synchronized boolean mayRun(final int input) {
        final int other = 1 - input;
        if (!told[other]) {
            return false;
        }
        if (pendingRow[input] != pendingRow[other]) {
            return pendingRow[input] < pendingRow[other];
        }
        if (pendingTick[input] != pendingTick[other]) {
            return pendingTick[input] < pendingTick[other];
        }
        return input < other || pendingRow[input] == DONE;
    }

    /** @param input 0 (left) or 1 (right): a subtask of the operator has handled that source's last step */
    synchronized void acknowledge(final int input) {
        acknowledged[input]++;
        change();
    }

    /**
     * @param input 0 (left) or 1 (right)
     * @return the markers of that source the operator's subtasks have acknowledged (one per subtask and step)
     */
    synchronized long acknowledged(final int input) {
        return acknowledged[input];
    }

    /** @return completes at the next change (a step told or acknowledged) */
    synchronized CompletableFuture<Void> changed() {
        return changed;
    }

    private void change() {
        final CompletableFuture<Void> done = changed;
        changed = new CompletableFuture<>();
        done.complete(null);
    }
}
