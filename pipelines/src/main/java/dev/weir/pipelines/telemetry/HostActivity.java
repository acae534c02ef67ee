package dev.weir.pipelines.telemetry;

import java.util.Arrays;

/**
 * What {@code silent-hosts} keeps per host: the last packet time taken in event-time order, whether its silence
 * has been reported, the deadline timer registered for it, and the packet times that arrived but are still ahead
 * of the watermark (sorted, each millisecond once), to be taken in order as the watermark passes them. Mutable,
 * with no final fields, so that keyed state reads it back into the same object. Not thread-safe: state of one task.
 */
final class HostActivity {
    /** No time: no packet taken yet, or no deadline timer registered. */
    static final long NONE = Long.MIN_VALUE;

    private static final int INITIAL_CAPACITY = 8;

    private long lastSeen = NONE;
    private boolean silenceReported;
    private long deadlineTimer = NONE;
    private long[] pending = new long[INITIAL_CAPACITY];
    private int head;
    private int size;

    /** @return the time of the last packet taken, or {@link #NONE} */
    long lastSeen() {
        return lastSeen;
    }

    /** @return whether the silence after {@link #lastSeen()} has been reported */
    boolean silenceReported() {
        return silenceReported;
    }

    void silenceReported(final boolean reported) {
        this.silenceReported = reported;
    }

    /** @return the deadline timer registered and not yet fired, or {@link #NONE} */
    long deadlineTimer() {
        return deadlineTimer;
    }

    void deadlineTimer(final long time) {
        this.deadlineTimer = time;
    }

    /** @param time a packet of the host that arrived ahead of the watermark; kept in time order, each millisecond once */
    void addPending(final long time) {
        makeRoom();
        int index = head + size;
        if (size > 0 && time <= pending[index - 1]) {
            final int found = Arrays.binarySearch(pending, head, head + size, time);
            if (found >= 0) {
                return; // one packet per millisecond is all the gaps need
            }
            index = -found - 1;
        }
        System.arraycopy(pending, index, pending, index + 1, head + size - index);
        pending[index] = time;
        size++;
    }

    /** @return whether packets wait for the watermark */
    boolean hasPending() {
        return size > 0;
    }

    /** @return the earliest waiting packet's time; only when {@link #hasPending()} */
    long firstPending() {
        return pending[head];
    }

    /**
     * Takes the earliest waiting packet: it becomes {@link #lastSeen()}, whose silence is not reported yet.
     *
     * @return its time
     */
    long takePending() {
        final long time = pending[head];
        head++;
        size--;
        if (size == 0) {
            head = 0;
        }
        lastSeen = time;
        silenceReported = false;
        return time;
    }

    /** Leaves room for one more time at the end: moves the waiting times to the front, or doubles the array. */
    private void makeRoom() {
        if (head + size < pending.length) {
            return;
        }
        if (head > 0) {
            System.arraycopy(pending, head, pending, 0, size);
            head = 0;
        } else {
            pending = Arrays.copyOf(pending, pending.length * 2);
        }
    }
}
