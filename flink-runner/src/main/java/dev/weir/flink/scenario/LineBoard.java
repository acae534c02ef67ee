package dev.weir.flink.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Where the sinks of a scenario job put what they receive, in the JVM that runs the job (a local
 * MiniCluster): the lines in the order the window operator emitted them, and the count of records
 * dropped as late, and the source's word that a channel without an end has emitted all its rows.
 * One board per run, found by its id, which the sinks and the source carry. Thread-safe.
 *
 * <p>The lines of a two-input join at parallelism above 1 come from several subtasks at once. Each
 * subtask counts its epochs: a new one starts at each watermark its operator takes and after each
 * source step's marker, which every subtask sees in the same order (the lock-step lets one step
 * through at a time). Such lines go out epoch by epoch, subtask by subtask within an epoch, which
 * is the order Weir's scheduler prints the lines of parallel instances in.
 */
final class LineBoard {
    private static final Map<String, LineBoard> BOARDS = new ConcurrentHashMap<>();

    private final String id;
    private final Queue<Entry> lines = new ConcurrentLinkedQueue<>();
    private final AtomicLong added = new AtomicLong();
    private final AtomicLongArray epochs = new AtomicLongArray(RowDone.MAX_PARALLELISM);
    private final AtomicLong lateDropped = new AtomicLong();
    private final CompletableFuture<Void> rowsEmitted = new CompletableFuture<>();
    private final LockStep lockStep = new LockStep();
    private final AtomicLong sourcesEmitted = new AtomicLong();

    private LineBoard(final String id) {
        this.id = id;
    }

    /** @return a new, registered board; {@link #close} it when the run is over */
    static LineBoard open() {
        final LineBoard board = new LineBoard(UUID.randomUUID().toString());
        BOARDS.put(board.id, board);
        return board;
    }

    /**
     * @param id a board's id
     * @return the board
     * @throws IllegalStateException if no open board has this id (the job runs in another JVM)
     */
    static LineBoard of(final String id) {
        final LineBoard board = BOARDS.get(id);
        if (board == null) {
            throw new IllegalStateException("no scenario board " + id + " in this JVM: a scenario job runs on a local MiniCluster");
        }
        return board;
    }

    /** @return the id sinks use to find this board */
    String id() {
        return id;
    }

    /** @param line a line the job printed (a one-input job, or an operator at parallelism 1) */
    void add(final String line) {
        lines.add(new Entry(0, 0, added.getAndIncrement(), line));
    }

    /**
     * @param subtask the subtask of a two-input join that printed the line
     * @param line the line, which goes out in that subtask's current epoch
     */
    void add(final int subtask, final String line) {
        lines.add(new Entry(epochs.get(subtask), subtask, added.getAndIncrement(), line));
    }

    /** @param subtask a subtask of a two-input join, which starts a new epoch: it took a watermark, or a step's marker */
    void nextEpoch(final int subtask) {
        epochs.incrementAndGet(subtask);
    }

    /** Counts one record dropped as late. */
    void dropLate() {
        lateDropped.incrementAndGet();
    }

    /** Tells the run that the source has emitted every row of a channel that does not end. */
    void allRowsEmitted() {
        rowsEmitted.complete(null);
    }

    /**
     * Tells the run that one of a two-input job's sources has emitted its rows; the second one
     * completes {@link #rowsEmitted}.
     */
    void inputRowsEmitted() {
        if (sourcesEmitted.incrementAndGet() == 2) {
            rowsEmitted.complete(null);
        }
    }

    /** @return how a two-input job's sources take turns */
    LockStep lockStep() {
        return lockStep;
    }

    /** @return completes when the source has emitted every row of a channel that does not end */
    CompletableFuture<Void> rowsEmitted() {
        return rowsEmitted;
    }

    /** @return the lines so far, in emission order (a two-input join's epoch by epoch, subtask by subtask) */
    List<String> lines() {
        final List<Entry> entries = new ArrayList<>(lines);
        entries.sort(Comparator.comparingLong(Entry::epoch).thenComparingInt(Entry::subtask).thenComparingLong(Entry::order));
        final List<String> out = new ArrayList<>(entries.size());
        for (final Entry entry : entries) {
            out.add(entry.line());
        }
        return out;
    }

    /** @return the records dropped as late so far */
    long lateDropped() {
        return lateDropped.get();
    }

    /** Unregisters the board. */
    void close() {
        BOARDS.remove(id);
    }

    /** A line with where it goes: its subtask's epoch, the subtask, and the order it arrived in. */
    private record Entry(long epoch, int subtask, long order, String line) {
    }
}
