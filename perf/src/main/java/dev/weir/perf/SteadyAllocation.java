package dev.weir.perf;

import dev.weir.perf.harness.ThreadAllocation;

/**
 * Bytes a thread allocated per unit of work in the steady part of a run: between the first sample and the last
 * sample taken before the work was done, so that set-up before the work and the flush after it are left out.
 * The samples are taken on the measured thread (where the output of a replay arrives); each reads the thread's
 * allocation counter and how much work was done. Not thread-safe: the measured thread owns it.
 */
public final class SteadyAllocation {
    private final long totalUnits;
    private long firstBytes = -1;
    private long firstUnits;
    private long lastBytes;
    private long lastUnits;

    /** @param totalUnits the units of work of the whole run (messages, bytes read) */
    public SteadyAllocation(final long totalUnits) {
        this.totalUnits = totalUnits;
    }

    /**
     * Takes a sample on the calling thread; samples taken once all the work is done are ignored.
     *
     * @param unitsDone the work done so far
     */
    public void sample(final long unitsDone) {
        if (unitsDone >= totalUnits) {
            return;
        }
        final long bytes = ThreadAllocation.currentThreadAllocatedBytes();
        if (firstBytes < 0) {
            firstBytes = bytes;
            firstUnits = unitsDone;
        }
        lastBytes = bytes;
        lastUnits = unitsDone;
    }

    /**
     * @param unitsPerWorkUnit how many of the reported units (e.g. messages) one unit of work (e.g. a byte read) is worth
     * @return bytes allocated between the first and last sample per reported unit, NaN without two distinct samples
     */
    public double bytesPer(final double unitsPerWorkUnit) {
        final long units = lastUnits - firstUnits;
        return units <= 0 ? Double.NaN : (lastBytes - firstBytes) / (units * unitsPerWorkUnit);
    }
}
