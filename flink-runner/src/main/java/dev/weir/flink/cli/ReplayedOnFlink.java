package dev.weir.flink.cli;

/**
 * What a replay on Flink ({@link FlinkReplay}) did: the rows it printed and the records its late side outputs
 * received (counted in this JVM, where the side outputs' sinks run).
 *
 * @param pipeline the reference pipeline's name
 * @param rows the rows printed
 * @param lateRecords the records that reached a late side output
 */
public record ReplayedOnFlink(String pipeline, long rows, long lateRecords) {
    /** @return one summary line for standard error, e.g. {@code ohlcv on flink: 12 rows, 0 late records} */
    public String summary() {
        return pipeline + " on flink: " + rows + " rows, " + lateRecords + " late records";
    }
}
