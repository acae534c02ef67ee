package dev.weir.flink.bench;

import dev.weir.runtime.sink.Sink;

/**
 * A sink that keeps only a digest of {@link ThroughputPipeline}'s results, independent of their
 * order: how many, the records and the sum they cover, and a checksum over each result's
 * window end, count and sum. Two runs with equal digests produced the same results (up to a
 * checksum collision). Thread-safe: results may come from several threads.
 */
final class ResultDigest implements Sink<Object> {
    private long results;
    private long records;
    private long sum;
    private long checksum;

    @Override
    public synchronized void accept(final Object value, final long timestamp) {
        final long[] countAndSum = (long[]) value;
        results++;
        records += countAndSum[0];
        sum += countAndSum[1];
        // a mix of the three, summed: the same set of results gives the same checksum in any order
        long mixed = (timestamp * 0x9E3779B97F4A7C15L + countAndSum[0]) * 0xC2B2AE3D27D4EB4FL + countAndSum[1];
        mixed ^= mixed >>> 29;
        checksum += mixed * 0x165667B19E3779F9L;
    }

    /** @return the number of results */
    synchronized long results() {
        return results;
    }

    /** @return the records counted over all results */
    synchronized long records() {
        return records;
    }

    /** @return the digest, as {@code results=R records=N sum=S checksum=C} */
    @Override
    public synchronized String toString() {
        return "results=" + results + " records=" + records + " sum=" + sum + " checksum=" + Long.toHexString(checksum);
    }
}
