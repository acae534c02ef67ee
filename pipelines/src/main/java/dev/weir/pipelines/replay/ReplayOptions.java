package dev.weir.pipelines.replay;

import dev.weir.codec.capture.DatagramFilter;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How {@code weir replay} runs: the capture files in order, which datagrams to keep, the watermarks' bound on
 * out-of-orderness, the pace, whether faults are skipped, and the state backend. Immutable; start from
 * {@link #of(List)} and change with the {@code with} methods.
 *
 * @param files the capture files, replayed one after the other
 * @param filter the datagrams to keep
 * @param outOfOrdernessMillis the bounded out-of-orderness of the watermarks (watermark = max - bound - 1)
 * @param pace the virtual clock (default) or a pace on the system clock
 * @param skipBad whether faults become counted warnings instead of stopping the replay
 * @param stateBackend where keyed window state lives
 */
public record ReplayOptions(List<Path> files, DatagramFilter filter, long outOfOrdernessMillis, ReplayPace pace, boolean skipBad,
        StateBackend stateBackend) {
    /** The bound on out-of-orderness when none is given: one second. */
    public static final long DEFAULT_OUT_OF_ORDERNESS_MILLIS = 1_000;

    /** Checks the options. */
    public ReplayOptions {
        files = List.copyOf(files);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("a replay needs at least one capture file");
        }
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(pace, "pace");
        Objects.requireNonNull(stateBackend, "stateBackend");
        if (outOfOrdernessMillis < 0) {
            throw new IllegalArgumentException("the out-of-orderness must not be negative: " + outOfOrdernessMillis);
        }
    }

    /**
     * @param files the capture files, in the order to replay them
     * @return every datagram kept, 1 s out-of-orderness, the virtual clock, faults stop the replay, heap state
     */
    public static ReplayOptions of(final List<Path> files) {
        return new ReplayOptions(files, DatagramFilter.any(), DEFAULT_OUT_OF_ORDERNESS_MILLIS, ReplayPace.virtual(), false,
                HeapStateBackend.INSTANCE);
    }

    /** @param kept the datagrams to keep @return the changed options */
    public ReplayOptions withFilter(final DatagramFilter kept) {
        return new ReplayOptions(files, kept, outOfOrdernessMillis, pace, skipBad, stateBackend);
    }

    /** @param millis the bound on out-of-orderness @return the changed options */
    public ReplayOptions withOutOfOrderness(final long millis) {
        return new ReplayOptions(files, filter, millis, pace, skipBad, stateBackend);
    }

    /** @param replayPace the pace @return the changed options */
    public ReplayOptions withPace(final ReplayPace replayPace) {
        return new ReplayOptions(files, filter, outOfOrdernessMillis, replayPace, skipBad, stateBackend);
    }

    /** @param skip whether faults become counted warnings @return the changed options */
    public ReplayOptions withSkipBad(final boolean skip) {
        return new ReplayOptions(files, filter, outOfOrdernessMillis, pace, skip, stateBackend);
    }

    /** @param backend where keyed window state lives @return the changed options */
    public ReplayOptions withStateBackend(final StateBackend backend) {
        return new ReplayOptions(files, filter, outOfOrdernessMillis, pace, skipBad, backend);
    }
}
